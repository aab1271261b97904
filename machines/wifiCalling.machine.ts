/**
 * /personal/wificall (spec section 2): Wi-Fi calling's E911 address, shown and changed. Spec section 3 (Activation
 * form): "E911 address (country, address 1, address 2, city, state, zip)"; section 5: "US zip 5 digits and matches
 * state". The change is provisioned on the network, which may refuse the address (e911Invalid).
 */
import { assign, fromPromise, setup } from 'xstate';
import { e911AddressSchema, type E911AddressInput } from '../src/contract/activation';
import type { WifiCallInfo } from '../src/contract/portal';
import { toProblem, type Problem } from './login.machine';

export type E911Field = 'address1' | 'address2' | 'city' | 'state' | 'zip';
export type E911Draft = Record<E911Field, string>;
export type E911Errors = Partial<Record<E911Field, string[]>>;

export interface WifiCallingContext {
  info: WifiCallInfo | null;
  draft: E911Draft;
  fieldErrors: E911Errors;
  problem: Problem | null;
  /** The address was just saved: the page says so. */
  saved: boolean;
}

export type WifiCallingEvent =
  | { type: 'wifiCall.retry' }
  | { type: 'address.edit' }
  | { type: 'address.cancel' }
  | { type: 'field.change'; field: E911Field; value: string }
  | { type: 'address.submit'; draft: E911Draft };

export const EMPTY_DRAFT: E911Draft = { address1: '', address2: '', city: '', state: '', zip: '' };

export const toAddress = (d: E911Draft): E911AddressInput => ({ country: 'US', ...d, address2: d.address2 || null });

/** The form's problems, by the gateway's own schema (one schema, both sides). */
export const e911Problems = (d: E911Draft): E911Errors => {
  const result = e911AddressSchema.safeParse(toAddress(d));
  if (result.success) return {};
  const out: E911Errors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    const field = (typeof key === 'string' && key !== 'country' ? key : 'address1') as E911Field;
    (out[field] ??= []).push(issue.message);
  }
  return out;
};

const draftOf = (info: WifiCallInfo | null): E911Draft => (info?.e911
  ? { address1: info.e911.address1, address2: info.e911.address2 ?? '', city: info.e911.city, state: info.e911.state, zip: info.e911.zip }
  : EMPTY_DRAFT);

export const wifiCallingMachine = setup({
  types: { context: {} as WifiCallingContext, events: {} as WifiCallingEvent },
  actors: {
    loadWifiCall: fromPromise<WifiCallInfo>(() => Promise.reject(new Error('provided by the host'))),
    saveE911: fromPromise<WifiCallInfo, E911AddressInput>(() => Promise.reject(new Error('provided by the host'))),
  },
  guards: {
    addressFollowsTheRules: ({ event }) => event.type === 'address.submit' && Object.keys(e911Problems(event.draft)).length === 0,
    networkRefusedTheAddress: ({ event }) => toProblem((event as { error?: unknown }).error).code === 'e911Invalid',
  },
  actions: {
    keepInfo: assign(({ event }) => {
      const info = (event as unknown as { output: WifiCallInfo }).output;
      return { info, draft: draftOf(info), problem: null };
    }),
    keepSaved: assign(({ event }) => {
      const info = (event as unknown as { output: WifiCallInfo }).output;
      return { info, draft: draftOf(info), problem: null, fieldErrors: {}, saved: true };
    }),
    startEditing: assign(({ context }) => ({ draft: draftOf(context.info), fieldErrors: {}, problem: null, saved: false })),
    rememberTyping: assign(({ context, event }) =>
      event.type === 'field.change' ? { draft: { ...context.draft, [event.field]: event.value }, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } } : {}),
    keepSubmitted: assign(({ event }) => (event.type === 'address.submit' ? { draft: event.draft, fieldErrors: {}, problem: null } : {})),
    markInvalidFields: assign(({ event }) => (event.type === 'address.submit' ? { draft: event.draft, fieldErrors: e911Problems(event.draft) } : {})),
    markAddressRefused: assign({ fieldErrors: { address1: ['errors:code.e911Invalid'] }, problem: null }),
    showProblem: assign({ problem: ({ event }) => toProblem((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'wifiCalling',
  description: 'Spec section 2: /personal/wificall; spec section 1: "free Wi-Fi calling". The E911 address tells emergency services where you are when you call 911 over Wi-Fi.',
  context: { info: null, draft: EMPTY_DRAFT, fieldErrors: {}, problem: null, saved: false },
  initial: 'loading',
  states: {
    loading: {
      description: 'Technical: reads the E911 address the network holds for the line.',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'loadWifiCall', src: 'loadWifiCall',
        onDone: { target: 'viewing', actions: 'keepInfo', description: 'The line and its E911 address are shown.' },
        onError: { target: 'loadFailed', actions: 'showProblem', description: 'Spec section 8: the error is shown (a line-less account: "no US line").' },
      },
    },
    loadFailed: {
      description: 'The address could not be read: the page says why and what to do next.',
      tags: ['technical'],
      on: { 'wifiCall.retry': { target: 'loading', description: 'Try again.' } },
    },
    viewing: {
      description: 'Issue 14: "the E911 address, view and change ... with the emergency-address warning".',
      on: { 'address.edit': { target: 'editing', actions: 'startEditing', description: 'Change the E911 address.' } },
    },
    editing: {
      description: 'Spec section 5: "US zip 5 digits and matches state"; each broken rule is shown next to its field.',
      on: {
        'field.change': { actions: 'rememberTyping', description: 'Nothing the customer typed is lost.' },
        'address.cancel': { target: 'viewing', description: 'Keep the address as it is.' },
        'address.submit': [
          { guard: 'addressFollowsTheRules', target: 'saving', actions: 'keepSubmitted', description: 'A complete US address whose ZIP matches its state is sent to the network.' },
          { actions: 'markInvalidFields', description: 'Each broken rule is shown next to its field.' },
        ],
      },
    },
    saving: {
      description: 'Technical: the network validates and provisions the address (Idempotency-Key: a retry provisions once).',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'saveE911', src: 'saveE911',
        input: ({ context }) => toAddress(context.draft),
        onDone: { target: 'viewing', actions: 'keepSaved', description: 'The network took the new address: it is shown, with a confirmation.' },
        onError: [
          { guard: 'networkRefusedTheAddress', target: 'editing', actions: 'markAddressRefused', description: 'The network could not verify the address (e911Invalid): the message is next to the street line, the form keeps what was typed.' },
          { target: 'editing', actions: 'showProblem', description: 'Another failure: the message is shown and the form keeps what was typed.' },
        ],
      },
    },
  },
});

export type WifiCallingMachine = typeof wifiCallingMachine;
