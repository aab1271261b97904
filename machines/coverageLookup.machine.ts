/**
 * /coverage (spec section 2; issue 18, decision 0040): the customer types a ZIP code or a city (English or Chinese)
 * and reads the coverage there, in words and on the map; a ZIP the data has no row for is answered with the nearest
 * places it has, by distance; nothing typed is lost, whatever the answer.
 */
import { assign, fromPromise, setup } from 'xstate';
import { placeQueryField, type CoverageResponse } from '../src/contract/places';
import { toProblem, type Problem } from './login.machine';

export interface CoverageLookupContext {
  place: string;
  fieldErrors: string[];
  /** The answer shown, and what was searched for it (the field may have changed since). */
  answer: CoverageResponse | null;
  searched: string;
  problem: Problem | null;
}
export type CoverageLookupEvent =
  | { type: 'place.change'; value: string }
  | { type: 'search.submit' }
  | { type: 'search.retry' };

export const placeProblems = (place: string): string[] => {
  const result = placeQueryField.safeParse(place);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))];
};
const answerOf = (event: unknown) => (event as { output: CoverageResponse }).output;

const typing = {
  'place.change': { actions: 'rememberTyping', description: 'Issue 18: the customer types a ZIP code or a city; nothing typed is lost.' },
  'search.submit': [
    { guard: 'placeValid', target: '#coverageLookup.searching', actions: 'clearProblems', description: 'Issue 18: a 5-digit ZIP code, or a city in English or Chinese: the coverage is looked up.' },
    { target: '#coverageLookup.entering', actions: 'markPlace', description: 'Spec section 5 ("US zip 5 digits"): anything else is refused in the user\'s language, what was typed kept.' },
  ],
} as const;

export const coverageLookupMachine = setup({
  types: { context: {} as CoverageLookupContext, events: {} as CoverageLookupEvent },
  actors: {
    lookupCoverage: fromPromise<CoverageResponse, { place: string }>(() => Promise.reject(new Error('provided by the host'))),
  },
  guards: {
    placeValid: ({ context }) => placeProblems(context.place).length === 0,
    answeredWithCoverage: ({ event }) => ['zip', 'city'].includes(answerOf(event).result.kind),
    answeredWithNearest: ({ event }) => answerOf(event).result.kind === 'nearest',
  },
  actions: {
    rememberTyping: assign(({ event }) => (event.type === 'place.change' ? { place: event.value, fieldErrors: [] } : {})),
    markPlace: assign(({ context }) => ({ fieldErrors: placeProblems(context.place) })),
    clearProblems: assign(({ context }) => ({ problem: null, fieldErrors: [], searched: context.place.trim() })),
    keepAnswer: assign(({ event }) => ({ answer: answerOf(event) })),
    showProblem: assign(({ event }) => ({ problem: toProblem((event as { error?: unknown }).error) })),
  },
}).createMachine({
  id: 'coverageLookup',
  description: 'Issue 18: "/coverage: coverage by ZIP code or city, drawn on a map that needs no third-party tiles, from a seeded coverage data set."',
  context: { place: '', fieldErrors: [], answer: null, searched: '', problem: null },
  initial: 'entering',
  states: {
    entering: {
      description: 'Issue 18: "coverage by ZIP code or city": the customer types one (spec section 1: "coverage lookup").',
      on: typing,
    },
    searching: {
      description: 'Technical: the gateway looks the place up in the coverage data.',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'lookupCoverage', src: 'lookupCoverage', input: ({ context }) => ({ place: context.place }),
        onDone: [
          { guard: 'answeredWithCoverage', target: 'covered', actions: 'keepAnswer', description: 'The ZIP code or city is in the data: its coverage is shown.' },
          { guard: 'answeredWithNearest', target: 'nearestShown', actions: 'keepAnswer', description: 'A ZIP code the data has no row for: the nearest places it has.' },
          { target: 'notFound', actions: 'keepAnswer', description: 'No place by that name, or a ZIP code no state has.' },
        ],
        onError: { target: 'failed', actions: 'showProblem', description: 'The lookup failed (network, gateway): said so, what was typed kept.' },
      },
    },
    covered: {
      description: 'Issue 18: the place\'s coverage (5G, 4G LTE, 3G/2G fallback or none; indoor and outdoor signal) in words, and marked on the map.',
      on: typing,
    },
    nearestShown: {
      description: 'Issue 18: "no data for this ZIP; here is the nearest we know", by distance from where the ZIP is.',
      on: typing,
    },
    notFound: {
      description: 'Spec section 8: "no related content or record" for an empty search: no place by that name in the data.',
      on: typing,
    },
    failed: {
      description: 'Spec section 8 (network error): the lookup could not be made; the customer can try again.',
      on: {
        ...typing,
        'search.retry': { target: 'searching', actions: 'clearProblems', description: 'Issue 18: try the same search again.' },
      },
    },
  },
});
