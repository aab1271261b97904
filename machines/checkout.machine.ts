/**
 * Checkout (spec sections 2, 3 and 5): the plan purchase form of /plans/bundleForm, the order it creates, the
 * payment (the `payment` chart, invoked as a child) and the result pages /plans/bundleResult/{orderNo} and
 * /plans/bundleResultError. Issue 4's /activation/bundleForm reuses it: `startedFrom` says where it runs.
 * Pure: the catalogue, the quote, createOrder, orderDetail and the payment are named actors that the host
 * provides (src/app/flows/checkout.ts); the summary is always the gateway's quote, never computed here.
 */
import { type NonReducibleUnknown, assign, enqueueActions, fromPromise, raise, setup, stateIn } from 'xstate';
import type { BundleList } from '../src/contract/catalog';
import type { OrderData, QuoteData, QuoteRequest, CheckoutForm } from '../src/contract/orders';
import type { PaymentFailure } from '../src/contract/payments';
import {
  QUOTE_FIELDS, applyLink, canQuote, eduCodeIsComplete, eduEmailIsAcademic, emptyDraft, fitToCard, formProblems, linkMatches, linkOf, normalEmail, setField, taxSource,
  toOrderBody, toQuoteRequest, type ActivationCard, type CheckoutDraft, type FieldChange, type FieldErrors, type ProductLink,
} from './checkoutForm';
import { CHANNELS } from '../src/contract/orders';
import { PAYMENT_UNSETTLED, newAttemptKey, paymentMachine, type PaymentOutput } from './payment.machine';
import { cardholderNameFrom } from '../src/domain/names';
import { resendCountdownActions, resendCountdownAfter, resendCountdownOf, resendWaitLeft, resendWaiting, type ResendCountdownContext } from './parts/resendCountdown';

/** What went wrong in a call: the catalogue code, the gateway's message and the form field it names, if any. */
export interface CheckoutProblem { code: string; message: string; status: number; field: string | null }

export type CheckoutEntry =
  | { kind: 'form'; link: ProductLink | null }
  | { kind: 'result'; orderNo: string }
  | { kind: 'resultError'; orderNo: string; reason: string | null };

/**
 * What a reload resumes from (kept by the host at stable states only; `version` guards old shapes). `link` is what
 * the order being paid buys (or the link the form was opened with); `purchaseId` names this purchase: the same body
 * of the same purchase is the same order, while a new purchase (after one was paid) is a new order.
 */
export interface ResumePoint { version: 2; link: ProductLink | null; draft: CheckoutDraft; orderNo: string | null; purchaseId: string | null }
export const RESUME_VERSION = 2;

export interface CheckoutInput {
  /** Where the flow runs: the plan pages (/plans/...) or activation (/activation/...). */
  startedFrom: 'plans' | 'activation';
  /**
   * Issue 4, "current ICCID has no plan": the card a plan is bought for (from step 1 of activation): exactly one SIM,
   * its type fixed by the card, nothing posted. Null on the plan pages (and on an activation result link opened elsewhere).
   */
  activation?: ActivationCard | null;
  loggedIn: boolean;
  /** Spec section 3 stored `plans/recommendCode`: prefills the referral code. */
  referralCode: string | null;
  /**
   * Spec section 3 stored keys `couponCode`, `promotion` (platform) and `activityCode` (decision 0045): what a campaign
   * link brought (`?couponCode=`, `?promotion=`, `?activityCode=`); they prefill the discount code and go with the order.
   */
  linkCodes?: LinkCodes;
}

export interface LinkCodes { couponCode: string | null; promotionPlatform: string | null; activityCode: string | null }
/** The answer of studentSendEduCode: the wait before another code to the address, and the code's validity. */
export interface EduCodeSent { resendAfterSeconds: number; expiresInSeconds: number }

/** The answer of verifyEduCode: the proof of the edu address the order carries. */
export interface EduProof { verification: string; eduEmail: string; verifiedUntil: string }

/**
 * The page tells the chart where it was opened (its URL), what a reload of this tab left behind, and the purchase
 * another tab of this browser has open (not paid yet), which a second tab joins.
 */
export interface OpenEvent { type: 'checkout.open'; entry: CheckoutEntry; resume: ResumePoint | null; openPurchase: string | null }

export type Notice = 'orderUnavailable' | 'orderClosed' | null;

export interface CheckoutContext extends ResendCountdownContext {
  startedFrom: CheckoutInput['startedFrom'];
  activation: ActivationCard | null;
  loggedIn: boolean;
  referralCode: string | null;
  linkCodes: LinkCodes;
  /** What the gateway said to the last code sent to the edu address, or to its check (next to the address or the code). */
  studentProblem: CheckoutProblem | null;
  /** The edu address the last code went to: another address typed since needs a code of its own. */
  eduCodeSentTo: string | null;
  /** The edu address a code is being sent to (the field is read-only meanwhile). */
  eduCodeSendingTo: string | null;
  link: ProductLink | null;
  entryKind: CheckoutEntry['kind'];
  /** An order to read before anything else: a result page's, or the one a reload resumes. */
  lookupOrderNo: string | null;
  reasonFromLink: string | null;
  draft: CheckoutDraft;
  catalog: BundleList | null;
  quote: QuoteData | null;
  /** Whether the quote's tax was computed for an address (else tax waits for one). */
  quoteHasTax: boolean;
  quoteProblem: CheckoutProblem | null;
  fieldErrors: FieldErrors;
  problem: CheckoutProblem | null;
  /** Grows at every refused submit: the screen moves focus to the first error. */
  focusRequest: number;
  order: OrderData | null;
  orderToken: string | null;
  failure: PaymentFailure | string | null;
  notice: Notice;
  /** The purchase the submitted order belongs to: its submission key is per purchase and body (src/app/flows/orderKeys.ts). */
  purchaseId: string;
  /** How many times the result page has asked for fulfilment since the order was paid. */
  fulfilmentChecks: number;
}

export type CheckoutEvent =
  | OpenEvent
  | ({ type: 'field.change' } & FieldChange)
  | { type: 'codes.apply' }
  | { type: 'autoRenew.turnOn' }
  | { type: 'autoRenew.acceptTerms' }
  | { type: 'autoRenew.declineTerms' }
  | { type: 'autoRenew.turnOff' }
  | { type: 'student.turnOn' }
  | { type: 'student.turnOff' }
  | { type: 'student.sendCode' }
  | { type: 'student.verify' }
  | { type: 'order.submit' }
  | { type: 'order.edit' }
  | { type: 'order.new' }
  | { type: 'payment.repay' }
  | { type: 'catalog.retry' }
  | { type: 'quote.refresh' };

export interface LoadedOrder { order: OrderData; orderToken: string | null }
export interface CreatedOrder { order: OrderData; orderToken: string }
/** createOrder's input: the body, and the purchase whose submission key the host uses for it. */
export interface OrderSubmission { form: CheckoutForm; purchaseId: string }

/** Debounce of the quote after a change that affects it. */
export const QUOTE_DEBOUNCE_MS = 500;
/**
 * Result page: orderDetail is asked again after 3 s, then twice as long each time up to a minute, until fulfilment
 * leaves 'pending'; after FULFILMENT_MAX_CHECKS (about six and a half minutes, past the spec's "eSIM QR by email in
 * about 5 minutes") the page stops asking and says the email will follow.
 */
export const FULFILMENT_POLL_MS = 3_000;
export const FULFILMENT_POLL_MAX_MS = 60_000;
export const FULFILMENT_MAX_CHECKS = 10;
export const fulfilmentPollDelay = (checks: number): number => Math.min(FULFILMENT_POLL_MAX_MS, FULFILMENT_POLL_MS * 2 ** checks);

export const toCheckoutProblem = (error: unknown): CheckoutProblem => {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; status?: unknown; data?: { field?: unknown } };
  return {
    code: typeof e.code === 'string' ? e.code : 'http',
    message: typeof e.message === 'string' ? e.message : '',
    status: typeof e.status === 'number' ? e.status : 0,
    field: typeof e.data?.field === 'string' ? e.data.field : null,
  };
};

/** The edu address a field.change types, normalised; null for any other field. */
const typedEduEmail = (event: { type: string }): string | null => {
  const e = event as { type: string; field?: unknown; value?: unknown };
  return e.type === 'field.change' && e.field === 'student.eduEmail' ? normalEmail(String(e.value)) : null;
};

const hostProvides = <O, I = NonReducibleUnknown>() => fromPromise<O, I>(() => Promise.reject(new Error('provided by the host (src/app/flows/checkout.ts)')));
const outputOf = <T>(e: unknown) => (e as { output?: T }).output;
const paymentOutcome = (e: unknown) => outputOf<PaymentOutput>(e)?.outcome;
const loadedOrder = (e: unknown) => outputOf<LoadedOrder>(e)?.order;

/** What opening at a URL means: the order to read first (a result link, or the one a reload was paying), the draft, the purchase. */
export function opening(context: CheckoutContext, event: OpenEvent): Partial<CheckoutContext> {
  const { entry } = event;
  const resume = event.resume?.version === RESUME_VERSION ? event.resume : null;
  const link = entry.kind === 'form' ? entry.link : null;
  // The order being paid is resumed only when the link asks for it (every value it names); a link to anything
  // else starts a new order, with what the customer typed about themselves kept.
  const sameOrder = resume !== null && entry.kind === 'form' && linkMatches(link, resume.link);
  // A resume point of another card (or of none) keeps what the customer typed about themselves, not its card.
  const draft = fitToCard(resume ? { ...emptyDraft(), ...resume.draft, activationToken: null } : emptyDraft(), context.activation, null);
  if (!draft.referralCode && context.referralCode) draft.referralCode = context.referralCode;
  const codes = context.linkCodes;
  if (!draft.couponCode && codes.couponCode) draft.couponCode = codes.couponCode;
  if (!draft.promotionPlatform && codes.promotionPlatform) draft.promotionPlatform = codes.promotionPlatform;
  if (!draft.activityCode && codes.activityCode) draft.activityCode = codes.activityCode;
  // A platform that is one of the form's channels answers "how did you hear" until the customer says otherwise.
  const platform = draft.promotionPlatform.toLowerCase();
  if (!draft.channel && (CHANNELS as readonly string[]).includes(platform)) draft.channel = platform as CheckoutDraft['channel'];
  // A plan page's student link (decision 0045) opens the form with "I am a student" on.
  if (link?.student && !draft.student.isStudent) draft.student = { ...draft.student, isStudent: true };
  return {
    link: sameOrder ? resume.link : link,
    entryKind: entry.kind,
    lookupOrderNo: entry.kind === 'form' ? (sameOrder ? resume.orderNo : null) : entry.orderNo,
    reasonFromLink: entry.kind === 'resultError' ? entry.reason : null,
    draft,
    purchaseId: resume?.purchaseId ?? event.openPurchase ?? newAttemptKey(),
  };
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    /** The catalogue (bundleList): plan and pack names and the SIM types each allows. */
    loadCatalog: hostProvides<BundleList>(),
    /** The order summary computed by the gateway. */
    quote: hostProvides<QuoteData, QuoteRequest>(),
    /** createOrder with the Idempotency-Key the host keeps for this purchase and body (a retry or a second tab reuses it). */
    createOrder: hostProvides<CreatedOrder, OrderSubmission>(),
    /** orderDetail with the order token the host kept for this order. */
    loadOrder: hostProvides<LoadedOrder, { orderNo: string }>(),
    payment: paymentMachine,
    /** Emails a code to the edu address (studentSendEduCode). */
    sendEduCode: hostProvides<EduCodeSent, { eduEmail: string }>(),
    /** Checks the code typed (studentVerifyEduCode): the proof of the address. */
    verifyEduCode: hostProvides<EduProof, { eduEmail: string; code: string }>(),
  },
  delays: {
    quoteDebounce: QUOTE_DEBOUNCE_MS,
    fulfilmentPoll: ({ context }) => fulfilmentPollDelay(context.fulfilmentChecks),
    /** The wait the gateway asked for before another code to the edu address (resendAfterSeconds), as much as is left. */
    eduResendWait: resendWaitLeft,
  },
  guards: {
    opensAnOrder: ({ context, event }) => event.type === 'checkout.open' && opening(context, event).lookupOrderNo != null,
    hasCatalog: ({ context }) => context.catalog !== null,
    draftHasAutoRenew: ({ context }) => context.draft.autoRenew && context.draft.autoRenewTermsAccepted,
    canQuote: ({ context }) => canQuote(context.draft),
    formIsValid: ({ context }) => Object.keys(formProblems(context.draft)).length === 0,
    orderIsPaid: ({ event }) => (loadedOrder(event) ?? outputOf<CreatedOrder>(event)?.order)?.status === 'paid',
    // A card payment still running ('paying') is not a failure, whatever the link says: the payment step reads its status.
    orderPaymentFailed: ({ context, event }) => {
      const status = loadedOrder(event)?.status;
      return status === 'payment_failed' || (context.entryKind === 'resultError' && status === 'awaiting_payment');
    },
    orderAwaitsPayment: ({ event }) => ['awaiting_payment', 'paying', 'payment_failed'].includes(loadedOrder(event)?.status ?? ''),
    fulfilmentPending: ({ event }) => loadedOrder(event)?.fulfilment === 'pending',
    fulfilmentChecksLeft: ({ context }) => context.fulfilmentChecks < FULFILMENT_MAX_CHECKS,
    /** Nothing can change the form while its order is being created: what is created is what the customer sees. */
    formIsOpen: stateIn('#checkout.form.submission.editing'),
    paymentIsUnsettled: ({ event }) => Boolean((event as { snapshot?: { hasTag?(tag: string): boolean } }).snapshot?.hasTag?.(PAYMENT_UNSETTLED)),
    paymentWasMade: ({ event }) => paymentOutcome(event) === 'paid',
    paymentInfoExpired: ({ event }) => paymentOutcome(event) === 'expired',
    draftIsStudent: ({ context }) => context.draft.student.isStudent,
    draftHasProof: ({ context }) => context.draft.student.isStudent && context.draft.student.verification !== null,
    proofRefused: ({ event }) => toCheckoutProblem((event as { error?: unknown }).error).code === 'eduEmailUnverified',
    eduEmailIsAcademic: ({ context }) => eduEmailIsAcademic(context.draft),
    eduCodeIsComplete: ({ context }) => eduCodeIsComplete(context.draft),
    /** Guards see the context before this change: the address typed is the event's. */
    aCodeWentThere: ({ context }) => context.eduCodeSentTo !== null && context.eduCodeSentTo === context.eduCodeSendingTo,
    typesAnotherAddress: ({ context, event }) => typedEduEmail(event) !== null && typedEduEmail(event) !== context.eduCodeSentTo,
    typesAnotherProvedAddress: ({ context, event }) => typedEduEmail(event) !== null && typedEduEmail(event) !== normalEmail(context.draft.student.eduEmail),
  },
  actions: {
    open: assign(({ context, event }) => (event.type === 'checkout.open' ? opening(context, event) : {})),
    rememberTyping: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const { type: _t, ...change } = event;
      const fieldErrors = { ...context.fieldErrors, [change.field]: undefined };
      const clears = (p: CheckoutProblem | null) => p !== null && p.field !== null && (p.field === change.field || p.field.endsWith(change.field));
      return {
        draft: fitToCard(setField(context.draft, change as FieldChange), context.activation, context.catalog),
        fieldErrors,
        problem: clears(context.problem) ? null : context.problem,
      };
    }),
    refreshQuoteIfNeeded: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'field.change' && QUOTE_FIELDS.has(event.field)) enqueue.raise({ type: 'quote.refresh' });
    }),
    refreshQuote: raise({ type: 'quote.refresh' }),
    keepCatalog: assign(({ context, event }) => {
      const catalog = outputOf<BundleList>(event) ?? null;
      return { catalog, draft: catalog ? fitToCard(applyLink(context.draft, context.link, catalog), context.activation, catalog) : context.draft };
    }),
    keepQuote: assign(({ context, event }) => ({ quote: outputOf<QuoteData>(event) ?? null, quoteHasTax: taxSource(context.draft) !== null, quoteProblem: null })),
    keepQuoteProblem: assign({ quoteProblem: ({ event }) => toCheckoutProblem((event as { error?: unknown }).error) }),
    forgetQuoteProblem: assign({ quoteProblem: null }),
    turnAutoRenewOn: assign(({ context }) => ({ draft: { ...context.draft, autoRenew: true, autoRenewTermsAccepted: true }, fieldErrors: { ...context.fieldErrors, autoRenewTermsAccepted: undefined } })),
    turnAutoRenewOff: assign(({ context }) => ({ draft: { ...context.draft, autoRenew: false } })),
    markInvalidFields: assign(({ context }) => ({ fieldErrors: formProblems(context.draft), focusRequest: context.focusRequest + 1 })),
    clearProblems: assign({ fieldErrors: {}, problem: null, notice: null }),
    showProblem: assign(({ context, event }) => {
      const problem = toCheckoutProblem((event as { error?: unknown }).error);
      // The gateway no longer takes the proof of the edu address (expired, or another address): it is proved again.
      const draft = problem.code === 'eduEmailUnverified' ? { ...context.draft, student: { ...context.draft.student, verification: null, eduCode: '' } } : context.draft;
      return { problem, draft, focusRequest: context.focusRequest + 1 };
    }),
    becomeStudent: assign(({ context }) => ({ draft: { ...context.draft, student: { ...context.draft.student, isStudent: true } } })),
    stopBeingStudent: assign(({ context }) => ({
      draft: { ...context.draft, student: { ...context.draft.student, isStudent: false } },
      studentProblem: null,
      fieldErrors: Object.fromEntries(Object.entries(context.fieldErrors).filter(([field]) => !field.startsWith('student.'))),
    })),
    markEduEmailInvalid: assign(({ context }) => ({
      fieldErrors: { ...context.fieldErrors, 'student.eduEmail': formProblems(context.draft)['student.eduEmail'] ?? ['validation:student.eduEmail.academic'] },
      focusRequest: context.focusRequest + 1,
    })),
    markEduCodeInvalid: assign(({ context }) => ({
      fieldErrors: { ...context.fieldErrors, 'student.eduCode': [context.draft.student.eduCode.trim() ? 'validation:code.invalid' : 'validation:code.required'] },
      focusRequest: context.focusRequest + 1,
    })),
    // The address the code goes to, as it is sent (the field is read-only while it is on its way: StudentSection).
    rememberCodeAddress: assign(({ context }) => ({ eduCodeSendingTo: normalEmail(context.draft.student.eduEmail) })),
    rememberCodeSent: assign(({ context, event }) => ({
      eduCodeSentTo: context.eduCodeSendingTo, studentProblem: null,
      ...resendCountdownAfter(outputOf<EduCodeSent>(event)),
    })),
    ...resendCountdownActions<CheckoutContext, CheckoutEvent>(),
    forgetStudentProblem: assign(({ context }) => ({ studentProblem: null, fieldErrors: { ...context.fieldErrors, 'student.eduEmail': undefined, 'student.eduCode': undefined } })),
    keepSendProblem: assign(({ context, event }) => ({
      studentProblem: { ...toCheckoutProblem((event as { error?: unknown }).error), field: 'student.eduEmail' }, focusRequest: context.focusRequest + 1,
    })),
    keepVerifyProblem: assign(({ context, event }) => ({
      studentProblem: { ...toCheckoutProblem((event as { error?: unknown }).error), field: 'student.eduCode' }, focusRequest: context.focusRequest + 1,
    })),
    keepProof: assign(({ context, event }) => {
      const proof = outputOf<EduProof>(event);
      return {
        draft: { ...context.draft, student: { ...context.draft.student, verification: proof?.verification ?? null } },
        studentProblem: null,
        fieldErrors: { ...context.fieldErrors, 'student.eduCode': undefined },
        problem: context.problem?.code === 'eduEmailUnverified' ? null : context.problem,
      };
    }),
    // The link becomes what the order buys: a reload resumes this order only for a link that asks for it.
    keepCreatedOrder: assign(({ context, event }) => {
      const out = outputOf<CreatedOrder>(event);
      return { order: out?.order ?? null, orderToken: out?.orderToken ?? null, failure: null, link: context.catalog ? linkOf(context.draft, context.catalog) : context.link };
    }),
    keepLoadedOrder: assign(({ context, event }) => {
      const out = outputOf<LoadedOrder>(event);
      return { order: out?.order ?? context.order, orderToken: out?.orderToken ?? context.orderToken };
    }),
    keepFailure: assign(({ context, event }) => {
      const fromPayment = outputOf<PaymentOutput>(event)?.failure;
      const fromOrder = loadedOrder(event)?.failureCode;
      return { failure: fromPayment ?? fromOrder ?? context.reasonFromLink ?? context.failure ?? null };
    }),
    forgetLookup: assign({ lookupOrderNo: null, entryKind: 'form' as const }),
    noticeOrderUnavailable: assign({ notice: 'orderUnavailable' as Notice }),
    noticeOrderClosed: assign({ notice: 'orderClosed' as Notice }),
    startNewOrder: assign(({ context }) => ({
      draft: { ...context.draft, termsAccepted: false, confirmPersonalUse: false, confirmUsOnly: false },
      order: null, orderToken: null, failure: null, quote: null, problem: null, fieldErrors: {}, lookupOrderNo: null, entryKind: 'form' as const,
    })),
    startNextPurchase: assign({ purchaseId: () => newAttemptKey() }),
    restartFulfilmentChecks: assign({ fulfilmentChecks: 0 }),
    countFulfilmentCheck: assign({ fulfilmentChecks: ({ context }) => context.fulfilmentChecks + 1 }),
  },
}).createMachine({
  id: 'checkout',
  description: 'Spec section 2: "Plan purchase form: SIM count, SIM type, plan months, auto-renewal switch, shipping, billing, discount code, referral code, service terms, how-did-you-hear channel and reasons for choosing", then payment and the result pages.',
  context: ({ input }) => ({
    startedFrom: input.startedFrom, activation: input.activation ?? null, loggedIn: input.loggedIn, referralCode: input.referralCode,
    linkCodes: input.linkCodes ?? { couponCode: null, promotionPlatform: null, activityCode: null }, studentProblem: null, eduCodeSentTo: null, eduCodeSendingTo: null, ...resendCountdownOf(0),
    link: null, entryKind: 'form', lookupOrderNo: null, reasonFromLink: null, draft: emptyDraft(),
    catalog: null, quote: null, quoteHasTax: false, quoteProblem: null, fieldErrors: {}, problem: null, focusRequest: 0,
    order: null, orderToken: null, failure: null, notice: null, purchaseId: '', fulfilmentChecks: 0,
  }),
  initial: 'opening',
  states: {
    opening: {
      description: 'Spec section 2: /plans/bundleForm, /plans/bundleResult/{orderNo}, /plans/bundleResultError: the page says at which of them the flow was opened and what a reload left behind.',
      on: {
        'checkout.open': [
          { guard: 'opensAnOrder', target: 'checkingOrder', actions: 'open', description: 'A result link (/plans/bundleResult/{orderNo}, /plans/bundleResultError?orderNo=) or a reload after the order was made: the order is read first.' },
          { target: 'loadingCatalog', actions: 'open', description: 'A new purchase: the form opens with the plan, months, SIM type and count a plan page\'s link names, or the draft a reload left.' },
        ],
      },
    },

    checkingOrder: {
      description: 'orderDetail with the order token kept in this browser: where the order stands decides the step shown.',
      tags: ['technical', 'busy'],
      invoke: {
        id: 'checkOrder', src: 'loadOrder',
        input: ({ context }) => ({ orderNo: context.lookupOrderNo ?? '' }),
        onDone: [
          { guard: 'orderIsPaid', target: 'paid', actions: 'keepLoadedOrder', description: 'Spec section 4: "Payment: success": the result page.' },
          { guard: 'orderPaymentFailed', target: 'paymentFailed', actions: ['keepLoadedOrder', 'keepFailure'], description: 'Spec section 4: "Payment: ... failure with repay option".' },
          { guard: 'orderAwaitsPayment', target: 'paying', actions: 'keepLoadedOrder', description: 'The order waits for its payment: the customer pays it (never a second order).' },
          { target: 'loadingCatalog', actions: ['forgetLookup', 'noticeOrderClosed'], description: 'The order was cancelled: a new order can be made.' },
        ],
        onError: { target: 'loadingCatalog', actions: ['forgetLookup', 'noticeOrderUnavailable'], description: 'This browser cannot read the order (no order token, not its customer): a deep link goes back to the step reached, the form.' },
      },
    },

    loadingCatalog: {
      description: 'The catalogue (bundleList): the plan or pack named by the link, its SIM types and months.',
      tags: ['technical', 'busy'],
      invoke: {
        id: 'loadCatalog', src: 'loadCatalog',
        onDone: { target: 'form', actions: 'keepCatalog', description: 'The form opens with the link\'s choices (missing or invalid values: the form\'s defaults).' },
        onError: { target: 'catalogFailed', description: 'The catalogue could not be read.' },
      },
    },
    catalogFailed: {
      description: 'Spec section 8: "502 network error" (or "500 system busy"): the catalogue could not be read; nothing typed is lost (STYLE.md).',
      on: { 'catalog.retry': { target: 'loadingCatalog', description: 'The customer tries again.' } },
    },

    form: {
      description: 'Spec section 2: the plan purchase form. Spec section 5 rules come from the contract\'s checkoutFormSchema, the same schema the gateway parses.',
      type: 'parallel',
      states: {
        autoRenewal: {
          description: 'Spec section 4: "Auto-renewal: not open, open (card or balance) ... Terms must be accepted to open."',
          initial: 'deciding',
          states: {
            deciding: {
              description: 'Spec section 2: the plan purchase form has an "auto-renewal switch"; a resumed form keeps it as it was.',
              always: [
                { guard: 'draftHasAutoRenew', target: 'on', description: 'The switch was on, its terms accepted.' },
                { target: 'off', description: 'Spec section 4: "Auto-renewal: not open".' },
              ],
            },
            off: {
              description: 'Spec section 4: "Auto-renewal: not open".',
              on: { 'autoRenew.turnOn': { guard: 'formIsOpen', target: 'readingTerms', description: 'Spec section 5: "Terms must be accepted before ... enabling auto-renewal": the terms are shown first (not while the order is being created).' } },
            },
            readingTerms: {
              description: 'Spec section 4: "When on, the card is charged before expiry, non-refundable." The customer reads the terms.',
              on: {
                'autoRenew.acceptTerms': { guard: 'formIsOpen', target: 'on', actions: 'turnAutoRenewOn', description: 'Spec section 5: "Terms must be accepted before ... enabling auto-renewal": accepted, the switch turns on.' },
                'autoRenew.declineTerms': { target: 'off', description: 'The terms were not accepted: auto-renewal stays off.' },
              },
            },
            on: {
              description: 'Spec section 4: "Auto-renewal: ... open (card or balance)".',
              on: { 'autoRenew.turnOff': { guard: 'formIsOpen', target: 'off', actions: 'turnAutoRenewOff', description: 'The customer turns auto-renewal off before ordering (not while the order is being created).' } },
            },
          },
        },
        quote: {
          description: 'Issue 3: the summary "shows plan cost, multi-month discount, code discount, shipping ..., tax per state ... and total, recomputed by the server, never trusted from the client".',
          initial: 'waiting',
          on: { 'quote.refresh': { target: '.waiting', reenter: true, description: 'A change the price depends on: the summary is asked again once the customer pauses.' } },
          states: {
            waiting: {
              description: 'Issue 3: the summary "shows plan cost, multi-month discount, code discount, shipping and tax"; it is asked of the gateway once the customer pauses.',
              after: {
                quoteDebounce: [
                  { guard: 'canQuote', target: 'quoting', description: 'A product, months, SIM type and a whole number of SIMs are chosen: the gateway computes the summary.' },
                  { target: 'incomplete', description: 'Not enough is chosen yet for a price.' },
                ],
              },
            },
            quoting: {
              description: 'POST order/quote: the gateway recomputes the summary from the catalogue, the codes and the tax service.',
              tags: ['technical'],
              invoke: {
                id: 'quote', src: 'quote',
                input: ({ context }) => toQuoteRequest(context.draft),
                onDone: { target: 'quoted', actions: 'keepQuote', description: 'The summary shows the gateway\'s amounts.' },
                onError: { target: 'failed', actions: 'keepQuoteProblem', description: 'Spec section 8: "discount code invalid or expired", "referral code invalid or expired", "500MB plan not eligible", 120082, 120071, 120077: next to their field or the summary.' },
              },
            },
            quoted: { description: 'Issue 3: the summary "shows plan cost, multi-month discount, code discount, shipping and tax", as the gateway quotes them (spec section 3, Order).' },
            incomplete: { description: 'Spec section 5: "SIM quantity 1-10": the summary waits for a product and a SIM count.' },
            failed: { description: 'Spec section 8: "referral code invalid or expired; discount code invalid or expired; 500MB plan not eligible for discount or referral": the message is next to the field it names, or the summary.' },
          },
        },
        student: {
          description: 'Spec sections 1, 3 and 5 (issue 18 section 4): students are a variant of the offer; "Student info: school, grade, departure date, edu email"; "Edu email for student flow". The edu address is proved by a code sent to it before the order can be a student order.',
          initial: 'deciding',
          states: {
            deciding: {
              tags: ['technical'],
              description: 'The form opens as the customer left it: a student with the address proved, a student still to prove it, or not a student (a plan page\'s student link turns the option on).',
              always: [
                { guard: 'draftHasProof', target: 'verified', description: 'A student whose edu address was proved (the gateway checks the proof again with the order).' },
                { guard: 'draftIsStudent', target: 'unverified', description: 'A student whose edu address is not proved yet.' },
                { target: 'notStudent', description: 'Not buying as a student.' },
              ],
            },
            notStudent: {
              description: 'Spec section 1: the regular offer; no student information is asked.',
              on: { 'student.turnOn': { guard: 'formIsOpen', target: 'deciding', actions: 'becomeStudent', description: 'Spec section 3: "Student info: school, grade, departure date, edu email": the customer says they are a student and the form asks for it (not while the order is being created); an address proved before is still proved.' } },
            },
            unverified: {
              description: 'Spec section 5: "Edu email for student flow": the school email is not proved yet; the order cannot be a student order until it is.',
              on: {
                'student.sendCode': [
                  { guard: 'eduEmailIsAcademic', target: 'sendingCode', actions: 'forgetStudentProblem', description: 'Spec section 5: "Edu email for student flow": an address of an academic domain (.edu, .edu.cn, .ac.uk ...): a code is emailed to it.' },
                  { actions: 'markEduEmailInvalid', description: 'Spec section 5: "Edu email for student flow": not an address of an academic domain: the message says so next to it.' },
                ],
                'student.turnOff': { guard: 'formIsOpen', target: 'notStudent', actions: 'stopBeingStudent', description: 'The customer buys as a regular customer after all; what they typed stays in the form.' },
              },
            },
            sendingCode: {
              description: 'studentSendEduCode: the gateway emails a 6-digit code to the edu address (limits per address and per IP).',
              tags: ['technical'],
              entry: 'rememberCodeAddress',
              invoke: {
                id: 'sendEduCode', src: 'sendEduCode',
                input: ({ context }) => ({ eduEmail: context.draft.student.eduEmail.trim() }),
                onDone: { target: 'codeSent', actions: 'rememberCodeSent', description: 'The code is on its way to the edu address.' },
                onError: [
                  { guard: 'aCodeWentThere', target: 'codeSent', actions: 'keepSendProblem', description: 'A new code was refused (asked again too soon, too many today): the code already sent to this address still works, so its field stays; the message says when to ask again.' },
                  { target: 'unverified', actions: 'keepSendProblem', description: 'The gateway refused to send (too many codes, not an academic domain): its message is next to the address.' },
                ],
              },
            },
            codeSent: {
              description: 'Spec section 9: "verification code validity 5 minutes": a code was emailed to the edu address; the customer types it, or asks for another once the wait the gateway gave is over.',
              initial: 'resendWaiting',
              states: {
                resendWaiting: resendWaiting({
                  wait: 'eduResendWait',
                  then: 'canResend',
                  description: 'Issue 2: the "resend countdown", as on login and tracking: no new code to this address until the wait the gateway asked for (resendAfterSeconds, 60 s) is over; the button counts it down.',
                  over: 'The wait is over: another code may be sent.',
                }),
                canResend: {
                  description: 'Issue 18 section 4: "a code sent to it": another code may be sent to the same address (the older one then stops working).',
                  on: {
                    'student.sendCode': { target: '#checkout.form.student.sendingCode', actions: 'forgetStudentProblem', description: 'The customer asks for a new code to the same academic address (the older one stops working; another address leaves this state).' },
                  },
                },
              },
              on: {
                'student.verify': [
                  { guard: 'eduCodeIsComplete', target: 'verifying', actions: 'forgetStudentProblem', description: 'Six digits typed: the gateway checks the code.' },
                  { actions: 'markEduCodeInvalid', description: 'Spec section 5: "Activation code 6 digits" (every code is 6 digits): the message says so next to the code.' },
                ],
                'field.change': { guard: 'typesAnotherAddress', target: 'unverified', description: 'Another edu address was typed: the code went to the old one, so a new code is needed.' },
                'student.turnOff': { guard: 'formIsOpen', target: 'notStudent', actions: 'stopBeingStudent', description: 'The customer buys as a regular customer after all.' },
              },
            },
            verifying: {
              description: 'studentVerifyEduCode: the gateway checks the code (5 tries, single use) and answers a proof of the address.',
              tags: ['technical'],
              invoke: {
                id: 'verifyEduCode', src: 'verifyEduCode',
                input: ({ context }) => ({ eduEmail: context.draft.student.eduEmail.trim(), code: context.draft.student.eduCode.trim() }),
                onDone: { target: 'verified', actions: 'keepProof', description: 'The edu address is proved: the order can be a student order.' },
                onError: { target: 'codeSent', actions: 'keepVerifyProblem', description: 'Spec section 8: "verification code" wrong, expired or used up: the message is next to the code; the customer types it again or asks for a new one.' },
              },
            },
            verified: {
              description: 'Spec section 5: "Edu email for student flow": the school email is proved; the order carries the proof and the gateway checks it again.',
              on: {
                'field.change': { guard: 'typesAnotherProvedAddress', target: 'unverified', description: 'Another edu address was typed: it is proved in its turn.' },
                'xstate.error.actor.createOrder': { guard: 'proofRefused', target: 'unverified', description: 'The gateway no longer takes the proof (a day passed since it was given): the address is proved again; the message is next to the code.' },
                'student.turnOff': { guard: 'formIsOpen', target: 'notStudent', actions: 'stopBeingStudent', description: 'The customer buys as a regular customer after all; the proof stays with the address in case they change their mind.' },
              },
            },
          },
        },
        submission: {
          description: 'Issue 3: "Submitting creates one order with an idempotency key: a double click, a retry or a second tab never makes a second order".',
          initial: 'editing',
          states: {
            editing: {
              description: 'Spec section 3, Plan purchase form: "SIM count, SIM type, plan months, auto-renewal switch, shipping, billing, discount code, referral code, service terms, how-did-you-hear channel and reasons for choosing".',
              on: {
                'field.change': { actions: ['rememberTyping', 'refreshQuoteIfNeeded'], description: 'Nothing typed is lost; a change the price depends on asks the gateway for a new summary.' },
                'codes.apply': { actions: 'refreshQuote', description: 'Spec section 5: "Discount and referral codes must be entered when used": the gateway checks the codes in the summary.' },
                'order.submit': [
                  { guard: 'formIsValid', target: 'creatingOrder', actions: 'clearProblems', description: 'Spec section 5 rules hold (terms and both buyer confirmations accepted): the order is created.' },
                  { actions: 'markInvalidFields', description: 'Spec section 5 rules fail: each field shows its message, focus goes to the first, nothing typed is lost.' },
                ],
              },
            },
            creatingOrder: {
              description: 'createOrder with the Idempotency-Key kept for this purchase and body: a second click here does nothing, a retry or a second tab gets the same order. The form is locked meanwhile: the order created is the form the customer sees.',
              tags: ['technical', 'busy'],
              invoke: {
                id: 'createOrder', src: 'createOrder',
                input: ({ context }) => ({ form: toOrderBody(context.draft), purchaseId: context.purchaseId }),
                onDone: [
                  { guard: 'orderIsPaid', target: '#checkout.paid', actions: 'keepCreatedOrder', description: 'The same submission again after it was paid: its order is shown, nothing is charged.' },
                  { target: '#checkout.paying', actions: 'keepCreatedOrder', description: 'One order, awaiting payment.' },
                ],
                onError: { target: 'editing', actions: 'showProblem', description: 'Spec section 8: the gateway\'s answer (validation, codes, 120082, 120071, 120077, 120086, "do not resubmit, refresh to reorder", "product does not exist") lands next to its field or the summary.' },
              },
            },
          },
        },
      },
    },

    paying: {
      description: 'Spec section 3: the order is paid by one of the methods the gateway allows (the `payment` chart). The payment reports every change of its state; the first comes at once (it starts by reading the payment status).',
      initial: 'open',
      invoke: {
        id: 'payment', src: 'payment',
        input: ({ context }) => ({
          reference: context.order?.orderNo ?? '',
          amountCents: context.order?.payAmountCents ?? 0,
          methods: context.order?.payMethods ?? [],
          orderToken: context.orderToken,
          loggedIn: context.loggedIn,
          // Issue 12: the cardholder name starts with the name typed in the form (spec section 5: "first then last").
          cardholderName: context.order ? cardholderNameFrom(context.order.shipping.firstNameEn, context.order.shipping.lastNameEn) : '',
        }),
        onSnapshot: [
          { guard: 'paymentIsUnsettled', target: '.locked', description: 'Issue 3: "payment never charges twice": while money may have been taken and its outcome is unknown (a payment running, its answer lost, a QR code open), the order stays as it is.' },
          { target: '.open', description: 'The payment stands still (nothing paid, nothing running): the order may be changed.' },
        ],
        onDone: [
          { guard: 'paymentWasMade', target: 'paid', description: 'Spec section 4: "Payment: success".' },
          { guard: 'paymentInfoExpired', target: 'paymentExpired', description: 'Spec section 4: "Response code 120087 (payment info expired): dialog; on confirm go home."' },
          { target: 'paymentFailed', actions: 'keepFailure', description: 'Spec section 4: "Payment: ... failure with repay option".' },
        ],
        onError: { target: 'paymentFailed', actions: 'keepFailure', description: 'The payment stopped unexpectedly: the customer may pay again.' },
      },
      states: {
        locked: {
          description: 'Issue 3: "payment never charges twice": the payment\'s outcome is not known yet, so the order cannot be edited into another one.',
        },
        open: {
          description: 'Spec section 4: "Payment: success or failure with repay option": nothing is being paid yet, so the customer may go back and change the order.',
          on: {
            'order.edit': [
              { guard: 'hasCatalog', target: '#checkout.form', description: 'The customer changes the order before paying; everything typed is kept (the same body of the same purchase gets the same order back).' },
              { target: '#checkout.loadingCatalog', description: 'The customer changes an order resumed from a link: the form needs the catalogue first.' },
            ],
          },
        },
      },
    },

    paid: {
      description: 'Spec section 2 /plans/bundleResult/{orderNo}: order info, amounts, auto-renewal, eSIM QR codes or shipping in 2-5 business days. The purchase is over: what is bought next is a new purchase, a new order.',
      initial: 'checkingFulfilment',
      entry: ['startNextPurchase', 'restartFulfilmentChecks'],
      on: {
        'order.new': [
          { guard: 'hasCatalog', target: 'form', actions: 'startNewOrder', description: 'The customer buys again: a new purchase, so the same details make a new order; their details are kept, the confirmations asked again.' },
          { target: 'loadingCatalog', actions: 'startNewOrder', description: 'The customer buys again from a result link: a new purchase.' },
        ],
      },
      states: {
        checkingFulfilment: {
          description: 'orderDetail: eSIM profiles allocated, or the SIM waiting for shipment (decision 0006: fulfilment is asynchronous).',
          tags: ['technical'],
          invoke: {
            id: 'checkFulfilment', src: 'loadOrder',
            input: ({ context }) => ({ orderNo: context.order?.orderNo ?? context.lookupOrderNo ?? '' }),
            onDone: [
              { guard: 'fulfilmentPending', target: 'waitingFulfilment', actions: 'keepLoadedOrder', description: 'Still being fulfilled: asked again shortly.' },
              { target: 'fulfilled', actions: 'keepLoadedOrder', description: 'eSIM QR codes sent (or their allocation failed, which is explained), or the SIM is waiting for shipment.' },
            ],
            onError: { target: 'waitingFulfilment', description: 'The order could not be read this time: asked again shortly.' },
          },
        },
        waitingFulfilment: {
          description: 'Spec section 4: "eSIM QR by email in about 5 minutes": the page waits for fulfilment to leave pending, asking less and less often.',
          after: {
            fulfilmentPoll: [
              { guard: 'fulfilmentChecksLeft', target: 'checkingFulfilment', actions: 'countFulfilmentCheck', description: 'The order is read again (3 s, then twice as long each time, at most a minute apart).' },
              { target: 'emailFollows', description: 'Spec section 4: "eSIM QR by email in about 5 minutes": past that, the page stops asking; the email brings the rest.' },
            ],
          },
        },
        emailFollows: { description: 'Spec section 4: "eSIM QR by email": the page no longer asks; it says the QR codes (or the shipping news) will come by email.' },
        fulfilled: { description: 'Spec section 8: "payment succeeded but eSIM allocation failed"; section 4: "eSIM QR by email in about 5 minutes"; section 9: "Shipping 2-5 business days": the result page shows what the order got.' },
      },
    },

    paymentFailed: {
      description: 'Spec section 8: "payment failed (bank refusal, wrong card, address or postcode, insufficient balance; check card number, name, expiry, CVV, billing address; contact support with email and ICCID; buttons repay or view more)".',
      on: { 'payment.repay': { target: 'paying', description: 'Spec section 8: "repay": the same order is paid again (a new attempt).' } },
    },

    paymentExpired: {
      type: 'final',
      description: 'Spec section 4: "Response code 120087 (payment info expired): dialog; on confirm go home."',
    },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
