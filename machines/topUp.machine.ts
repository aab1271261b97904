/**
 * Top-up (spec section 2: "/personal/pay/changeAccount (top-up), /personal/pay/confirmPay, /personal/pay/payStatus/
 * {orderNo}"; section 2 screen content: "Top-up: General account or ILD account, payment confirmation, payment
 * status"; section 3, Recharge: "phone number, amount, account type"; section 5: "Top-up: amount integer 1-9999;
 * number required and correct"). The top-up is paid by the payment chart (invoked as the child `payment`), the same
 * chart checkout uses. Technical states are tagged 'technical'; the others are business states (the spec's), as in the other charts; a technical one
 * (loading, saving), which the overview folds into its parent.
 * Pure: createTopUp, loadTopUp and the payment are named actors that the host provides (src/app/flows/topUp.ts).
 */
import { assign, fromPromise, setup, type NonReducibleUnknown } from 'xstate';
import { topUpForm, type TopUpAccount, type TopUpData, type TopUpFormInput } from '../src/contract/money';
import type { PaymentFailure } from '../src/contract/payments';
import { toProblem, type Problem } from './login.machine';
import { PAYMENT_UNSETTLED, newAttemptKey, paymentMachine, type PaymentOutput } from './payment.machine';

export type TopUpField = 'account' | 'phone' | 'amount';
export interface TopUpDraft { account: TopUpAccount; phone: string; amount: string }
export type TopUpFieldErrors = Partial<Record<TopUpField, string[]>>;

/** What the customer typed, as the gateway reads it: the amount a number when it is written as one. */
export const topUpBody = (d: TopUpDraft): Record<string, unknown> => {
  const text = d.amount.trim();
  const amount = text === '' ? undefined : /^\d+(\.\d+)?$/.test(text) ? Number(text) : 0.5;
  return { account: d.account, phone: d.phone, amount };
};

/** Spec section 5: "amount integer 1-9999; number required and correct" — the contract's own rules, one message a field. */
export const topUpProblems = (d: TopUpDraft): TopUpFieldErrors => {
  const parsed = topUpForm.safeParse(topUpBody(d));
  if (parsed.success) return {};
  const out: TopUpFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as TopUpField;
    if (!out[field]) out[field] = [issue.message];
  }
  return out;
};

export interface TopUpInput {
  /** The customer's own number: the form starts with it (a friend's number may be typed instead). */
  defaultPhone: string;
}
export type TopUpEntry = { kind: 'form' } | { kind: 'status'; orderNo: string };
export interface TopUpSubmission { body: TopUpFormInput; key: string }

export interface TopUpContext {
  draft: TopUpDraft;
  fieldErrors: TopUpFieldErrors;
  problem: Problem | null;
  /** The last body sent and its Idempotency-Key: the same body again (a retry, a double click) is the same top-up. */
  submission: TopUpSubmission | null;
  topUp: TopUpData | null;
  lookupOrderNo: string | null;
  failure: PaymentFailure | null;
}

export type TopUpEvent =
  | { type: 'topUp.open'; entry: TopUpEntry }
  | { type: 'field.change'; field: TopUpField; value: string }
  | { type: 'topUp.submit' }
  | { type: 'topUp.edit' }
  | { type: 'topUp.retry' }
  | { type: 'topUp.reload' };

const hostProvides = <O, I = NonReducibleUnknown>() => fromPromise<O, I>(() => Promise.reject(new Error('provided by the host (src/app/flows/topUp.ts)')));
const outputOf = <T>(e: unknown) => (e as { output?: T }).output;
const loaded = (e: unknown) => outputOf<TopUpData>(e);

export const topUpMachine = setup({
  types: { context: {} as TopUpContext, events: {} as TopUpEvent, input: {} as TopUpInput },
  actors: {
    /** topUpCreate with the submission's Idempotency-Key. */
    createTopUp: hostProvides<TopUpData, TopUpSubmission>(),
    /** topUpDetail: a top-up the customer asked for (a status link, a reload). */
    loadTopUp: hostProvides<TopUpData, { orderNo: string }>(),
    payment: paymentMachine,
  },
  guards: {
    opensStatus: ({ event }) => event.type === 'topUp.open' && event.entry.kind === 'status',
    formIsValid: ({ context }) => Object.keys(topUpProblems(context.draft)).length === 0,
    topUpIsPaid: ({ event }) => loaded(event)?.status === 'paid',
    topUpIsClosed: ({ event }) => loaded(event)?.status === 'cancelled',
    paymentIsUnsettled: ({ event }) => Boolean((event as { snapshot?: { hasTag?(tag: string): boolean } }).snapshot?.hasTag?.(PAYMENT_UNSETTLED)),
    paymentWasMade: ({ event }) => outputOf<PaymentOutput>(event)?.outcome === 'paid',
    paymentInfoExpired: ({ event }) => outputOf<PaymentOutput>(event)?.outcome === 'expired',
  },
  actions: {
    open: assign(({ event }) => (event.type === 'topUp.open' && event.entry.kind === 'status' ? { lookupOrderNo: event.entry.orderNo } : {})),
    rememberTyping: assign(({ context, event }) => (event.type === 'field.change'
      ? { draft: { ...context.draft, [event.field]: event.value }, fieldErrors: { ...context.fieldErrors, [event.field]: undefined }, problem: null }
      : {})),
    markInvalidFields: assign(({ context }) => ({ fieldErrors: topUpProblems(context.draft) })),
    prepareSubmission: assign(({ context }) => {
      const body = topUpBody(context.draft) as TopUpFormInput;
      const same = context.submission && JSON.stringify(context.submission.body) === JSON.stringify(body);
      return { submission: same ? context.submission : { body, key: newAttemptKey() }, fieldErrors: {}, problem: null };
    }),
    keepTopUp: assign({ topUp: ({ event }) => loaded(event) ?? null, failure: null }),
    showProblem: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      const problem = toProblem(error);
      const field = (error as { data?: { field?: unknown } } | undefined)?.data?.field;
      // A refusal about a field is shown next to it; anything else above the form.
      return typeof field === 'string' && ['account', 'phone', 'amount'].includes(field)
        ? { fieldErrors: { [field as TopUpField]: [problem.message] }, problem: null }
        : { problem };
    }),
    keepFailure: assign({ failure: ({ event }) => outputOf<PaymentOutput>(event)?.failure ?? null }),
    startOver: assign({ topUp: null, failure: null, problem: null, lookupOrderNo: null }),
  },
}).createMachine({
  id: 'topUp',
  description: 'Spec section 2: "Top-up: General account or ILD account, payment confirmation, payment status".',
  context: ({ input }) => ({
    draft: { account: 'general', phone: input.defaultPhone, amount: '' }, fieldErrors: {}, problem: null, submission: null,
    topUp: null, lookupOrderNo: null, failure: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      tags: ['technical'],
      description: 'The page decides where the flow starts: the form, or a top-up named by its status link.',
      on: {
        'topUp.open': [
          { guard: 'opensStatus', target: 'loading', actions: 'open', description: 'Spec section 2: "/personal/pay/payStatus/{orderNo}": the top-up is read again.' },
          { target: 'editing', description: 'Spec section 2: "/personal/pay/changeAccount (top-up)".' },
        ],
      },
    },
    editing: {
      description: 'Spec section 3, Recharge: "phone number, amount, account type"; section 5: "Top-up: amount integer 1-9999; number required and correct".',
      on: {
        'field.change': { actions: 'rememberTyping', description: 'Nothing the customer typed is lost.' },
        'topUp.submit': [
          { guard: 'formIsValid', target: 'creating', actions: 'prepareSubmission', description: 'Spec section 5: every rule holds; the top-up is created once per body (Idempotency-Key).' },
          { actions: 'markInvalidFields', description: 'Spec section 5: each broken rule is shown next to its field.' },
        ],
      },
    },
    creating: {
      tags: ['busy', 'technical'],
      description: 'The gateway checks the number is one of its lines in service and creates the top-up, awaiting payment.',
      invoke: {
        id: 'createTopUp', src: 'createTopUp',
        input: ({ context }) => context.submission!,
        onDone: { target: 'paying', actions: 'keepTopUp', description: 'Spec section 2: "/personal/pay/confirmPay": the top-up is confirmed and paid.' },
        onError: { target: 'editing', actions: 'showProblem', description: 'Spec section 5: "number required and correct": the refusal is shown; what was typed stays.' },
      },
    },
    loading: {
      tags: ['busy', 'technical'],
      description: 'The top-up of the status link is read.',
      invoke: {
        id: 'loadTopUp', src: 'loadTopUp',
        input: ({ context }) => ({ orderNo: context.lookupOrderNo ?? '' }),
        onDone: [
          { guard: 'topUpIsPaid', target: 'paid', actions: 'keepTopUp', description: 'Spec section 4: "Payment: success".' },
          { guard: 'topUpIsClosed', target: 'failed', actions: 'keepTopUp', description: 'A top-up closed unpaid: it can only be made again.' },
          { target: 'paying', actions: 'keepTopUp', description: 'Not paid yet: the payment reads its own status (a QR code still open, a card payment running, a failure to pay again).' },
        ],
        onError: { target: 'loadFailed', description: 'The top-up could not be read (no such top-up of this customer, or the network).' },
      },
    },
    loadFailed: {
      tags: ['technical'],
      description: 'Nothing is shown about a top-up that could not be read; the customer may try again or start a new one.',
      on: {
        'topUp.reload': { target: 'loading', description: 'Read the top-up again.' },
        'topUp.edit': { target: 'editing', actions: 'startOver', description: 'Start a new top-up.' },
      },
    },
    paying: {
      description: 'Spec section 2: "payment confirmation": the top-up is paid by card, saved card or WeChat Pay (the `payment` chart); never from the balance it tops up.',
      initial: 'open',
      invoke: {
        id: 'payment', src: 'payment',
        input: ({ context }) => ({
          reference: context.topUp?.orderNo ?? '', amountCents: context.topUp?.amountCents ?? 0, methods: context.topUp?.payMethods ?? [],
          orderToken: null, loggedIn: true, cardholderName: '',
        }),
        onSnapshot: [
          { guard: 'paymentIsUnsettled', target: '.locked', description: 'Issue 3: "payment never charges twice": while money may have been taken and its outcome is unknown, the top-up cannot be changed.' },
          { target: '.open', description: 'Nothing is being paid: the top-up may be changed.' },
        ],
        onDone: [
          { guard: 'paymentWasMade', target: 'paid', description: 'Spec section 4: "Payment: success"; the account is credited once (decision 0020).' },
          { guard: 'paymentInfoExpired', target: 'expired', description: 'Spec section 4: "Response code 120087 (payment info expired): dialog; on confirm go home."' },
          { target: 'failed', actions: 'keepFailure', description: 'Spec section 4: "Payment: ... failure with repay option".' },
        ],
        onError: { target: 'failed', description: 'The payment stopped unexpectedly: the customer may pay again.' },
      },
      states: {
        locked: { tags: ['technical'], description: 'A payment is running or a QR code is open: the top-up stays as it is.' },
        open: {
          tags: ['technical'],
          description: 'Nothing is being paid: the customer may go back and change the top-up.',
          on: { 'topUp.edit': { target: '#topUp.editing', description: 'Back to the form with what was typed; a changed top-up is a new one.' } },
        },
      },
    },
    failed: {
      description: 'Spec section 8: "payment failed ... buttons repay or view more": nothing was credited.',
      on: {
        'topUp.retry': { target: 'paying', description: 'Spec section 4: "repay": the same top-up is paid again (a new attempt).' },
        'topUp.edit': { target: 'editing', actions: 'startOver', description: 'Another top-up: the form again, with what was typed.' },
      },
    },
    paid: {
      description: 'Spec section 2: "payment status": paid; the General or ILD account of the number was credited once.',
      on: { 'topUp.edit': { target: 'editing', actions: 'startOver', description: 'Top up again: the form, with the number and account kept.' } },
    },
    expired: {
      type: 'final',
      description: 'Spec section 4: "120087 (payment info expired): dialog; on confirm go home."',
    },
  },
});

export type TopUpMachine = typeof topUpMachine;
