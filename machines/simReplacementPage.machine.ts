/**
 * /personal/upgradeNewCard (issue 16 section 4, decision 0037; spec section 2: "upgrade to new SIM card, card
 * replacement"): the line's card and the replacement in progress; ordering a new physical SIM (why, where to, then
 * "is it you?": a code to the line or the account's email, and the password); activating the new card when it has come
 * (its ICCID and printed code: the number moves to it, the old card stops); cancelling before that.
 * Pure: the gateway calls are named actors the host provides (src/app/flows/replacement.ts). Nothing typed is lost:
 * every state keeps the form, the code and the card's numbers.
 */
import { assign, fromPromise, setup } from 'xstate';
import { activationCodeField, iccidField } from '../src/contract/activation';
import { replacementAddressSchema, replacementReasonField, replacementShippingSchema, type ReplacementInfo, type ReplacementReason } from '../src/contract/replacement';
import { toProblem, type Problem } from './login.machine';
import { reauthProblems, type ReauthChannel, type SentCode } from './numberSecurity.machine';

export type ShippingField = 'country' | 'firstNameEn' | 'lastNameEn' | 'phone' | 'address1' | 'address2' | 'city' | 'state' | 'zip';
export type ReplacementField = 'reason' | ShippingField | 'code' | 'password' | 'iccid' | 'activationCode';
export type ShippingDraft = Record<ShippingField, string>;

export interface SimReplacementPageContext {
  info: ReplacementInfo | null;
  reason: ReplacementReason | '';
  shipping: ShippingDraft;
  /** The form was filled from the gateway's address once; later loads keep what the customer typed. */
  drafted: boolean;
  code: string;
  password: string;
  iccid: string;
  activationCode: string;
  sent: SentCode | null;
  fieldErrors: Partial<Record<ReplacementField, string[]>>;
  problem: Problem | null;
  done: 'ordered' | 'moved' | 'cancelled' | null;
}

export type SimReplacementPageEvent =
  | { type: 'page.retry' }
  | { type: 'order.start' }
  | { type: 'order.next' }
  | { type: 'order.back' }
  | { type: 'field.change'; field: ReplacementField; value: string }
  | { type: 'code.send'; channel: ReauthChannel }
  | { type: 'code.again' }
  | { type: 'reauth.submit' }
  | { type: 'card.submit' }
  | { type: 'cancel.ask' }
  | { type: 'cancel.keep' }
  | { type: 'cancel.confirm' };

export interface PlaceOrderInput { reason: ReplacementReason; shipping: ShippingDraft; code: string; password: string }
export interface ActivateCardInput { iccid: string; activationCode: string }

export const EMPTY_SHIPPING: ShippingDraft = { country: 'US', firstNameEn: '', lastNameEn: '', phone: '', address1: '', address2: '', city: '', state: '', zip: '' };

const messagesOf = (issues: { message: string }[]) => [...new Set(issues.map((i) => i.message))];

/** The order form's problems by the gateway's own rules (the contract's schemas), as i18n keys next to their field. */
export function orderFormProblems(c: Pick<SimReplacementPageContext, 'reason' | 'shipping'>): Partial<Record<ReplacementField, string[]>> {
  const out: Partial<Record<ReplacementField, string[]>> = {};
  const reason = replacementReasonField.safeParse(c.reason);
  if (!reason.success) out.reason = messagesOf(reason.error.issues);
  const shipping = replacementShippingSchema.safeParse(c.shipping);
  // The address's own rules run even while a name is still missing, so every broken rule shows at once.
  const address = replacementAddressSchema.safeParse(c.shipping);
  if (!shipping.success || !address.success) {
    for (const issue of [...(shipping.error?.issues ?? []), ...(address.error?.issues ?? [])]) {
      const field = issue.path[0] as ShippingField;
      out[field] = [...new Set([...(out[field] ?? []), issue.message])];
    }
  }
  return out;
}

/** The new card's ICCID (19 digits, check digit) and printed 6-digit code. */
export function cardProblems(c: Pick<SimReplacementPageContext, 'iccid' | 'activationCode'>): Partial<Record<ReplacementField, string[]>> {
  const out: Partial<Record<ReplacementField, string[]>> = {};
  const iccid = iccidField.safeParse(c.iccid);
  if (!iccid.success) out.iccid = messagesOf(iccid.error.issues);
  const code = activationCodeField.safeParse(c.activationCode);
  if (!code.success) out.activationCode = messagesOf(code.error.issues);
  return out;
}

const errorOf = (event: unknown) => toProblem((event as { error?: unknown }).error);
const outputOf = <T>(event: unknown) => (event as { output: T }).output;
/** Answers that belong next to a field (the rest are shown as the page's problem). */
const REAUTH_FIELD: Record<string, ReplacementField> = { passwordWrong: 'password', codeWrong: 'code', codeExpired: 'code', codeLocked: 'code' };
const CARD_FIELD: Record<string, ReplacementField> = { 120021: 'iccid', 120019: 'activationCode', activationLocked: 'activationCode' };
const hostProvides = <O, I = void>() => fromPromise<O, I>(() => Promise.reject(new Error('provided by the host (src/app/flows/replacement.ts)')));
const isOpen = (info: ReplacementInfo | null) => info?.replacement?.state === 'ordered' || info?.replacement?.state === 'shipped';

export const simReplacementPageMachine = setup({
  types: { context: {} as SimReplacementPageContext, events: {} as SimReplacementPageEvent },
  actors: {
    loadInfo: hostProvides<ReplacementInfo>(),
    sendCode: hostProvides<SentCode, { channel: ReauthChannel }>(),
    placeOrder: hostProvides<ReplacementInfo, PlaceOrderInput>(),
    activateCard: hostProvides<ReplacementInfo, ActivateCardInput>(),
    cancelReplacement: hostProvides<ReplacementInfo>(),
  },
  guards: {
    mayOrder: ({ context: c }) => Boolean(c.info && !isOpen(c.info) && !c.info.numberLocked && !c.info.numberKept && !c.info.numberRemoved),
    hasShipped: ({ context }) => context.info?.replacement?.state === 'shipped',
    hasOpen: ({ context }) => isOpen(context.info),
    orderFormValid: ({ context }) => Object.keys(orderFormProblems(context)).length === 0,
    reauthValid: ({ context }) => Object.keys(reauthProblems(context)).length === 0,
    cardValid: ({ context }) => Object.keys(cardProblems(context)).length === 0,
    refusedReauthField: ({ event }) => errorOf(event).code in REAUTH_FIELD,
    refusedCardField: ({ event }) => errorOf(event).code in CARD_FIELD,
  },
  actions: {
    keepInfo: assign(({ context, event }) => {
      const info = outputOf<ReplacementInfo>(event);
      return context.drafted ? { info } : { info, shipping: { ...EMPTY_SHIPPING, ...info.shippingDraft }, drafted: true };
    }),
    clearProblem: assign({ problem: null, done: null }),
    showProblem: assign({ problem: ({ event }) => errorOf(event) }),
    rememberTyping: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const errors = { ...context.fieldErrors, [event.field]: undefined };
      if (event.field === 'reason') return { reason: event.value as ReplacementReason, fieldErrors: errors };
      if (event.field in EMPTY_SHIPPING) return { shipping: { ...context.shipping, [event.field]: event.value }, fieldErrors: errors };
      return { [event.field]: event.value, fieldErrors: errors };
    }),
    markOrderForm: assign(({ context }) => ({ fieldErrors: orderFormProblems(context) })),
    markReauth: assign(({ context }) => ({ fieldErrors: reauthProblems(context) })),
    markCard: assign(({ context }) => ({ fieldErrors: cardProblems(context) })),
    keepSent: assign(({ event }) => ({ sent: outputOf<SentCode>(event), problem: null })),
    markReauthRefusal: assign(({ event }) => {
      const p = errorOf(event);
      return { fieldErrors: { [REAUTH_FIELD[p.code]!]: [`errors:code.${p.code}`] }, problem: null };
    }),
    markCardRefusal: assign(({ event }) => {
      const p = errorOf(event);
      return { fieldErrors: { [CARD_FIELD[p.code]!]: [`errors:code.${p.code}`] }, problem: null };
    }),
    ordered: assign(({ event }) => ({ info: outputOf<ReplacementInfo>(event), done: 'ordered' as const, problem: null, sent: null, code: '', password: '', fieldErrors: {} })),
    moved: assign(({ event }) => ({ info: outputOf<ReplacementInfo>(event), done: 'moved' as const, problem: null, iccid: '', activationCode: '', fieldErrors: {} })),
    cancelled: assign(({ event }) => ({ info: outputOf<ReplacementInfo>(event), done: 'cancelled' as const, problem: null })),
    forgetReauth: assign({ sent: null, code: '', password: '' }),
  },
}).createMachine({
  id: 'simReplacementPage',
  description: 'Issue 16: "/personal/upgradeNewCard: order a new physical SIM for the line (shipped like any order); when the new card is activated the line moves to it, the number unchanged, and the old card stops"; "every SIM change (replacement, conversion, eSIM reinstall) asks for re-authentication"; "a number lock ... while on, SIM changes ... are refused" (decision 0037).',
  context: {
    info: null, reason: '', shipping: EMPTY_SHIPPING, drafted: false, code: '', password: '', iccid: '', activationCode: '', sent: null, fieldErrors: {}, problem: null, done: null,
  },
  initial: 'loading',
  on: {
    'field.change': { actions: 'rememberTyping', description: 'Nothing the customer typed is lost, whatever the page is doing.' },
  },
  states: {
    loading: {
      description: 'Technical: reads the line, its lock and keeping, the replacement in progress and an address to start from.',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'loadInfo', src: 'loadInfo',
        onDone: { target: 'showing', actions: 'keepInfo', description: 'The page shows the line\'s card and the replacement, if any.' },
        onError: { target: 'loadFailed', actions: 'showProblem', description: 'Spec section 8: the error is shown (an account without a US line: "no US line").' },
      },
    },
    loadFailed: {
      description: 'The page could not be read: it says why and what to do next.',
      tags: ['technical'],
      on: { 'page.retry': { target: 'loading', actions: 'clearProblem', description: 'Try again.' } },
    },
    showing: {
      description: 'Spec section 2 (Personal centre): "upgrade to new SIM card, card replacement": the card in use; a replacement on its way with its tracking; the way to order one, or why not (number lock, keeping: 90007, number removed).',
      on: {
        'order.start': [
          { guard: 'mayOrder', target: 'editing', actions: 'clearProblem', description: 'Issue 16: "order a new physical SIM for the line": the form opens with the last address.' },
        ],
        'card.submit': [
          { guard: 'hasShipped', target: 'activatingCard', actions: 'clearProblem', description: 'Issue 16: "when the new card is activated the line moves to it": the ICCID and code printed with the card are sent.' },
        ],
        'cancel.ask': [
          { guard: 'hasOpen', target: 'confirmingCancel', actions: 'clearProblem', description: 'Decision 0037: the replacement can be cancelled until its card is activated.' },
        ],
      },
    },
    editing: {
      description: 'Issue 16: "order a new physical SIM for the line (shipped like any order)": why (lost, damaged, upgrade) and where it goes (spec section 3, Shipping info; section 9: "Shipping 2-5 business days, free in US and China").',
      on: {
        'order.next': [
          { guard: 'orderFormValid', target: 'askingWhere', description: 'The form is complete: re-authentication comes next.' },
          { actions: 'markOrderForm', description: 'Spec section 5: each broken rule is shown next to its field.' },
        ],
        'order.back': { target: 'showing', description: 'Nothing is ordered; the form keeps what was typed.' },
      },
    },
    askingWhere: {
      description: 'Issue 16 (FCC 23-95): "an SMS code to the line, or a code to the account\'s email when the line is lost".',
      on: {
        'code.send': { target: 'sendingCode', description: 'The code is sent where the customer chose.' },
        'order.back': { target: 'editing', description: 'Back to the form, as it was.' },
      },
    },
    sendingCode: {
      description: 'Technical: the code is sent (limited per account, number and IP).',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'sendCode', src: 'sendCode',
        input: ({ event }) => ({ channel: (event as { channel?: ReauthChannel }).channel ?? 'sms' }),
        onDone: { target: 'answering', actions: 'keepSent', description: 'The code went out: the page says where, masked.' },
        onError: { target: 'askingWhere', actions: 'showProblem', description: 'Spec section 8: "verification code fetch failed", a limit reached, no email on the account: shown, the choice offered again.' },
      },
    },
    answering: {
      description: 'Issue 16: "... and the password": the code and the account\'s password confirm the order.',
      on: {
        'code.again': { target: 'askingWhere', description: 'Send another code (or send it the other way).' },
        'order.back': { target: 'editing', actions: 'forgetReauth', description: 'Back to the form; the code is asked again after.' },
        'reauth.submit': [
          { guard: 'reauthValid', target: 'ordering', description: 'A 6-digit code and a password: the replacement is ordered.' },
          { actions: 'markReauth', description: 'Each broken rule is shown next to its field.' },
        ],
      },
    },
    ordering: {
      description: 'Technical: the gateway checks the password and the code, the lock and keeping again, then orders the card (once per key).',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'placeOrder', src: 'placeOrder',
        input: ({ context: c }) => ({ reason: c.reason as ReplacementReason, shipping: c.shipping, code: c.code, password: c.password }),
        onDone: { target: 'showing', actions: 'ordered', description: 'Ordered: the page confirms it and follows the parcel; the customer is told by SMS and email.' },
        onError: [
          { guard: 'refusedReauthField', target: 'answering', actions: 'markReauthRefusal', description: 'A wrong password, or a wrong, expired or dead code: the message is next to its field.' },
          { target: 'loading', actions: ['showProblem', 'forgetReauth'], description: 'Refused for the line (numberLocked, 90007, a replacement already on its way) or failed: the message is shown and the page read again.' },
        ],
      },
    },
    activatingCard: {
      description: 'Technical: the gateway proves the card (its tries and lock as at activation), then moves the line to it in one step.',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'activateCard', src: 'activateCard',
        input: ({ context: c }) => ({ iccid: c.iccid.replace(/\s+/g, ''), activationCode: c.activationCode.trim() }),
        onDone: { target: 'showing', actions: 'moved', description: 'Issue 16: "the line moves to it, the number unchanged, and the old card stops": the page confirms it.' },
        onError: [
          { guard: 'refusedCardField', target: 'showing', actions: 'markCardRefusal', description: 'Spec section 8: 120021 "enter correct ICCID", 120019 "activation code incorrect", or too many tries: next to its field.' },
          { target: 'loading', actions: 'showProblem', description: 'Refused (numberLocked, 90007, 120018 the card ran out and the replacement ended) or failed: the message is shown and the page read again.' },
        ],
      },
    },
    confirmingCancel: {
      description: 'Decision 0037: "cancel the replacement?": the new card will not work; the current one keeps working.',
      on: {
        'cancel.keep': { target: 'showing', description: 'Nothing changes.' },
        'cancel.confirm': { target: 'cancelling', description: 'The replacement is cancelled.' },
      },
    },
    cancelling: {
      description: 'Technical: the replacement is cancelled and its card voided.',
      tags: ['busy', 'technical'],
      invoke: {
        id: 'cancelReplacement', src: 'cancelReplacement',
        onDone: { target: 'showing', actions: 'cancelled', description: 'Cancelled: the page confirms it; the customer is told by SMS and email.' },
        onError: { target: 'loading', actions: 'showProblem', description: 'Refused (the card was activated meanwhile) or failed: the message is shown and the page read again.' },
      },
    },
  },
});

export type SimReplacementPageMachine = typeof simReplacementPageMachine;
