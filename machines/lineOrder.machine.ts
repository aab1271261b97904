/**
 * Ordering for an existing line (issue 15; spec section 2: "/personal/businessManegement/ has bundleChange,
 * flowPacket and roamPack, each with list, form and result pages", "/global/renewalpackage, /form, /result"): the
 * price list, the form, the order and its payment by the `payment` chart (card, saved card, balance, WeChat Pay; 120081,
 * 120088), then the result. One chart per form, made by `lineOrderMachine(id, kind)`: the four share their rules, and
 * each is drawn and walked on its own. Technical states carry the tag 'technical'; the others are the spec's.
 * Pure: loadOffers, createOrder, loadOrder and the payment are named actors the host provides (src/app/flows/lineOrder.ts).
 */
import { assign, fromPromise, setup, type NonReducibleUnknown } from 'xstate';
import type { LineOffers, LineOrderData, LineOrderFormInput, LineOrderKind } from '../src/contract/business';
import type { PaymentFailure } from '../src/contract/payments';
import { toProblem, type Problem } from './login.machine';
import { PAYMENT_UNSETTLED, newAttemptKey, paymentMachine, type PaymentOutput } from './payment.machine';

export type LineOrderEntry =
  | { kind: 'list' }
  | { kind: 'form'; offerId: number | null; months: number | null }
  | { kind: 'status'; orderNo: string };

export interface LineOrderSelection { offerId: number | null; months: number; termsAccepted: boolean }
export type LineOrderField = 'offer' | 'terms';
export type LineOrderFieldErrors = Partial<Record<LineOrderField, string>>;
export interface LineOrderSubmission { body: LineOrderFormInput; key: string }

export interface LineOrderContext {
  kind: LineOrderKind;
  offers: LineOffers | null;
  selection: LineOrderSelection;
  fieldErrors: LineOrderFieldErrors;
  problem: Problem | null;
  /** The last body sent and its Idempotency-Key: the same body again (a retry, a double click) is the same order. */
  submission: LineOrderSubmission | null;
  order: LineOrderData | null;
  lookupOrderNo: string | null;
  /** The entry asked for the form (a deep link with a chosen offer). */
  wantsForm: boolean;
  failure: PaymentFailure | null;
}

export type LineOrderEvent =
  | { type: 'lineOrder.open'; entry: LineOrderEntry }
  | { type: 'offer.choose'; offerId: number; months?: number }
  | { type: 'months.choose'; months: number }
  | { type: 'terms.toggle'; accepted: boolean }
  | { type: 'lineOrder.submit' }
  | { type: 'lineOrder.back' }
  | { type: 'lineOrder.edit' }
  | { type: 'lineOrder.retry' }
  | { type: 'lineOrder.reload' }
  | { type: 'lineOrder.again' };

/** The form's rules (spec section 5: "Terms must be accepted before ordering"), as i18n keys next to their field. */
export function lineOrderProblems(c: Pick<LineOrderContext, 'offers' | 'selection'>): LineOrderFieldErrors {
  const out: LineOrderFieldErrors = {};
  if (!c.offers?.offers.some((o) => o.id === c.selection.offerId)) out.offer = 'validation:lineOrder.offer';
  if (!c.selection.termsAccepted) out.terms = 'validation:terms.required';
  return out;
}

const hostProvides = <O, I = NonReducibleUnknown>() => fromPromise<O, I>(() => Promise.reject(new Error('provided by the host (src/app/flows/lineOrder.ts)')));
const outputOf = <T>(e: unknown) => (e as { output?: T }).output;

export const lineOrderMachine = (id: string, kind: LineOrderKind) => setup({
  types: { context: {} as LineOrderContext, events: {} as LineOrderEvent },
  actors: {
    /** lineOrderOffers: the price list and where the line stands. */
    loadOffers: hostProvides<LineOffers, { kind: LineOrderKind }>(),
    /** lineOrderCreate with the submission's Idempotency-Key. */
    createOrder: hostProvides<LineOrderData, LineOrderSubmission>(),
    /** lineOrderDetail: an order the customer asked for (a result link, a reload). */
    loadOrder: hostProvides<LineOrderData, { orderNo: string }>(),
    payment: paymentMachine,
  },
  guards: {
    opensStatus: ({ event }) => event.type === 'lineOrder.open' && event.entry.kind === 'status',
    lineIsRefused: ({ event }) => Boolean(outputOf<LineOffers>(event)?.refusal),
    formWasAsked: ({ context, event }) => context.wantsForm && Boolean(outputOf<LineOffers>(event)?.offers.some((o) => o.id === context.selection.offerId)),
    offerExists: ({ context, event }) => event.type === 'offer.choose' && Boolean(context.offers?.offers.some((o) => o.id === event.offerId)),
    formIsValid: ({ context }) => Object.keys(lineOrderProblems(context)).length === 0,
    orderIsPaid: ({ event }) => outputOf<LineOrderData>(event)?.status === 'paid',
    orderIsClosed: ({ event }) => outputOf<LineOrderData>(event)?.status === 'cancelled',
    orderIsOpen: ({ context }) => context.order?.status !== 'cancelled',
    paymentIsUnsettled: ({ event }) => Boolean((event as { snapshot?: { hasTag?(tag: string): boolean } }).snapshot?.hasTag?.(PAYMENT_UNSETTLED)),
    paymentWasMade: ({ event }) => outputOf<PaymentOutput>(event)?.outcome === 'paid',
    paymentInfoExpired: ({ event }) => outputOf<PaymentOutput>(event)?.outcome === 'expired',
  },
  actions: {
    open: assign(({ event }) => {
      if (event.type !== 'lineOrder.open') return {};
      const e = event.entry;
      if (e.kind === 'status') return { lookupOrderNo: e.orderNo };
      if (e.kind === 'form') return { wantsForm: true, selection: { offerId: e.offerId, months: e.months ?? 1, termsAccepted: false } };
      return {};
    }),
    keepOffers: assign({ offers: ({ event }) => outputOf<LineOffers>(event) ?? null }),
    choose: assign(({ context, event }) => (event.type === 'offer.choose'
      ? { selection: { ...context.selection, offerId: event.offerId, months: event.months ?? context.selection.months }, fieldErrors: {}, problem: null }
      : {})),
    chooseMonths: assign(({ context, event }) => (event.type === 'months.choose' ? { selection: { ...context.selection, months: event.months } } : {})),
    toggleTerms: assign(({ context, event }) => (event.type === 'terms.toggle'
      ? { selection: { ...context.selection, termsAccepted: event.accepted }, fieldErrors: { ...context.fieldErrors, terms: undefined } }
      : {})),
    markInvalidFields: assign(({ context }) => ({ fieldErrors: lineOrderProblems(context) })),
    prepareSubmission: assign(({ context }) => {
      const body: LineOrderFormInput = { kind: context.kind, offerId: context.selection.offerId ?? 0, months: context.kind === 'planChange' ? context.selection.months as LineOrderFormInput['months'] : 1 };
      const same = context.submission && JSON.stringify(context.submission.body) === JSON.stringify(body);
      return { submission: same ? context.submission : { body, key: newAttemptKey() }, fieldErrors: {}, problem: null };
    }),
    keepOrder: assign({ order: ({ event }) => outputOf<LineOrderData>(event) ?? null, failure: null }),
    showProblem: assign({ problem: ({ event }) => toProblem((event as { error?: unknown }).error) }),
    keepFailure: assign({ failure: ({ event }) => outputOf<PaymentOutput>(event)?.failure ?? null }),
    /** Back to the form of the order's own offer (it may have been opened from a result link, with no offers read). */
    editOrder: assign(({ context }) => ({
      wantsForm: true, order: null, failure: null, problem: null, lookupOrderNo: null,
      selection: { offerId: context.order?.offer.id ?? context.selection.offerId, months: context.order?.months ?? context.selection.months, termsAccepted: false },
    })),
    startOver: assign({ order: null, failure: null, problem: null, lookupOrderNo: null, wantsForm: false, submission: null }),
  },
}).createMachine({
  id,
  description: `Spec section 2: the ${kind} list, form and result pages; section 1: add-ons and roaming "both need an active main plan".`,
  context: {
    kind, offers: null, selection: { offerId: null, months: 1, termsAccepted: false }, fieldErrors: {}, problem: null, submission: null,
    order: null, lookupOrderNo: null, wantsForm: false, failure: null,
  },
  initial: 'opening',
  states: {
    opening: {
      tags: ['technical'],
      description: 'The page decides where the flow starts: the price list, the form of a chosen offer, or an order named by its result link.',
      on: {
        'lineOrder.open': [
          { guard: 'opensStatus', target: 'loadingOrder', actions: 'open', description: 'Spec section 2: "result/{orderNo}": the order is read again.' },
          { target: 'loadingOffers', actions: 'open', description: 'Spec section 2: the list (hasPrice: "set on the data-packet and roaming lists") and the form read the offers.' },
        ],
      },
    },
    loadingOffers: {
      tags: ['busy', 'technical'],
      description: 'The offers and where the line stands are read.',
      invoke: {
        id: 'loadOffers', src: 'loadOffers',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: [
          { guard: 'lineIsRefused', target: 'refused', actions: 'keepOffers', description: 'Spec section 8: 120079 "no current main plan", 120080 "pending plan exists, cannot order main plan"; section 5: "Data add-on max five per cycle".' },
          { guard: 'formWasAsked', target: 'confirming', actions: 'keepOffers', description: 'A deep link to the form with its offer: the form.' },
          { target: 'listing', actions: 'keepOffers', description: 'Spec section 2: the list with its prices.' },
        ],
        onError: { target: 'offersFailed', description: 'The offers could not be read.' },
      },
    },
    offersFailed: {
      tags: ['technical'],
      description: 'Nothing is offered until the offers are read; the customer may try again.',
      on: { 'lineOrder.reload': { target: 'loadingOffers', description: 'Read the offers again.' } },
    },
    refused: {
      description: 'Spec section 1: "Both need an active main plan"; section 8: 120079, 120080; section 5: "Data add-on max five per cycle". The list shows the offers and why none can be ordered now.',
    },
    listing: {
      description: 'Spec section 2: the list, with prices, validity and destinations.',
      on: {
        'offer.choose': { guard: 'offerExists', target: 'confirming', actions: 'choose', description: 'Spec section 2: the form of the chosen offer.' },
      },
    },
    confirming: {
      description: 'Spec section 2: the form: the chosen offer, its price and from when to when it applies; section 5: "Terms must be accepted before ordering".',
      on: {
        'offer.choose': { guard: 'offerExists', actions: 'choose', description: 'Another offer of the list.' },
        'months.choose': { actions: 'chooseMonths', description: 'Spec section 1: "Multi-month plans of 1, 3, 6 and 12 months with discounts ... and a 4-month offer".' },
        'terms.toggle': { actions: 'toggleTerms', description: 'Spec section 5: "Terms must be accepted before ordering".' },
        'lineOrder.back': { target: 'listing', description: 'Back to the list.' },
        'lineOrder.submit': [
          { guard: 'formIsValid', target: 'creating', actions: 'prepareSubmission', description: 'The order is created once per body (Idempotency-Key).' },
          { actions: 'markInvalidFields', description: 'Spec section 5: each broken rule is shown next to its field.' },
        ],
      },
    },
    creating: {
      tags: ['busy', 'technical'],
      description: 'The gateway checks the line can take the order (120079, 120080, five add-ons a cycle) and creates it, awaiting payment.',
      invoke: {
        id: 'createOrder', src: 'createOrder',
        input: ({ context }) => context.submission!,
        onDone: { target: 'paying', actions: 'keepOrder', description: 'The order is paid.' },
        onError: { target: 'confirming', actions: 'showProblem', description: 'Spec section 8: the refusal (120079, 120080, the add-on limit) is shown; the choice stays.' },
      },
    },
    loadingOrder: {
      tags: ['busy', 'technical'],
      description: 'The order of the result link is read.',
      invoke: {
        id: 'loadOrder', src: 'loadOrder',
        input: ({ context }) => ({ orderNo: context.lookupOrderNo ?? '' }),
        onDone: [
          { guard: 'orderIsPaid', target: 'paid', actions: 'keepOrder', description: 'Spec section 4: "Payment: success".' },
          { guard: 'orderIsClosed', target: 'failed', actions: 'keepOrder', description: 'An order closed unpaid (or refused when its money arrived, and given back): it can only be ordered again.' },
          { target: 'paying', actions: 'keepOrder', description: 'Not paid yet: the payment reads its own status.' },
        ],
        onError: { target: 'orderFailed', description: 'The order could not be read.' },
      },
    },
    orderFailed: {
      tags: ['technical'],
      description: 'Nothing is shown about an order that could not be read; the customer may try again or start a new one.',
      on: {
        'lineOrder.reload': { target: 'loadingOrder', description: 'Read the order again.' },
        'lineOrder.again': { target: 'loadingOffers', actions: 'startOver', description: 'Back to the list.' },
      },
    },
    paying: {
      description: 'Spec section 4, Payment; section 3: "General account (business-exclusive; plans, add-ons, roaming, dual number)": paid by card, saved card, the balance (120081 when short, 120088 when refused) or WeChat Pay (the `payment` chart).',
      initial: 'open',
      invoke: {
        id: 'payment', src: 'payment',
        input: ({ context }) => ({
          reference: context.order?.orderNo ?? '', amountCents: context.order?.amountCents ?? 0, methods: context.order?.payMethods ?? [],
          orderToken: null, loggedIn: true, cardholderName: '',
        }),
        onSnapshot: [
          { guard: 'paymentIsUnsettled', target: '.locked', description: 'Issue 3: "payment never charges twice": while money may have been taken and its outcome is unknown, the order cannot be changed.' },
          { target: '.open', description: 'Nothing is being paid: the order may be changed.' },
        ],
        onDone: [
          { guard: 'paymentWasMade', target: 'paid', description: 'Spec section 4: "Payment: success"; the line is given what was bought, once.' },
          { guard: 'paymentInfoExpired', target: 'expired', description: 'Spec section 4: "Response code 120087 (payment info expired): dialog; on confirm go home."' },
          { target: 'failed', actions: 'keepFailure', description: 'Spec section 4: "Payment: ... failure with repay option".' },
        ],
        onError: { target: 'failed', description: 'The payment stopped unexpectedly: the customer may pay again.' },
      },
      states: {
        locked: { tags: ['technical'], description: 'A payment is running or a QR code is open: the order stays as it is.' },
        open: {
          tags: ['technical'],
          description: 'Spec section 4: "Payment: success or failure with repay option": nothing is being paid yet, so the customer may go back and change the order.',
          on: { 'lineOrder.edit': { target: `#${id}.loadingOffers`, actions: 'editOrder', description: 'Back to the form with the choice, the offers read again; a changed order is a new one.' } },
        },
      },
    },
    failed: {
      description: 'Spec section 2: resultError; section 8: "payment failed ... buttons repay or view more": nothing was given to the line.',
      on: {
        'lineOrder.retry': { guard: 'orderIsOpen', target: 'paying', description: 'Spec section 4: "repay": the same order is paid again (a new attempt). Not an order closed unpaid: spec section 8, "do not resubmit, refresh to reorder".' },
        'lineOrder.edit': { target: 'loadingOffers', actions: 'editOrder', description: 'The form again, with the choice, the offers read again.' },
      },
    },
    paid: {
      description: 'Spec section 2: "result/{orderNo}": paid; section 4: "A changed plan starts when the current one expires", shown with its date.',
      on: { 'lineOrder.again': { target: 'loadingOffers', actions: 'startOver', description: 'Order something else: the list again.' } },
    },
    expired: {
      type: 'final',
      description: 'Spec section 4: "120087 (payment info expired): dialog; on confirm go home."',
    },
  },
});

export type LineOrderMachine = ReturnType<typeof lineOrderMachine>;

/** The four charts (machines/index.ts registers each). */
export const bundleChangeMachine = lineOrderMachine('bundleChange', 'planChange');
export const flowPacketMachine = lineOrderMachine('flowPacket', 'addOn');
export const roamPackMachine = lineOrderMachine('roamPack', 'roaming');
export const globalRenewalMachine = lineOrderMachine('globalRenewal', 'globalRenewal');
