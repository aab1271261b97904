/**
 * /personal/protect, /personal/protect/payment and /personal/protect/result/{orderNo} (spec section 2; issue 16): the
 * customer's pages of number keeping. Keeping's own states are the server's `numberProtect` lifecycle; this chart is the
 * pages: reading where the number stands, choosing the 30-day periods, the order and its payment by the `payment`
 * chart (card, saved card, the General balance, WeChat Pay), the result, and the early end with its confirmation.
 * Nothing chosen is lost on an error. Technical states carry the tag 'technical'.
 * Pure: loadProtect, createOrder, loadOrder, endEarly and the payment are named actors the host provides
 * (src/app/flows/protect.ts).
 */
import { assign, fromPromise, setup, type NonReducibleUnknown } from 'xstate';
import type { PaymentFailure } from '../src/contract/payments';
import type { ProtectData, ProtectFormInput, ProtectOrderData } from '../src/contract/protect';
import { toProblem, type Problem } from './login.machine';
import { PAYMENT_UNSETTLED, newAttemptKey, paymentMachine, type PaymentOutput } from './payment.machine';

export type ProtectEntry = { kind: 'page' } | { kind: 'status'; orderNo: string };
export interface ProtectSubmission { body: ProtectFormInput; key: string }

export interface ProtectPageContext {
  data: ProtectData | null;
  /** The periods chosen (1 to the periods left of the 120 days). */
  periods: number;
  problem: Problem | null;
  /** The last body sent and its Idempotency-Key: the same body again (a retry, a double click) is the same order. */
  submission: ProtectSubmission | null;
  order: ProtectOrderData | null;
  lookupOrderNo: string | null;
  failure: PaymentFailure | null;
}

export type ProtectPageEvent =
  | { type: 'protect.open'; entry: ProtectEntry }
  | { type: 'periods.choose'; periods: number }
  | { type: 'protect.buy' }
  | { type: 'protect.change' }
  | { type: 'protect.retry' }
  | { type: 'protect.reload' }
  | { type: 'protect.done' }
  | { type: 'earlyEnd.ask' }
  | { type: 'earlyEnd.confirm' }
  | { type: 'earlyEnd.cancel' };

const hostProvides = <O, I = NonReducibleUnknown>() => fromPromise<O, I>(() => Promise.reject(new Error('provided by the host (src/app/flows/protect.ts)')));
const outputOf = <T>(e: unknown) => (e as { output?: T }).output;

export const protectPageMachine = setup({
  types: { context: {} as ProtectPageContext, events: {} as ProtectPageEvent },
  actors: {
    /** protectInfo: where the number stands. */
    loadProtect: hostProvides<ProtectData>(),
    /** protectCreate with the submission's Idempotency-Key. */
    createOrder: hostProvides<ProtectOrderData, ProtectSubmission>(),
    /** protectDetail: an order the customer asked for (a result link, a reload). */
    loadOrder: hostProvides<ProtectOrderData, { orderNo: string }>(),
    /** protectEndEarly. */
    endEarly: hostProvides<ProtectData>(),
    payment: paymentMachine,
  },
  guards: {
    opensStatus: ({ event }) => event.type === 'protect.open' && event.entry.kind === 'status',
    periodsFit: ({ context, event }) => event.type === 'periods.choose' && Number.isInteger(event.periods) && event.periods >= 1
      && event.periods <= Math.max(1, context.data?.periodsLeft ?? 0),
    canBuy: ({ context }) => Boolean(context.data?.canBuy) && context.periods >= 1 && context.periods <= (context.data?.periodsLeft ?? 0),
    isKept: ({ context }) => context.data?.state === 'kept',
    orderIsPaid: ({ event }) => outputOf<ProtectOrderData>(event)?.status === 'paid',
    orderIsClosed: ({ event }) => outputOf<ProtectOrderData>(event)?.status === 'cancelled',
    orderIsOpen: ({ context }) => context.order?.status !== 'cancelled',
    paymentIsUnsettled: ({ event }) => Boolean((event as { snapshot?: { hasTag?(tag: string): boolean } }).snapshot?.hasTag?.(PAYMENT_UNSETTLED)),
    paymentWasMade: ({ event }) => outputOf<PaymentOutput>(event)?.outcome === 'paid',
    paymentInfoExpired: ({ event }) => outputOf<PaymentOutput>(event)?.outcome === 'expired',
  },
  actions: {
    open: assign(({ event }) => (event.type === 'protect.open' && event.entry.kind === 'status' ? { lookupOrderNo: event.entry.orderNo } : {})),
    keepData: assign(({ context, event }) => {
      const data = outputOf<ProtectData>(event) ?? null;
      // The choice stays while it fits what is left of the 120 days.
      const left = Math.max(1, data?.periodsLeft ?? 1);
      return { data, periods: Math.min(Math.max(1, context.periods), left) };
    }),
    keepDataAfterEnd: assign({ data: ({ event }) => outputOf<ProtectData>(event) ?? null, problem: null }),
    choose: assign(({ event }) => (event.type === 'periods.choose' ? { periods: event.periods, problem: null } : {})),
    markNotBuyable: assign(({ context }) => ({
      problem: { code: context.data?.refusal ?? 'protectUnavailable', message: '', status: 409 },
    })),
    prepareSubmission: assign(({ context }) => {
      const body: ProtectFormInput = { periods: context.periods };
      const same = context.submission && JSON.stringify(context.submission.body) === JSON.stringify(body);
      return { submission: same ? context.submission : { body, key: newAttemptKey() }, problem: null };
    }),
    keepOrder: assign({ order: ({ event }) => outputOf<ProtectOrderData>(event) ?? null, failure: null }),
    showProblem: assign({ problem: ({ event }) => toProblem((event as { error?: unknown }).error) }),
    clearProblem: assign({ problem: null }),
    keepFailure: assign({ failure: ({ event }) => outputOf<PaymentOutput>(event)?.failure ?? null }),
    /** Back to the page with the periods of the order (it may have been opened from a result link). */
    backToPage: assign(({ context }) => ({
      periods: context.order?.periods ?? context.periods, order: null, failure: null, problem: null, lookupOrderNo: null,
    })),
    startOver: assign({ order: null, failure: null, problem: null, lookupOrderNo: null, submission: null }),
  },
}).createMachine({
  id: 'protectPage',
  description: 'Spec section 2: "/personal/protect, /personal/protect/payment, /personal/protect/result/{orderNo}"; spec section 4: "Number keeping (protect): starts at least the day after plan expiry; 30 days per period, max 120 days total; early end takes 4-5 hours, no refund; number kept 90 days suspended, then recycled." Keeping\'s own states are the server\'s numberProtect chart.',
  context: { data: null, periods: 1, problem: null, submission: null, order: null, lookupOrderNo: null, failure: null },
  initial: 'opening',
  states: {
    opening: {
      tags: ['technical'],
      description: 'The page decides where the flow starts: the keeping page, or an order named by its result link.',
      on: {
        'protect.open': [
          { guard: 'opensStatus', target: 'loadingOrder', actions: 'open', description: 'Spec section 2: "/personal/protect/result/{orderNo}": the order is read again.' },
          { target: 'loading', description: 'Spec section 2: "/personal/protect": where the number stands is read.' },
        ],
      },
    },
    loading: {
      tags: ['busy', 'technical'],
      description: 'Reads the number\'s keeping from the gateway.',
      invoke: {
        id: 'loadProtect', src: 'loadProtect',
        onDone: { target: 'showing', actions: 'keepData', description: 'The page shows keeping as the gateway has it.' },
        onError: { target: 'loadFailed', actions: 'showProblem', description: 'Spec section 8: the error is shown (an account without a US line: "no US line").' },
      },
    },
    loadFailed: {
      tags: ['technical'],
      description: 'Keeping could not be read: the page says why; the customer may try again.',
      on: { 'protect.reload': { target: 'loading', description: 'Try again.' } },
    },
    showing: {
      description: 'Spec section 4: "starts at least the day after plan expiry; 30 days per period, max 120 days total": whether keeping can be bought now, the periods bought, the days left of the 120, until when the number is kept, and what follows its end.',
      on: {
        'periods.choose': { guard: 'periodsFit', actions: 'choose', description: 'Spec section 4: "30 days per period, max 120 days total": as many periods as the 120 days leave.' },
        'protect.buy': [
          { guard: 'canBuy', target: 'creating', actions: 'prepareSubmission', description: 'Spec section 9: "$3.00 plus tax per 30 days": the order is created once per choice (Idempotency-Key).' },
          { actions: 'markNotBuyable', description: 'Spec section 4: "starts at least the day after plan expiry"; "max 120 days total": why keeping cannot be bought now.' },
        ],
        'earlyEnd.ask': { guard: 'isKept', target: 'confirmingEnd', actions: 'clearProblem', description: 'Spec section 4: "early end takes 4-5 hours, no refund": the customer is asked to confirm.' },
        'protect.reload': { target: 'loading', description: 'Look again (an early end took effect meanwhile).' },
      },
    },
    confirmingEnd: {
      description: 'Spec section 4: "early end takes 4-5 hours, no refund": the dialog says so before anything changes.',
      on: {
        'earlyEnd.confirm': { target: 'ending', description: 'Confirmed: keeping ends in 4-5 hours.' },
        'earlyEnd.cancel': { target: 'showing', description: 'Nothing changes: the number stays kept.' },
      },
    },
    ending: {
      tags: ['busy', 'technical'],
      description: 'The early end is sent to the gateway.',
      invoke: {
        id: 'endEarly', src: 'endEarly',
        onDone: { target: 'showing', actions: 'keepDataAfterEnd', description: 'Spec section 4: "early end takes 4-5 hours": the page shows when it takes effect.' },
        onError: { target: 'showing', actions: 'showProblem', description: 'Spec section 8: the error is shown (keeping moved meanwhile).' },
      },
    },
    creating: {
      tags: ['busy', 'technical'],
      description: 'The gateway checks the number can be kept (the day after expiry, the 120 days) and creates the order, awaiting payment.',
      invoke: {
        id: 'createOrder', src: 'createOrder',
        input: ({ context }) => context.submission!,
        onDone: { target: 'paying', actions: 'keepOrder', description: 'The order is paid.' },
        onError: { target: 'showing', actions: 'showProblem', description: 'Spec section 8: the refusal (too early, 120 days, tax info) is shown; the choice stays.' },
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
          { guard: 'orderIsClosed', target: 'failed', actions: 'keepOrder', description: 'An order closed unpaid (refused when its money arrived, and given back): it can only be ordered again.' },
          { target: 'paying', actions: 'keepOrder', description: 'Not paid yet: the payment reads its own status.' },
        ],
        onError: { target: 'orderFailed', actions: 'showProblem', description: 'The order could not be read.' },
      },
    },
    orderFailed: {
      tags: ['technical'],
      description: 'Nothing is shown about an order that could not be read; the customer may try again or go back to the page.',
      on: {
        'protect.reload': { target: 'loadingOrder', description: 'Read the order again.' },
        'protect.done': { target: 'loading', actions: 'startOver', description: 'Back to the keeping page.' },
      },
    },
    paying: {
      description: 'Spec section 2: "/personal/protect/payment"; spec section 4, Payment: paid by card, saved card, the General balance (120081 when short) or WeChat Pay (the `payment` chart).',
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
          { guard: 'paymentWasMade', target: 'paid', description: 'Spec section 4: "Payment: success"; the number is kept for the days bought, once.' },
          { guard: 'paymentInfoExpired', target: 'expired', description: 'Spec section 4: "Response code 120087 (payment info expired): dialog; on confirm go home."' },
          { target: 'failed', actions: 'keepFailure', description: 'Spec section 4: "Payment: ... failure with repay option".' },
        ],
        onError: { target: 'failed', description: 'The payment stopped unexpectedly: the customer may pay again.' },
      },
      states: {
        locked: { tags: ['technical'], description: 'A payment is running or a QR code is open: the order stays as it is.' },
        open: {
          tags: ['technical'],
          description: 'Spec section 4: "Payment: success or failure with repay option": nothing is being paid yet, so the customer may go back and change the periods.',
          on: { 'protect.change': { target: '#protectPage.loading', actions: 'backToPage', description: 'Back to the page with the periods chosen; a changed order is a new one.' } },
        },
      },
    },
    failed: {
      description: 'Spec section 8: "payment failed ... buttons repay or view more": nothing was kept.',
      on: {
        'protect.retry': { guard: 'orderIsOpen', target: 'paying', description: 'Spec section 4: "repay": the same order is paid again (a new attempt). Not an order closed unpaid: spec section 8, "do not resubmit, refresh to reorder".' },
        'protect.change': { target: 'loading', actions: 'backToPage', description: 'Back to the page, the periods kept, keeping read again.' },
      },
    },
    paid: {
      description: 'Spec section 2: "/personal/protect/result/{orderNo}": paid; spec section 4: "30 days per period": the number is kept until the date shown.',
      on: { 'protect.done': { target: 'loading', actions: 'startOver', description: 'Back to the keeping page: the periods bought, the days left, the early end.' } },
    },
    expired: {
      type: 'final',
      description: 'Spec section 4: "120087 (payment info expired): dialog; on confirm go home."',
    },
  },
});

export type ProtectPageMachine = typeof protectPageMachine;
