/**
 * Activation (spec section 2 /activation; section 3 "SIM" and "Activation form"; section 4 "Activation: ICCID and code,
 * then plan, pay, done; takes effect within 5 minutes to 24 hours. eSIM QR by email in about 5 minutes; porting 12-24
 * hours"; section 5; section 8 codes 120014-120023). Step 1 proves the customer holds the card, the card decides the
 * rest: no plan → the plan purchase (/activation/propagate), a US card → step 2 (/second, or /secondOffline for a
 * dealer's card), a global data SIM → /global/second; step 3 follows the activation and the port-in until they are done.
 * Pure: every call is a named actor, provided by src/app/flows/activation.ts (and by fakes in test/model).
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { DataOf } from '../src/contract/endpoint';
import type {
  ActivationSim, ActivationView, activationNumbers, activationSubmit, PortInCorrectionInput, SimCollected,
} from '../src/contract/activation';
import {
  areaCodeIsValid, correctionProblems, emptyDraft, emptyPort, formProblems, normalIccid, setDraftField, simProblems, toFormBody,
  toCorrectionBody,
  type ActivationDraft, type DraftChange, type FieldErrors, type PortDraft, type PortField, type SimDraft, type SimField,
} from './activationForm';

/**
 * What went wrong in a call: the catalogue code, the gateway's message, its HTTP status and what it adds (the field,
 * how long a locked card waits, how many activation codes may still be tried).
 */
export interface ActivationProblem {
  code: string; message: string; status: number; field: string | null; retryAfterSeconds: number | null; triesLeft: number | null;
}

const numberOr = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export const toActivationProblem = (error: unknown): ActivationProblem => {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; status?: unknown; data?: { field?: unknown; retryAfterSeconds?: unknown; triesLeft?: unknown } };
  return {
    code: typeof e.code === 'string' ? e.code : 'http',
    message: typeof e.message === 'string' ? e.message : '',
    status: typeof e.status === 'number' ? e.status : 0,
    field: typeof e.data?.field === 'string' ? e.data.field : null,
    retryAfterSeconds: numberOr(e.data?.retryAfterSeconds),
    triesLeft: numberOr(e.data?.triesLeft),
  };
};

/**
 * What a reload resumes from, kept by the host at stable states only (never while a check, a submit or a correction
 * is running): the card's token, the activation once submitted, and the step-2 draft without its secrets.
 */
export interface ActivationResume {
  version: 1;
  activationToken: string | null;
  activationId: string | null;
  collected: SimCollected | '';
  draft: ActivationDraft | null;
}
export const ACTIVATION_RESUME_VERSION = 1;

export interface ActivationInput { loggedIn: boolean }

export interface NumbersFound { areaCode: string; numbers: string[]; nearbyAreaCodes: string[] }

export type ActivationNotice = 'tokenExpired' | 'cardTaken' | 'numberTaken' | 'activationUnavailable' | 'portCorrected' | null;

export interface ActivationContext {
  loggedIn: boolean;
  /** Step 1 as typed. */
  sim: SimDraft;
  /** The card step 1 proved and its token (every later call carries it). */
  card: ActivationSim | null;
  activationToken: string | null;
  /** Step 2 as typed. */
  draft: ActivationDraft;
  /** Numbers offered in the last area code looked up. */
  numbers: NumbersFound | null;
  /** The area code being looked up. */
  areaCode: string;
  fieldErrors: FieldErrors;
  problem: ActivationProblem | null;
  /** Grows at every refused submit: the screen moves focus to the first error. */
  focusRequest: number;
  /** The submitted activation as the gateway last answered it. */
  activationId: string | null;
  activation: ActivationView | null;
  /** Status checks since the activation last moved (shown, corrected, or its line or port changed state). */
  statusChecks: number;
  /** The port-in correction as typed (step 3, /personal). */
  port: PortDraft;
  notice: ActivationNotice;
}

export type ActivationEvent =
  | { type: 'activation.open'; resume: ActivationResume | null }
  | { type: 'sim.change'; field: SimField; value: string }
  | { type: 'sim.check'; iccid: string; activationCode: string; collected: SimCollected | '' }
  | { type: 'sim.forget' }
  | { type: 'card.retry' }
  | ({ type: 'form.change' } & DraftChange)
  | { type: 'numbers.search'; areaCode: string }
  | { type: 'activation.submit'; draft: ActivationDraft }
  | { type: 'status.refresh' }
  | { type: 'portIn.change'; field: PortField; value: string }
  | { type: 'portIn.submit'; port: PortDraft }
  | { type: 'activation.another' };

export interface CheckSimInput { iccid: string; activationCode: string; collected: SimCollected }
export interface SubmitInput { activationToken: string; form: ReturnType<typeof toFormBody> }
export interface StatusInput { activationId: string; activationToken: string | null }
export interface CorrectInput extends StatusInput { details: PortInCorrectionInput }

/**
 * Step 3 follows the line and the port until they settle (issue 12: "the page follows the line until it settles"). It
 * asks every 5 s for half a minute after anything moves (the page opens, a correction is sent, the line is activated,
 * the carrier takes the request), since the answer that follows comes within seconds (the network sandbox answers in
 * 5 s and the losing carrier in 15 s); then twice as long each time, at most a minute apart, for as long as the page
 * is open (porting takes up to 24 hours). A page shown again asks at once (status.refresh).
 */
export const STATUS_POLL_MS = 5_000;
export const STATUS_POLL_MAX_MS = 60_000;
/** Checks at STATUS_POLL_MS after a move, before the interval grows. */
export const STATUS_QUICK_CHECKS = 6;
export const statusPollDelay = (checks: number): number =>
  checks < STATUS_QUICK_CHECKS ? STATUS_POLL_MS : Math.min(STATUS_POLL_MAX_MS, STATUS_POLL_MS * 2 ** (checks - STATUS_QUICK_CHECKS + 1));

/** Whether an answer moved the activation on from what the page knew: the line's status, the port's state or its time. */
export const activationMoved = (before: ActivationView | null, after: ActivationView | null): boolean =>
  before?.simStatus !== after?.simStatus || before?.portIn?.state !== after?.portIn?.state || before?.portIn?.updatedAt !== after?.portIn?.updatedAt;

const hostProvides = <O, I>() => fromPromise<O, I>(() => Promise.reject(new Error('provided by the host (src/app/flows/activation.ts)')));
const outputOf = <T>(e: unknown) => (e as { output?: T }).output;
const codeOf = (e: unknown) => toActivationProblem((e as { error?: unknown }).error);
const isEmpty = (o: object) => Object.keys(o).length === 0;

const PORT_IN_PROGRESS = new Set(['submitted', 'pending', 'resubmitted']);
/** The line is still being set up, or its number still being ported. */
export const inProgress = (a: ActivationView | null): boolean =>
  a !== null && (a.simStatus === 'activating' || (a.portIn !== null && PORT_IN_PROGRESS.has(a.portIn.state)));
export const portNeedsInformation = (a: ActivationView | null): boolean => a?.portIn?.state === 'informationRequired';

/** Why the losing carrier refused the port, as the gateway last said: the correction must change that detail. */
const carrierReason = (c: ActivationContext) => c.activation?.portIn?.reason ?? null;

/**
 * The correction form starts from what the carrier was given, without the secrets (never sent back): left empty, the
 * account number and PIN are kept as they were (contract portInCorrectionFor).
 */
const portDraftOf = (a: ActivationView | null): PortDraft =>
  a?.portIn ? { ...emptyPort(), carrier: a.portIn.carrier, msisdn: a.portIn.msisdn, accountZip: a.portIn.accountZip } : emptyPort();

/** The activation an answer carries (activationSubmit wraps it with the login). */
const answeredView = (event: unknown): ActivationView | null => {
  const out = outputOf<ActivationView | { activation: ActivationView }>(event);
  if (!out) return null;
  return 'activation' in out ? out.activation : out;
};

/**
 * Where an answer about the activation leads on step 3: the port needs information, the line or the port is still in
 * progress (asked again shortly), or all is settled.
 */
const followAnswer = (actions: string[], why: string) => [
  { guard: 'answerNeedsInformation', target: '#activation.third.portInfoRequired', actions, description: `${why} Issue 4: "information required (wrong account number, wrong PIN, name or zip mismatch ...: the reason shown as the carrier gives it)".` },
  { guard: 'answerInProgress', target: '#activation.third.waiting', actions, description: `${why} Activating, or the port still pending: the page asks again shortly.` },
  { target: '#activation.third.settled', actions, description: `${why} Activated (and the number ported), or the port declined.` },
] as never;

/** Spec section 4: "Activation: ICCID and code, then plan, pay, done": the card an answer carries decides what comes next. */
const routeByCard = (actions: string[], why: string) => [
  { guard: 'cardHasActivation', target: '#activation.loadingActivation', actions, description: `${why} An activation was already submitted for this card: step 3 shows it.` },
  { guard: 'cardHasNoPlan', target: '#activation.needsPlan', actions, description: `${why} Spec section 8: "current ICCID has no plan": the customer chooses and pays a plan first (/activation/propagate).` },
  { target: '#activation.second', actions, description: `${why} Step 2: /activation/second (US card bought online), /activation/secondOffline (from a dealer), /activation/global/second (the global data SIM).` },
] as never;

const scopeOf = (c: ActivationContext) => ({ kind: c.card?.kind ?? 'us', loggedIn: c.loggedIn });

export const activationMachine = setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
    input: {} as ActivationInput,
  },
  actors: {
    /** activationCheckSim: the card and its activation token. */
    checkSim: hostProvides<ActivationSim & { activationToken: string }, CheckSimInput>(),
    /** activationSimInfo: the card of a token again (a reload, a return from the plan purchase). */
    loadCard: hostProvides<ActivationSim, { activationToken: string }>(),
    loadNumbers: hostProvides<DataOf<typeof activationNumbers>, { activationToken: string; areaCode: string }>(),
    /** activationSubmit with the Idempotency-Key the host keeps for this body; it keeps the login a registration answers. */
    submit: hostProvides<DataOf<typeof activationSubmit>, SubmitInput>(),
    loadStatus: hostProvides<ActivationView, StatusInput>(),
    correctPortIn: hostProvides<ActivationView, CorrectInput>(),
  },
  delays: {
    statusPoll: ({ context }) => statusPollDelay(context.statusChecks),
  },
  guards: {
    resumesActivation: ({ event }) => event.type === 'activation.open' && event.resume?.version === ACTIVATION_RESUME_VERSION
      && Boolean(event.resume.activationId),
    resumesCard: ({ event }) => event.type === 'activation.open' && event.resume?.version === ACTIVATION_RESUME_VERSION
      && Boolean(event.resume.activationToken),
    simFormIsValid: ({ event }) => event.type === 'sim.check' && isEmpty(simProblems(event)),
    cardHasActivation: ({ event }) => Boolean(outputOf<ActivationSim>(event)?.activationId),
    cardHasNoPlan: ({ event }) => outputOf<ActivationSim>(event)?.plan === null,
    hasActivationId: ({ context }) => context.activationId !== null,
    areaCodeIsValid: ({ context, event }) => event.type === 'numbers.search' && context.card?.kind === 'us' && areaCodeIsValid(event.areaCode),
    formIsValid: ({ context, event }) => event.type === 'activation.submit' && isEmpty(formProblems(event.draft, scopeOf(context))),
    numberWasTaken: ({ event }) => codeOf(event).code === 'numberTaken',
    cardWasTaken: ({ event }) => ['120014', '120020'].includes(codeOf(event).code),
    tokenHasExpired: ({ event }) => codeOf(event).code === 'activationTokenInvalid',
    usernameWasTaken: ({ event }) => codeOf(event).code === 'usernameTaken',
    portIsNotCorrectable: ({ event }) => codeOf(event).code === 'portInNotCorrectable',
    answerNeedsInformation: ({ event }) => portNeedsInformation(answeredView(event)),
    answerInProgress: ({ event }) => inProgress(answeredView(event)),
    correctionIsValid: ({ context, event }) => event.type === 'portIn.submit' && isEmpty(correctionProblems(event.port, carrierReason(context))),
  },
  actions: {
    open: assign(({ context, event }) => {
      if (event.type !== 'activation.open') return {};
      const r = event.resume?.version === ACTIVATION_RESUME_VERSION ? event.resume : null;
      return {
        activationToken: r?.activationToken ?? null,
        activationId: r?.activationId ?? null,
        sim: { ...context.sim, collected: r?.collected ?? '' },
        draft: r?.draft ? { ...emptyDraft(), ...r.draft, port: { ...emptyPort(), ...r.draft.port } } : context.draft,
      };
    }),
    rememberSimTyping: assign(({ context, event }) =>
      event.type === 'sim.change' ? { sim: { ...context.sim, [event.field]: event.value }, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } } : {}),
    keepSimTyped: assign(({ event }) =>
      event.type === 'sim.check' ? { sim: { iccid: event.iccid, activationCode: event.activationCode, collected: event.collected } } : {}),
    markInvalidSim: assign(({ context, event }) =>
      event.type === 'sim.check'
        ? { sim: { iccid: event.iccid, activationCode: event.activationCode, collected: event.collected }, fieldErrors: simProblems(event), focusRequest: context.focusRequest + 1, problem: null }
        : {}),
    clearProblems: assign({ fieldErrors: {}, problem: null, notice: null }),
    showProblem: assign(({ context, event }) => ({ problem: codeOf(event), focusRequest: context.focusRequest + 1 })),
    keepCheckedCard: assign(({ event }) => {
      const out = outputOf<ActivationSim & { activationToken: string }>(event);
      return { card: out ?? null, activationToken: out?.activationToken ?? null, activationId: out?.activationId ?? null };
    }),
    keepCard: assign(({ context, event }) => {
      const card = outputOf<ActivationSim>(event) ?? null;
      return {
        card, activationId: card?.activationId ?? context.activationId,
        sim: card ? { ...context.sim, iccid: card.iccid, collected: card.collected } : context.sim,
      };
    }),
    forgetCard: assign(({ context }) => ({
      card: null, activationToken: null, activationId: null, activation: null, numbers: null, areaCode: '',
      draft: emptyDraft(), port: emptyPort(), statusChecks: 0, sim: { ...context.sim, activationCode: '' },
    })),
    startOver: assign({
      card: null, activationToken: null, activationId: null, activation: null, numbers: null, areaCode: '',
      draft: emptyDraft(), port: emptyPort(), statusChecks: 0, sim: { iccid: '', activationCode: '', collected: '' },
      fieldErrors: {}, problem: null, notice: null,
    }),
    noticeTokenExpired: assign({ notice: 'tokenExpired' as ActivationNotice }),
    noticeCardTaken: assign({ notice: 'cardTaken' as ActivationNotice }),
    noticeUnavailable: assign({ notice: 'activationUnavailable' as ActivationNotice }),
    noticePortCorrected: assign({ notice: 'portCorrected' as ActivationNotice }),
    rememberTyping: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const { type: _t, ...change } = event;
      const problem = context.problem?.code === 'usernameTaken' && change.field === 'username' ? null : context.problem;
      return { draft: setDraftField(context.draft, change as DraftChange), fieldErrors: { ...context.fieldErrors, [change.field]: undefined }, problem };
    }),
    keepAreaCode: assign(({ context, event }) => (event.type === 'numbers.search'
      ? { areaCode: event.areaCode.trim(), fieldErrors: { ...context.fieldErrors, areaCode: undefined }, draft: { ...context.draft, areaCode: event.areaCode.trim() } }
      : {})),
    markInvalidAreaCode: assign(({ context, event }) => (event.type === 'numbers.search'
      ? { fieldErrors: { ...context.fieldErrors, areaCode: [event.areaCode.trim() ? 'validation:areaCode.invalid' : 'validation:areaCode.required'] }, focusRequest: context.focusRequest + 1 }
      : {})),
    keepNumbers: assign(({ context, event }) => {
      const found = outputOf<NumbersFound>(event) ?? null;
      // A number picked earlier stays picked only while it is still offered.
      const keep = found?.numbers.includes(context.draft.newNumber) ?? false;
      return { numbers: found, draft: keep ? context.draft : { ...context.draft, newNumber: '' } };
    }),
    forgetNumbers: assign({ numbers: null }),
    keepDraft: assign(({ event }) => (event.type === 'activation.submit' ? { draft: event.draft } : {})),
    markInvalidForm: assign(({ context, event }) => (event.type === 'activation.submit'
      ? { draft: event.draft, fieldErrors: formProblems(event.draft, scopeOf(context)), focusRequest: context.focusRequest + 1, problem: null }
      : {})),
    forgetPickedNumber: assign(({ context }) => ({ draft: { ...context.draft, newNumber: '' }, notice: 'numberTaken' as ActivationNotice })),
    searchNumbersAgain: enqueueActions(({ context, enqueue }) => {
      if (context.areaCode) enqueue.raise({ type: 'numbers.search', areaCode: context.areaCode });
    }),
    markUsernameTaken: assign(({ context }) => ({ fieldErrors: { ...context.fieldErrors, username: ['errors:code.usernameTaken'] }, focusRequest: context.focusRequest + 1 })),
    keepSubmitted: assign(({ event }) => {
      const out = outputOf<DataOf<typeof activationSubmit>>(event);
      return { activation: out?.activation ?? null, activationId: out?.activation.activationId ?? null, statusChecks: 0, port: portDraftOf(out?.activation ?? null) };
    }),
    keepStatus: assign(({ context, event }) => {
      const activation = outputOf<ActivationView>(event) ?? context.activation;
      const wasWaiting = portNeedsInformation(context.activation);
      return {
        activation, activationId: activation?.activationId ?? context.activationId, port: wasWaiting ? context.port : portDraftOf(activation),
        // Something moved: what follows it comes within seconds, so the page asks often again.
        statusChecks: activationMoved(context.activation, activation) ? 0 : context.statusChecks,
      };
    }),
    countStatusCheck: assign({ statusChecks: ({ context }) => context.statusChecks + 1 }),
    restartStatusChecks: assign({ statusChecks: 0 }),
    rememberPortTyping: assign(({ context, event }) => (event.type === 'portIn.change'
      ? { port: { ...context.port, [event.field]: event.value }, fieldErrors: { ...context.fieldErrors, [`port.${event.field}`]: undefined } }
      : {})),
    keepCorrection: assign(({ event }) => (event.type === 'portIn.submit' ? { port: event.port } : {})),
    markInvalidCorrection: assign(({ context, event }) => {
      if (event.type !== 'portIn.submit') return {};
      const errors = correctionProblems(event.port, carrierReason(context));
      return { port: event.port, fieldErrors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [`port.${k}`, v])), focusRequest: context.focusRequest + 1 };
    }),
    forgetCorrectionSecrets: assign(({ context }) => ({ port: { ...context.port, accountNumber: '', pin: '' } })),
  },
}).createMachine({
  id: 'activation',
  description: 'Spec section 2 /activation: "step 1 enter ICCID and activation code; step 2 choose new number or port-in, personal info, Wi-Fi calling with E911 address, sync-register account; step 3 success with referral sharing." Section 4: "Activation: ICCID and code, then plan, pay, done".',
  context: ({ input }) => ({
    loggedIn: input.loggedIn,
    sim: { iccid: '', activationCode: '', collected: '' },
    card: null, activationToken: null, draft: emptyDraft(), numbers: null, areaCode: '',
    fieldErrors: {}, problem: null, focusRequest: 0, activationId: null, activation: null, statusChecks: 0, port: emptyPort(), notice: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      description: 'The page says what a reload of this tab left behind (issue 4: "a reload resumes the flow where it was").',
      on: {
        'activation.open': [
          { guard: 'resumesActivation', target: 'loadingActivation', actions: 'open', description: 'An activation was submitted in this tab: step 3 shows where it stands (the submit is never run again).' },
          { guard: 'resumesCard', target: 'loadingCard', actions: 'open', description: 'A card was checked in this tab: it is read again from its token (it may have a plan now, or an activation).' },
          { target: 'first', actions: 'open', description: 'Spec section 2: "/activation (default /activation/first)": step 1.' },
        ],
      },
    },

    first: {
      description: 'Spec section 2 /activation/first, step 1: "enter ICCID and activation code"; section 5: "ICCID 19 digits. Activation code 6 digits."',
      initial: 'editing',
      states: {
        editing: {
          description: 'Spec section 2, Activation: "step 1 enter ICCID and activation code"; section 5: "ICCID 19 digits. Activation code 6 digits"; the customer says whether the card was bought online or from a store (/activation/secondOffline).',
          on: {
            'sim.change': { actions: 'rememberSimTyping', description: 'Nothing the customer typed is lost (STYLE.md).' },
            'sim.check': [
              { guard: 'simFormIsValid', target: 'checking', actions: ['keepSimTyped', 'clearProblems'], description: 'Spec section 5: "ICCID 19 digits" (with its check digit), "Activation code 6 digits": the gateway checks the card.' },
              { actions: 'markInvalidSim', description: 'Spec section 5 rules fail: each field shows its message, focus goes to the first, nothing typed is lost.' },
            ],
          },
        },
        checking: {
          description: 'activationCheckSim: the catalogue\'s codes 120014-120023, and the limit on wrong codes per ICCID ("the 6-digit code cannot be guessed").',
          tags: ['technical', 'busy'],
          invoke: {
            id: 'checkSim', src: 'checkSim',
            input: ({ context }) => ({ iccid: normalIccid(context.sim.iccid), activationCode: context.sim.activationCode.trim(), collected: context.sim.collected as SimCollected }),
            onDone: routeByCard(['keepCheckedCard'], 'The customer holds the card: its token carries the ICCID to the next steps.'),
            onError: { target: 'editing', actions: 'showProblem', description: 'Spec section 8: "120014 card already activated; 120015, 120016 order not found, re-check; 120017 order info wrong; 120018 SIM expired; 120019 activation code incorrect; 120020 SIM activating, wait; 120021 enter correct ICCID; 120022 not an offline-collected card; 120023 not an online-collected card": a warning dialog with the message; what was typed is kept.' },
          },
        },
      },
    },

    loadingCard: {
      description: 'activationSimInfo: the card of the kept token, as it is now (a reload; a return from the plan purchase).',
      tags: ['technical', 'busy'],
      invoke: {
        id: 'loadCard', src: 'loadCard',
        input: ({ context }) => ({ activationToken: context.activationToken ?? '' }),
        onDone: routeByCard(['keepCard'], 'The card as it is now decides the step shown.'),
        onError: [
          { guard: 'tokenHasExpired', target: 'first', actions: ['forgetCard', 'noticeTokenExpired'], description: 'The token lasts 7 days: the customer proves the card again at step 1.' },
          { target: 'unavailable', actions: 'showProblem', description: 'The card could not be read this time; nothing is lost.' },
        ],
      },
    },

    loadingActivation: {
      description: 'activationStatus: the activation this tab submitted, where it stands now.',
      tags: ['technical', 'busy'],
      invoke: {
        id: 'loadActivation', src: 'loadStatus',
        input: ({ context }) => ({ activationId: context.activationId ?? '', activationToken: context.activationToken }),
        onDone: followAnswer(['keepStatus', 'restartStatusChecks'], 'Step 3 shows the activation.'),
        onError: [
          { guard: 'tokenHasExpired', target: 'first', actions: ['forgetCard', 'noticeTokenExpired'], description: 'The token lasts 7 days: the activation goes on; its state shows in /personal and the emails.' },
          { target: 'unavailable', actions: 'showProblem', description: 'The activation could not be read this time; nothing is lost.' },
        ],
      },
    },

    unavailable: {
      description: 'Spec section 8: "502 network error": the gateway could not be reached; the customer tries again or starts over with another card.',
      on: {
        'card.retry': [
          { guard: 'hasActivationId', target: 'loadingActivation', actions: 'clearProblems', description: 'The activation is read again.' },
          { target: 'loadingCard', actions: 'clearProblems', description: 'The card is read again.' },
        ],
        'sim.forget': { target: 'first', actions: 'startOver', description: 'The customer starts again with another card.' },
      },
    },

    needsPlan: {
      description: 'Spec section 2 /activation/propagate, /activation/bundleForm, /activation/bundleResult/{orderNo}: choosing and paying a plan for this card (the checkout chart, in the checkout layout). "Continue activation" on the result page opens step 2 again: the chart starts anew there and reads the card (activation.open [resumesCard]), which now has its plan.',
      on: {
        'sim.forget': { target: 'first', actions: 'startOver', description: 'The customer starts again with another card.' },
      },
    },

    second: {
      description: 'Spec section 2 step 2: "choose new number or port-in, personal info, Wi-Fi calling with E911 address, sync-register account" (/second, /secondOffline; /global/second: data only, "Global roaming users register at activation").',
      type: 'parallel',
      on: {
        'sim.forget': { target: 'first', actions: 'startOver', description: 'The customer starts again with another card.' },
      },
      states: {
        numbers: {
          description: 'Issue 4: "a new number (pick from available numbers by area code)".',
          initial: 'idle',
          on: {
            'numbers.search': [
              { guard: 'areaCodeIsValid', target: '.searching', actions: 'keepAreaCode', description: 'A 3-digit area code: the numbers free in it.' },
              { actions: 'markInvalidAreaCode', description: 'An area code is 3 digits not starting with 0 or 1 (and a global SIM has no number).' },
            ],
          },
          states: {
            idle: { description: 'Issue 4: "a new number (pick from available numbers by area code)": no area code looked up yet.' },
            searching: {
              description: 'activationNumbers: free numbers in the area code; nearby area codes when none is free.',
              tags: ['technical'],
              invoke: {
                id: 'loadNumbers', src: 'loadNumbers',
                input: ({ context }) => ({ activationToken: context.activationToken ?? '', areaCode: context.areaCode }),
                onDone: { target: 'listed', actions: 'keepNumbers', description: 'The numbers to pick from (or the nearby area codes to try).' },
                onError: { target: 'failed', actions: ['forgetNumbers', 'showProblem'], description: 'The numbers could not be read: the message says what to do.' },
              },
            },
            listed: { description: 'Issue 4: "pick from available numbers by area code": the customer picks one of the numbers offered.' },
            failed: { description: 'Spec section 8: "502 network error": the number lookup failed; the customer may search again.' },
          },
        },
        form: {
          description: 'Spec section 3 "Activation form": birthday, email, zip, username, password, confirmation, original carrier, original number, carrier account number, PIN, original account zip, E911 address.',
          initial: 'editing',
          states: {
            editing: {
              description: 'Spec section 3, Activation form: "birthday, email, zip, username, password, confirmation, original carrier, original number, carrier account number, PIN, original account zip, ... E911 address".',
              on: {
                'form.change': { actions: 'rememberTyping', description: 'Nothing the customer typed is lost (STYLE.md).' },
                'activation.submit': [
                  { guard: 'formIsValid', target: 'submitting', actions: ['keepDraft', 'clearProblems'], description: 'Spec section 5: "Port-in needs account number and PIN", "Activation password: at least 8 with 1 upper, 1 lower, 1 digit", "Birthday required", "US zip 5 digits and matches state": all hold.' },
                  { actions: 'markInvalidForm', description: 'Spec section 5 rules fail: each field shows its message, focus goes to the first, nothing typed is lost.' },
                ],
              },
            },
            submitting: {
              description: 'activationSubmit with an Idempotency-Key kept for this body: a double click submits once (a second click here does nothing), a retry gets the same activation. A registration logs the customer in.',
              tags: ['technical', 'busy'],
              invoke: {
                id: 'submit', src: 'submit',
                input: ({ context }) => ({ activationToken: context.activationToken ?? '', form: toFormBody(context.draft, scopeOf(context)) }),
                onDone: followAnswer(['keepSubmitted'], 'Spec section 2 step 3: "success with referral sharing".'),
                onError: [
                  { guard: 'numberWasTaken', target: 'editing', actions: ['forgetPickedNumber', 'searchNumbersAgain'], description: 'Someone took the picked number meanwhile: the customer picks another from a fresh list.' },
                  { guard: 'cardWasTaken', target: '#activation.loadingCard', actions: 'noticeCardTaken', description: 'Spec section 8 120014 / 120020: the card was activated meanwhile (another tab): it is read again and its activation shown.' },
                  { guard: 'tokenHasExpired', target: '#activation.first', actions: ['forgetCard', 'noticeTokenExpired'], description: 'The token lasts 7 days: the customer proves the card again at step 1.' },
                  { guard: 'usernameWasTaken', target: 'editing', actions: 'markUsernameTaken', description: 'Spec section 5 "Username required": another account has it; the customer chooses another or logs in.' },
                  { target: 'editing', actions: 'showProblem', description: 'The gateway refused the form or could not be reached: the message says why; what was typed is kept.' },
                ],
              },
            },
          },
        },
      },
    },

    third: {
      description: 'Spec section 2 step 3 (/activation/third, /activation/global/third): "success with referral sharing"; section 4: "takes effect within 5 minutes to 24 hours. eSIM QR by email in about 5 minutes; porting 12-24 hours (up to 24 hours stated)".',
      initial: 'waiting',
      on: {
        'activation.another': { target: 'first', actions: 'startOver', description: 'The customer activates another card.' },
      },
      states: {
        waiting: {
          description: 'Spec section 4: "takes effect within 5 minutes to 24 hours ... porting up to 24 hours": the page asks every 5 s for half a minute after anything moves, then less often, at most a minute apart, until the line and the port settle.',
          after: {
            statusPoll: { target: 'checking', actions: 'countStatusCheck', description: 'activationStatus is asked again.' },
          },
          on: {
            'status.refresh': { target: 'checking', description: 'The page is shown again (the customer comes back from the email that says it is done): it asks at once.' },
          },
        },
        checking: {
          description: 'activationStatus: the line and the port-in as they are now.',
          tags: ['technical'],
          invoke: {
            id: 'loadStatus', src: 'loadStatus',
            input: ({ context }) => ({ activationId: context.activationId ?? '', activationToken: context.activationToken }),
            onDone: followAnswer(['keepStatus'], 'The page shows the new state.'),
            onError: { target: 'waiting', description: 'Not read this time: the page shows what it last knew and asks again.' },
          },
        },
        portInfoRequired: {
          description: 'Issue 4: "when a port-in fails they fix the details without starting over": the carrier\'s reason is shown and the details are corrected in place.',
          on: {
            'portIn.change': { actions: 'rememberPortTyping', description: 'Nothing the customer typed is lost (STYLE.md).' },
            'portIn.submit': [
              { guard: 'correctionIsValid', target: 'correcting', actions: ['keepCorrection', 'clearProblems'], description: 'Spec section 5: "Port-in needs account number and PIN": the corrected details go to the same port request; an account number or PIN left empty is the one the carrier already has, except the one the carrier named.' },
              { actions: 'markInvalidCorrection', description: 'Spec section 5 rules fail: each field shows its message; nothing typed is lost.' },
            ],
          },
        },
        correcting: {
          description: 'portInCorrect: the same port request resubmitted with the corrected details (no new activation).',
          tags: ['technical', 'busy'],
          invoke: {
            id: 'correctPortIn', src: 'correctPortIn',
            input: ({ context }) => ({ activationId: context.activationId ?? '', activationToken: context.activationToken, details: toCorrectionBody(context.port) }),
            onDone: followAnswer(['keepStatus', 'forgetCorrectionSecrets', 'restartStatusChecks', 'noticePortCorrected'], 'Issue 4 "resubmitted": the port goes on with the corrected details.'),
            onError: [
              { guard: 'portIsNotCorrectable', target: 'checking', actions: 'showProblem', description: 'The port no longer waits for corrections (it moved on meanwhile): its state is read again.' },
              { target: 'portInfoRequired', actions: 'showProblem', description: 'The gateway refused the correction or could not be reached: the message says why; what was typed is kept.' },
            ],
          },
        },
        settled: {
          description: 'Spec section 2: "step 3 success with referral sharing"; section 4: SIM status "activated", the number ported or new; or the port declined ("number not portable"), the reason shown as the carrier gives it.',
        },
      },
    },
  },
});

export type ActivationMachine = typeof activationMachine;
