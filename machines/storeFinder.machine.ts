/**
 * /store (spec section 2: "store finder"; issue 18, decision 0040): the stores and dealers, all at first, then by state
 * and city, or the nearest to a ZIP code with their distance; listed and marked on the map.
 */
import { assign, fromPromise, setup } from 'xstate';
import { zipQueryField, type StoreAnswer } from '../src/contract/places';
import { toProblem, type Problem } from './login.machine';

export interface StoreQuery {
  state?: string;
  city?: string;
  zip?: string;
}
export interface StoreFinderContext {
  state: string;
  city: string;
  zip: string;
  fieldErrors: string[];
  /** What the last search asked (a retry asks it again). */
  query: StoreQuery;
  answer: StoreAnswer | null;
  problem: Problem | null;
}
export type StoreFinderEvent =
  | { type: 'area.choose'; state: string; city: string }
  | { type: 'zip.change'; value: string }
  | { type: 'search.byZip' }
  | { type: 'search.retry' };

export const zipProblems = (zip: string): string[] => {
  const result = zipQueryField.safeParse(zip);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))];
};
const answerOf = (event: unknown) => (event as { output: StoreAnswer }).output;

const choosing = {
  'area.choose': { target: '#storeFinder.searching', actions: 'askByArea', description: 'Issue 18: "stores by state and city": a state (and a city of it) chosen lists its stores; no state lists them all.' },
  'zip.change': { actions: 'rememberZip', description: 'Issue 18: the customer types a ZIP code; nothing typed is lost.' },
  'search.byZip': [
    { guard: 'zipValid', target: '#storeFinder.searching', actions: 'askByZip', description: 'Issue 18: "by distance from a ZIP code": the nearest stores, nearest first.' },
    { target: '#storeFinder.listed', actions: 'markZip', description: 'Spec section 5: "US zip 5 digits": refused in the user\'s language, what was typed kept.' },
  ],
} as const;

export const storeFinderMachine = setup({
  types: { context: {} as StoreFinderContext, events: {} as StoreFinderEvent },
  actors: {
    searchStores: fromPromise<StoreAnswer, StoreQuery>(() => Promise.reject(new Error('provided by the host'))),
  },
  guards: {
    zipValid: ({ context }) => zipProblems(context.zip).length === 0,
    zipNotPlaced: ({ event }) => answerOf(event).kind === 'zipUnknown',
    noStores: ({ event }) => answerOf(event).stores.length === 0,
  },
  actions: {
    askByArea: assign(({ event }) => (event.type === 'area.choose'
      ? { state: event.state, city: event.city, zip: '', fieldErrors: [], problem: null, query: event.state ? { state: event.state, ...(event.city ? { city: event.city } : {}) } : {} }
      : {})),
    askByZip: assign(({ context }) => ({ state: '', city: '', fieldErrors: [], problem: null, query: { zip: context.zip.trim() } })),
    rememberZip: assign(({ event }) => (event.type === 'zip.change' ? { zip: event.value, fieldErrors: [] } : {})),
    markZip: assign(({ context }) => ({ fieldErrors: zipProblems(context.zip) })),
    keepAnswer: assign(({ event }) => ({ answer: answerOf(event) })),
    clearProblem: assign({ problem: null }),
    showProblem: assign(({ event }) => ({ problem: toProblem((event as { error?: unknown }).error) })),
  },
}).createMachine({
  id: 'storeFinder',
  description: 'Issue 18: "/store: stores by state and city and by distance from a ZIP code, from seeded stores."',
  context: { state: '', city: '', zip: '', fieldErrors: [], query: {}, answer: null, problem: null },
  initial: 'searching',
  states: {
    searching: {
      description: 'Technical: the gateway lists the stores asked for (all of them when the page opens).',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'searchStores', src: 'searchStores', input: ({ context }) => context.query,
        onDone: [
          { guard: 'zipNotPlaced', target: 'zipUnknown', actions: 'keepAnswer', description: 'A ZIP code no state has: said so, the ZIP kept.' },
          { guard: 'noStores', target: 'noStores', actions: 'keepAnswer', description: 'No store there.' },
          { target: 'listed', actions: 'keepAnswer', description: 'The stores, listed and marked on the map.' },
        ],
        onError: { target: 'failed', actions: 'showProblem', description: 'The search failed (network, gateway): said so, the choice kept.' },
      },
    },
    listed: {
      description: 'Spec section 2: "store finder"; issue 18: each store\'s name, address, phone, hours, languages spoken and services, with its distance when searched by ZIP code.',
      on: choosing,
    },
    noStores: {
      description: 'Spec section 8: "no related content or record": no store in that state or city.',
      on: choosing,
    },
    zipUnknown: {
      description: 'Issue 18: a ZIP code the data cannot place (no US state has it): the customer checks it or chooses a state.',
      on: choosing,
    },
    failed: {
      description: 'Spec section 8 (network error): the stores could not be listed; the customer can try again.',
      on: {
        ...choosing,
        'search.retry': { target: 'searching', actions: 'clearProblem', description: 'Issue 18: the same search again.' },
      },
    },
  },
});
