/**
 * Payment (spec sections 3 and 4), one flow reused by checkout, top-up, renewal, protect and dual number.
 * Spec section 3: "Pay methods map: account to ACCOUNT, bank_card to SQUARE_CARD_PAY, wechat_pay to WECHAT_PAY,
 * default_card to DEFAULT_CARD." Spec section 4: "Payment: success or failure with repay option"; "120087 (payment
 * info expired): dialog; on confirm go home."
 * Pure: the balance, the saved cards, the provider's card form, payOrder and payStatus are named actors that the
 * host provides (src/app/flows/payment.ts). The card number and CVV never reach this chart: the provider's card
 * form (its own origin) answers a single-use token.
 * Every state in which money may have been taken, or is being taken, and the outcome is not known yet carries the tag
 * `unsettled` (PAYMENT_UNSETTLED): a flow that pays an order reads it to keep the order unchanged meanwhile.
 */
import { type NonReducibleUnknown, assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { newAttemptKey } from './parts/attemptKey';
import type { CardFieldError, TokenDetails } from '../src/contract/cardSdk';
import type { PayMethod } from '../src/contract/personal';
import type { PaymentFailure, PaymentResult } from '../src/contract/payments';
import { isCardHolderName } from '../src/domain/names';
import { toProblem, type Problem } from './login.machine';

/** What the payment is for and how it may be paid. */
export interface PaymentInput {
  /** What is paid: an order number (later: top-up, renewal ... references). */
  reference: string;
  amountCents: number;
  /** Methods the gateway allows for this payment (spec section 3 supportPayMethods). */
  methods: readonly PayMethod[];
  /** Reads and pays the order without an account (X-Order-Token). */
  orderToken: string | null;
  /** Only a logged-in customer may keep the new card on file. */
  loggedIn: boolean;
  /**
   * The name the customer already typed (the order's English name, first then last): the new card's holder name starts
   * with it. It is our page's field, not the provider's card form: nothing is passed into the card iframe.
   */
  cardholderName?: string;
}

export interface SavedCard { id: number; brand: string; last4: string; expMonth: number; expYear: number; holderName: string; isDefault: boolean }

export interface WechatCode { codeUrl: string; expiresAt: string; sandboxPhoneUrl: string | null }

export type PaymentOutcome = 'paid' | 'failed' | 'expired';
export interface PaymentOutput { outcome: PaymentOutcome; failure: PaymentFailure | null; result: PaymentResult | null }

/** The tag of the states whose outcome is not known yet: a payment is running, its answer was lost, or a QR code is open. */
export const PAYMENT_UNSETTLED = 'unsettled';

export interface PaymentContext extends PaymentInput {
  method: PayMethod;
  balanceCents: number | null;
  cards: SavedCard[];
  cardId: number | null;
  cardholderName: string;
  saveCard: boolean;
  /** Field errors of our own fields (i18n keys). */
  fieldErrors: { cardholderName?: string[] };
  /** What the provider's card form said about the card fields (already in the customer's language). */
  cardErrors: CardFieldError[];
  /** The single-use token and what the provider says about the card. */
  sourceId: string | null;
  card: TokenDetails['card'] | null;
  /** One key per payment attempt; a retry of the same attempt after a lost answer reuses it. */
  attemptKey: string | null;
  wechat: WechatCode | null;
  /** The shown QR code's lifetime has run out: the next status answer decides between paid and "code expired". */
  codeLapsed: boolean;
  result: PaymentResult | null;
  problem: Problem | null;
  outcome: PaymentOutcome | null;
}

export type PaymentEvent =
  | { type: 'method.choose'; method: PayMethod }
  | { type: 'field.change'; field: 'cardholderName'; value: string }
  | { type: 'field.change'; field: 'saveCard'; value: boolean }
  | { type: 'card.select'; cardId: number }
  | { type: 'payment.submit' }
  | { type: 'payment.retry' }
  | { type: 'balance.retry' }
  | { type: 'cards.retry' }
  | { type: 'cardForm.retry' }
  /** From the card form actor (the provider's iframe, through the host). */
  | { type: 'cardForm.ready' }
  | { type: 'cardForm.failed'; error?: unknown }
  | { type: 'cardForm.tokenized'; token: string; details: TokenDetails }
  | { type: 'cardForm.invalid'; errors: CardFieldError[] }
  | { type: 'cardForm.error'; message: string };

/** Sent to the card form actor. */
export type CardFormCommand = { type: 'cardForm.tokenize' };

export interface PayOrderInput {
  orderNo: string;
  method: PayMethod;
  sourceId: string | null;
  cardId: number | null;
  cardholderName: string | null;
  saveCard: boolean;
  idempotencyKey: string;
  orderToken: string | null;
}
export interface PayStatusInput { orderNo: string; orderToken: string | null }

/**
 * How often the page asks payStatus while a QR code is shown or a payment is pending. The notification reaches the
 * gateway, not the page, so the page asks; two seconds is the product's choice (neither the spec nor the issue says).
 */
export const WECHAT_POLL_MS = 2_000;
const MAX_TIMER_MS = 2_147_483_647;

/** A random key (UUID v4 layout) from Web Crypto, which browsers and Node both have (parts/attemptKey.ts). */
export { newAttemptKey };

/** The method shown first: the saved card of a customer who has one, else a new card, else what the gateway lists first. */
export const preferredMethod = (methods: readonly PayMethod[]): PayMethod =>
  (['default_card', 'bank_card', 'wechat_pay', 'account'] as const).find((m) => methods.includes(m)) ?? 'bank_card';

export const cardholderProblems = (name: string): string[] => {
  if (!name.trim()) return ['validation:cardholder.required'];
  return isCardHolderName(name) ? [] : ['validation:cardholder.letters'];
};

const outputOf = (e: unknown) => (e as { output?: PaymentResult | null }).output ?? null;
const errorOf = (e: unknown) => toProblem((e as { error?: unknown }).error);

const hostProvides = <O, I = NonReducibleUnknown>() => fromPromise<O, I>(() => Promise.reject(new Error('provided by the host (src/app/flows/payment.ts)')));

/** The description shared by every place the customer may switch method. */
const CHOOSE = 'Spec section 3 pay methods map: the customer may switch to any method the gateway allows while nothing is being paid.';
const chooseMethod = { 'method.choose': { guard: 'methodIsAllowed', target: '#payment.choosing', actions: ['keepMethod', 'clearProblems'], description: CHOOSE } } as const;

/** What a payOrder answer can say for a method: declines and single-use tokens belong to the card methods only. */
interface Answers { declines: boolean; tokens: boolean }

/**
 * What a payOrder answer means, the same for every method: paid; a decline with the provider's reason; 120087;
 * "order already paid"; a lost answer (the same attempt can be retried with its key); an attempt already running;
 * any other refusal shown where the customer is.
 */
const payOrderOutcome = (back: string, interrupted: string, answers: Answers) => ({
  onDone: [
    { guard: 'paymentSucceeded', target: '#payment.paid', actions: 'keepResult', description: 'Spec section 4: "Payment: success".' },
    ...(answers.declines ? [{ guard: 'paymentDeclined', target: '#payment.failed', actions: 'keepResult', description: 'Spec section 8: "payment failed (bank refusal, wrong card, address or postcode, insufficient balance ...)" with the provider\'s reason.' } as const] : []),
    { target: '#payment.confirming', actions: 'keepResult', description: 'The gateway could not reach the provider yet: the payment is pending and its outcome is asked for.' },
  ],
  onError: [
    ...(answers.tokens ? [{ guard: 'paymentInfoExpired', target: '#payment.expired', actions: 'showProblem', description: 'Spec section 4: "Response code 120087 (payment info expired): dialog; on confirm go home." (the card\'s single-use token was used or expired, or the provider no longer keeps the card on file).' } as const] : []),
    { guard: 'orderAlreadyPaid', target: '#payment.confirming', description: 'Spec section 8 "do not resubmit, refresh to reorder": the order is already paid (another tab, a QR code paid on the phone); payStatus answers the attempt that paid it.' },
    { guard: 'callWasInterrupted', target: interrupted, actions: 'showProblem', description: 'The answer was lost (network, timeout, server error): the same attempt may be retried with the same idempotency key, so it never charges twice.' },
    { guard: 'attemptAlreadyRunning', target: '#payment.confirming', description: 'Spec section 8 "120086 do not submit twice": a payment of this order is already running (another tab, or one sent before a reload); its outcome is awaited.' },
    { target: back, actions: 'showProblem', description: 'The gateway refused the payment (e.g. 120081 balance insufficient): its message is shown; nothing typed is lost.' },
  ],
} as const);

const payInput = ({ context }: { context: PaymentContext }): PayOrderInput => ({
  orderNo: context.reference,
  method: context.method,
  sourceId: context.method === 'bank_card' ? context.sourceId : null,
  cardId: context.method === 'default_card' ? context.cardId : null,
  cardholderName: context.method === 'bank_card' ? context.cardholderName.trim() : null,
  saveCard: context.method === 'bank_card' && context.loggedIn && context.saveCard,
  idempotencyKey: context.attemptKey ?? '',
  orderToken: context.orderToken,
});

const retryable = (source: string, description: string) => ({
  description,
  tags: [PAYMENT_UNSETTLED],
  on: { 'payment.retry': { target: source, description: 'The customer retries the same attempt: the same idempotency key, so the gateway answers the first result instead of charging again.' } },
} as const);

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    output: {} as PaymentOutput,
  },
  actors: {
    /** The General account balance (spec section 3: "General account ... plans, add-ons, roaming, dual number"). */
    loadBalance: hostProvides<{ generalCents: number }>(),
    /** The customer's cards on file. */
    loadCards: hostProvides<{ cards: SavedCard[] }>(),
    /**
     * The provider's card form: GET payConfig, load the SDK from the provider's origin, attach the iframe; sends
     * cardForm.ready / cardForm.failed, answers cardForm.tokenize with cardForm.tokenized / .invalid / .error;
     * destroys the iframe when the customer leaves the new-card method.
     */
    cardForm: fromCallback<CardFormCommand>(() => undefined),
    payOrder: hostProvides<PaymentResult, PayOrderInput>(),
    payStatus: hostProvides<PaymentResult | null, PayStatusInput>(),
  },
  delays: {
    wechatPoll: WECHAT_POLL_MS,
    statusPoll: WECHAT_POLL_MS,
    /** Until the QR code's expiry time (WeChat Native pay codes expire); timers cannot wait longer than 2^31-1 ms. */
    wechatCodeLifetime: ({ context }) => Math.min(MAX_TIMER_MS, Math.max(0, Date.parse(context.wechat?.expiresAt ?? '') - Date.now() || 0)),
  },
  guards: {
    methodIsAllowed: ({ context, event }) => event.type === 'method.choose' && context.methods.includes(event.method),
    choseBalance: ({ context }) => context.method === 'account',
    choseSavedCard: ({ context }) => context.method === 'default_card',
    choseWechat: ({ context }) => context.method === 'wechat_pay',
    hasSavedCards: ({ event }) => ((event as { output?: { cards?: SavedCard[] } }).output?.cards?.length ?? 0) > 0,
    cardholderNameIsValid: ({ context }) => cardholderProblems(context.cardholderName).length === 0,
    paymentSucceeded: ({ event }) => outputOf(event)?.status === 'paid',
    paymentDeclined: ({ event }) => outputOf(event)?.status === 'failed',
    wechatCodeShown: ({ event }) => outputOf(event)?.status === 'pending' && outputOf(event)?.wechat != null,
    wechatCodeClosed: ({ event }) => outputOf(event)?.status === 'failed' && outputOf(event)?.failure === 'WECHAT_CLOSED',
    /** A card or balance attempt of this order is pending at the provider (a WeChat QR code never blocks paying). */
    attemptIsRunning: ({ event }) => outputOf(event)?.status === 'pending' && outputOf(event)?.method !== 'wechat_pay',
    codeHasLapsed: ({ context }) => context.codeLapsed,
    paymentInfoExpired: ({ event }) => errorOf(event).code === '120087',
    orderAlreadyPaid: ({ event }) => errorOf(event).code === 'resubmit',
    attemptAlreadyRunning: ({ event }) => errorOf(event).code === '120086',
    callWasInterrupted: ({ event }) => {
      const p = errorOf(event);
      return p.code === 'http' || p.status >= 500 || p.status === 408;
    },
  },
  actions: {
    keepMethod: assign({ method: ({ context, event }) => (event.type === 'method.choose' ? event.method : context.method) }),
    rememberTyping: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return event.field === 'cardholderName'
        ? { cardholderName: event.value, fieldErrors: {} }
        : { saveCard: event.value && context.loggedIn };
    }),
    markInvalidHolder: assign({ fieldErrors: ({ context }) => ({ cardholderName: cardholderProblems(context.cardholderName) }) }),
    clearProblems: assign({ problem: null, fieldErrors: {}, cardErrors: [] }),
    showProblem: assign({ problem: ({ event }) => errorOf(event) }),
    showCardFormError: assign({ problem: ({ event }) => ({ code: 'cardForm', message: event.type === 'cardForm.error' ? event.message : '', status: 0 }) }),
    keepBalance: assign({ balanceCents: ({ event }) => (event as { output?: { generalCents?: number } }).output?.generalCents ?? null }),
    keepCards: assign(({ event }) => {
      const cards = (event as { output?: { cards?: SavedCard[] } }).output?.cards ?? [];
      return { cards, cardId: (cards.find((c) => c.isDefault) ?? cards[0])?.id ?? null };
    }),
    selectCard: assign({ cardId: ({ context, event }) => (event.type === 'card.select' && context.cards.some((c) => c.id === event.cardId) ? event.cardId : context.cardId) }),
    keepCardErrors: assign({ cardErrors: ({ event }) => (event.type === 'cardForm.invalid' ? event.errors : []) }),
    keepToken: assign(({ event }) => (event.type === 'cardForm.tokenized' ? { sourceId: event.token, card: event.details.card } : {})),
    startAttempt: assign({ attemptKey: () => newAttemptKey(), problem: null, codeLapsed: false }),
    askCardFormForToken: sendTo('cardForm', { type: 'cardForm.tokenize' }),
    keepResult: assign({ result: ({ event }) => outputOf(event) }),
    keepWechatCode: assign({ wechat: ({ event }) => outputOf(event)?.wechat ?? null }),
    forgetWechatCode: assign({ wechat: null, codeLapsed: false }),
    markCodeLapsed: assign({ codeLapsed: true }),
    endPaid: assign({ outcome: 'paid' as const }),
    endFailed: assign({ outcome: 'failed' as const }),
    endExpired: assign({ outcome: 'expired' as const }),
  },
}).createMachine({
  id: 'payment',
  description: 'Spec section 3: "Pay methods map: account to ACCOUNT, bank_card to SQUARE_CARD_PAY, wechat_pay to WECHAT_PAY, default_card to DEFAULT_CARD"; spec section 4: "Payment: success or failure with repay option."',
  context: ({ input }) => ({
    ...input,
    method: preferredMethod(input.methods),
    balanceCents: null, cards: [], cardId: null, cardholderName: input.cardholderName ?? '', saveCard: false, fieldErrors: {}, cardErrors: [],
    sourceId: null, card: null, attemptKey: null, wechat: null, codeLapsed: false, result: null, problem: null, outcome: null,
  }),
  initial: 'checkingStatus',
  output: ({ context }) => ({ outcome: context.outcome ?? 'failed', failure: context.result?.failure ?? null, result: context.result }),
  states: {
    checkingStatus: {
      description: 'payStatus first, however the page was opened: the order may already be paid (another tab) or have a card payment still running (a reload, a failure link opened meanwhile).',
      tags: ['technical', PAYMENT_UNSETTLED],
      invoke: {
        id: 'checkEarlierPayment', src: 'payStatus',
        input: ({ context }) => ({ orderNo: context.reference, orderToken: context.orderToken }),
        onDone: [
          { guard: 'paymentSucceeded', target: 'paid', actions: 'keepResult', description: 'Spec section 4: "Payment: success": an earlier attempt paid it; nothing is paid again.' },
          { guard: 'attemptIsRunning', target: 'confirming', description: 'Spec section 8 "120086 do not submit twice": a payment of this order is still running; its outcome is awaited, not shown as failed.' },
          { target: 'choosing', description: 'Nothing paid and nothing running (no attempt yet, or a failed one: "repay"): the customer chooses how to pay.' },
        ],
        onError: { target: 'choosing', description: 'The status could not be read: the customer chooses; the gateway still refuses a second attempt while one runs (120086).' },
      },
    },

    choosing: {
      description: 'Spec section 3 pay methods map: the chosen method decides what the customer sees.',
      always: [
        { guard: 'choseBalance', target: 'account', description: 'Spec section 3: "account to ACCOUNT": the General account balance.' },
        { guard: 'choseSavedCard', target: 'savedCard', description: 'Spec section 3: "default_card to DEFAULT_CARD": a card on file.' },
        { guard: 'choseWechat', target: 'wechat', description: 'Spec section 3: "wechat_pay to WECHAT_PAY".' },
        { target: 'newCard', description: 'Spec section 3: "bank_card to SQUARE_CARD_PAY": a new card, tokenized by the provider.' },
      ],
    },

    account: {
      description: 'Spec section 3: "General account (business-exclusive; plans, add-ons, roaming, dual number)" pays.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Spec section 3, Balances: "General account (business-exclusive; plans, add-ons, roaming, dual number)": the customer sees it and may switch method (pay methods map: account to ACCOUNT).',
          on: chooseMethod,
          initial: 'loadingBalance',
          states: {
            loadingBalance: {
              description: 'The General account balance is read from the gateway.',
              tags: ['technical'],
              invoke: {
                id: 'loadBalance', src: 'loadBalance',
                onDone: { target: 'ready', actions: 'keepBalance', description: 'The balance is shown next to the amount to pay.' },
                onError: { target: 'unavailable', actions: 'showProblem', description: 'The balance could not be read: the customer may try again or choose another method.' },
              },
            },
            ready: {
              description: 'Spec section 8: "120081 plan account balance insufficient": the balance is shown; the gateway decides whether it covers the amount.',
              on: { 'payment.submit': { target: '#payment.account.paying', actions: ['clearProblems', 'startAttempt'], description: 'The customer pays from the General account: a new attempt with its own idempotency key.' } },
            },
            unavailable: {
              description: 'Spec section 8: "502 network error" (or "500 system busy"): the balance could not be read.',
              on: { 'balance.retry': { target: 'loadingBalance', actions: 'clearProblems', description: 'The customer asks again.' } },
            },
          },
        },
        paying: {
          description: 'payOrder with ACCOUNT: the gateway takes the amount from the General account, once per idempotency key.',
          tags: ['technical', 'busy', PAYMENT_UNSETTLED],
          invoke: { id: 'payByBalance', src: 'payOrder', input: payInput, ...payOrderOutcome('#payment.account.idle.ready', '#payment.account.interrupted', { declines: false, tokens: false }) },
        },
        interrupted: retryable('#payment.account.paying', 'Spec section 8: "120086 do not submit twice": the answer of a balance payment was lost; retrying the same attempt cannot charge twice.'),
      },
    },

    savedCard: {
      description: 'Spec section 3: "default_card to DEFAULT_CARD": the card kept on file ("Bank card: ... default flag").',
      initial: 'idle',
      states: {
        idle: {
          description: 'Spec section 3, pay methods map: "default_card to DEFAULT_CARD": the customer picks a saved card or switches method.',
          on: chooseMethod,
          initial: 'loadingCards',
          states: {
            loadingCards: {
              description: "The customer's cards on file (brand, last four, expiry) are read.",
              tags: ['technical'],
              invoke: {
                id: 'loadCards', src: 'loadCards',
                onDone: [
                  { guard: 'hasSavedCards', target: 'ready', actions: 'keepCards', description: 'The default card is chosen first ("Bank card: ... default flag").' },
                  { target: 'noCards', actions: 'keepCards', description: 'No card is on file: the customer is offered a new card.' },
                ],
                onError: { target: 'unavailable', actions: 'showProblem', description: 'The cards could not be read: try again or choose another method.' },
              },
            },
            ready: {
              description: 'Spec section 3, Bank card: "default flag": a saved card is chosen, the default one first.',
              on: {
                'card.select': { target: 'ready', actions: 'selectCard', description: 'The customer picks another saved card.' },
                'payment.submit': { target: '#payment.savedCard.paying', actions: ['clearProblems', 'startAttempt'], description: 'The customer pays with the chosen card on file: a new attempt with its own key.' },
              },
            },
            noCards: { description: 'Spec section 2: /mybank holds the saved cards; none is on file, so the customer switches to a new card ("bank_card to SQUARE_CARD_PAY") or another method.' },
            unavailable: {
              description: 'Spec section 8: "502 network error" (or "500 system busy"): the saved cards could not be read.',
              on: { 'cards.retry': { target: 'loadingCards', actions: 'clearProblems', description: 'The customer asks again.' } },
            },
          },
        },
        paying: {
          description: 'payOrder with DEFAULT_CARD and the card-on-file id: the gateway never sees a card number.',
          tags: ['technical', 'busy', PAYMENT_UNSETTLED],
          invoke: { id: 'payBySavedCard', src: 'payOrder', input: payInput, ...payOrderOutcome('#payment.savedCard.idle.ready', '#payment.savedCard.interrupted', { declines: true, tokens: true }) },
        },
        interrupted: retryable('#payment.savedCard.paying', 'Spec section 8: "120086 do not submit twice": the answer of a saved-card payment was lost; retrying the same attempt cannot charge twice.'),
      },
    },

    newCard: {
      description: 'Spec section 3: "bank_card to SQUARE_CARD_PAY". Issue 3: card entry is tokenized by the provider on its own origin; the gateway sees a single-use token only.',
      invoke: { id: 'cardForm', src: 'cardForm' },
      on: { 'field.change': { actions: 'rememberTyping', description: 'Nothing the customer types on our page (cardholder name, save card) is lost.' } },
      initial: 'idle',
      states: {
        idle: {
          description: 'Spec section 3, Bank card: "number, holder name, expiry, CVV, billing address", typed in the provider\'s form (decision 0005: they never reach the gateway); the customer may switch method.',
          on: chooseMethod,
          initial: 'loadingForm',
          states: {
            loadingForm: {
              tags: ['technical'],
              description: "GET payConfig, load the provider's SDK from its own origin and attach its card form (an iframe the page cannot read).",
              on: {
                'cardForm.ready': { target: 'entering', description: 'The card form is attached and can be typed in.' },
                'cardForm.failed': { target: 'formUnavailable', actions: 'showProblem', description: 'The provider\'s form could not be loaded: the customer may try again or choose another method.' },
              },
            },
            formUnavailable: {
              description: 'Spec section 8: "502 network error": the card form could not be loaded; the customer may try again or pay another way.',
              on: { 'cardForm.retry': { target: '#payment.newCard', reenter: true, actions: 'clearProblems', description: 'The card form is loaded again from the provider.' } },
            },
            entering: {
              description: 'Spec section 5: "Card number 13-16 digits; CVV 3-4 (American Express 4); holder name English letters, first then last, only space or hyphen; billing zip must match card."',
              on: {
                'payment.submit': [
                  { guard: 'cardholderNameIsValid', target: '#payment.newCard.tokenizing', actions: 'clearProblems', description: 'Spec section 5: "holder name English letters, first then last, only space or hyphen": the card form is asked for a token.' },
                  { actions: 'markInvalidHolder', description: 'Spec section 5: the holder name breaks its rule: the message is shown next to it and nothing typed is lost.' },
                ],
              },
            },
          },
        },
        tokenizing: {
          description: 'The provider checks the card fields (13-16 digits with check digit, expiry, CVV, postal code) and answers a single-use token.',
          tags: ['technical', 'busy', PAYMENT_UNSETTLED],
          entry: 'askCardFormForToken',
          on: {
            'cardForm.tokenized': { target: 'paying', actions: ['keepToken', 'startAttempt'], description: 'A single-use token: a new attempt with its own idempotency key.' },
            'cardForm.invalid': { target: '#payment.newCard.idle.entering', actions: 'keepCardErrors', description: 'Spec section 5 card rules fail: the card form shows each field\'s message; the page lists them too.' },
            'cardForm.error': { target: '#payment.newCard.idle.entering', actions: 'showCardFormError', description: 'The provider could not tokenize: the customer may try again.' },
          },
        },
        paying: {
          description: 'payOrder with SQUARE_CARD_PAY, the token and the holder name; "save this card" keeps it on file for a logged-in customer.',
          tags: ['technical', 'busy', PAYMENT_UNSETTLED],
          invoke: { id: 'payByNewCard', src: 'payOrder', input: payInput, ...payOrderOutcome('#payment.newCard.idle.entering', '#payment.newCard.interrupted', { declines: true, tokens: true }) },
        },
        interrupted: retryable('#payment.newCard.paying', 'Spec section 8: "120086 do not submit twice": the answer of a card payment was lost; retrying the same attempt with the same token and key cannot charge twice.'),
      },
    },

    wechat: {
      description: 'Spec section 3: "wechat_pay to WECHAT_PAY". Issue 3: "a QR code to scan ... an asynchronous notification that may arrive twice or late; the order is paid exactly once."',
      initial: 'idle',
      states: {
        idle: {
          description: 'Spec section 3, pay methods map: "wechat_pay to WECHAT_PAY": no payment is being asked for yet; the customer may switch method.',
          on: chooseMethod,
          initial: 'ready',
          states: {
            ready: {
              description: 'Spec section 3: "wechat_pay to WECHAT_PAY": WeChat Pay is chosen; the QR code is made when the customer asks for it.',
              on: { 'payment.submit': { target: '#payment.wechat.requestingCode', actions: ['clearProblems', 'startAttempt', 'forgetWechatCode'], description: 'payOrder with WECHAT_PAY: the gateway asks WeChat Pay for a Native pay code.' } },
            },
            awaitingScan: {
              description: 'Issue 3: "a QR code to scan ... an asynchronous notification that may arrive twice or late": the QR code of code_url is shown with its expiry countdown; the customer scans and pays on the phone; WeChat Pay tells the gateway, and the page asks the gateway.',
              tags: [PAYMENT_UNSETTLED],
              after: {
                wechatPoll: { target: '#payment.wechat.checking', description: 'The product asks payStatus every 2 s while the code is shown (our choice): the notification reaches the gateway, not the page.' },
                wechatCodeLifetime: { target: '#payment.wechat.checking', actions: 'markCodeLapsed', description: 'The QR code\'s lifetime is over: the gateway is asked once more, since a phone may have paid in its last seconds; its answer decides between paid and "code expired".' },
              },
            },
            codeExpired: {
              description: 'Spec section 4: "Payment: success or failure with repay option": the QR code expired before it was paid; the customer may ask for a new one.',
              on: { 'payment.submit': { target: '#payment.wechat.requestingCode', actions: ['clearProblems', 'startAttempt', 'forgetWechatCode'], description: 'A new QR code: a new attempt with its own key (the gateway closes the old code first, so it cannot be paid as well).' } },
            },
          },
        },
        requestingCode: {
          description: 'payOrder with WECHAT_PAY answers a pending payment with code_url, its expiry and the sandbox phone page.',
          tags: ['technical', 'busy', PAYMENT_UNSETTLED],
          invoke: {
            id: 'requestWechatCode', src: 'payOrder', input: payInput,
            onDone: [
              { guard: 'wechatCodeShown', target: 'idle.awaitingScan', actions: ['keepResult', 'keepWechatCode'], description: 'The QR code is shown.' },
              { guard: 'paymentSucceeded', target: '#payment.paid', actions: 'keepResult', description: 'Spec section 4: "Payment: success": the same attempt asked again after its code was paid (or an order that costs nothing).' },
              { target: '#payment.failed', actions: 'keepResult', description: 'Spec section 4: "Payment: ... failure with repay option": the same attempt asked again after its code failed on the phone or was closed.' },
            ],
            onError: [
              { guard: 'orderAlreadyPaid', target: '#payment.confirming', description: 'Spec section 8 "do not resubmit, refresh to reorder": the order is already paid (another tab, an earlier code paid on the phone); payStatus answers the attempt that paid it.' },
              { guard: 'callWasInterrupted', target: 'interrupted', actions: 'showProblem', description: 'The answer was lost: the same attempt may be asked again with its key.' },
              { guard: 'attemptAlreadyRunning', target: '#payment.confirming', description: 'Spec section 8 "120086 do not submit twice": a card payment of this order is running; its outcome is awaited.' },
              { target: 'idle.ready', actions: 'showProblem', description: 'The gateway refused: its message is shown.' },
            ],
          },
        },
        interrupted: retryable('#payment.wechat.requestingCode', 'Spec section 8: "120086 do not submit twice": the answer to the QR code request was lost; asking again with the same key answers the same code.'),
        checking: {
          description: 'payStatus: has the notification (or the gateway\'s own query of WeChat Pay) marked the payment paid?',
          tags: ['technical', PAYMENT_UNSETTLED],
          // The 2 s check is invisible to the customer, who may switch method at any moment the code is shown: the
          // check's answer is then not waited for (as from awaitingScan; the gateway closes the code before another attempt).
          on: chooseMethod,
          invoke: {
            id: 'checkWechatPayment', src: 'payStatus',
            input: ({ context }) => ({ orderNo: context.reference, orderToken: context.orderToken }),
            onDone: [
              { guard: 'paymentSucceeded', target: '#payment.paid', actions: 'keepResult', description: 'Issue 3: "the order is paid exactly once": the first paid answer ends the payment.' },
              { guard: 'wechatCodeClosed', target: 'idle.codeExpired', actions: 'keepResult', description: 'WeChat Pay closed the unpaid code (it expired): a new one can be asked for.' },
              { guard: 'paymentDeclined', target: '#payment.failed', actions: 'keepResult', description: 'Spec section 4: "Payment: ... failure with repay option".' },
              { guard: 'codeHasLapsed', target: 'idle.codeExpired', description: 'Not paid when its lifetime ran out: the code can no longer be paid; a new one can be asked for.' },
              { target: 'idle.awaitingScan', description: 'Not paid yet: keep waiting.' },
            ],
            onError: [
              { guard: 'codeHasLapsed', target: 'idle.codeExpired', description: 'The last check after the code\'s lifetime failed: a new code can be asked for, and asking closes this one first (if its phone paid, the gateway answers "already paid").' },
              { target: 'idle.awaitingScan', description: 'A status check failed: keep waiting and ask again in 2 s.' },
            ],
          },
        },
      },
    },

    confirming: {
      description: 'A payment is pending (the provider was not reached, another attempt of this order runs, or the order was paid another way): payStatus is asked until it is paid or failed; the gateway\'s reconciliation settles a pending one meanwhile.',
      tags: ['technical', 'busy', PAYMENT_UNSETTLED],
      initial: 'waiting',
      states: {
        waiting: {
          description: 'The customer waits; nothing can be paid twice meanwhile.',
          after: { statusPoll: { target: 'checking', description: 'The payment\'s status is asked again every 2 s.' } },
        },
        checking: {
          description: 'payStatus: the latest payment of the order, after the gateway asked the provider.',
          tags: ['technical'],
          invoke: {
            id: 'checkPendingPayment', src: 'payStatus',
            input: ({ context }) => ({ orderNo: context.reference, orderToken: context.orderToken }),
            onDone: [
              { guard: 'paymentSucceeded', target: '#payment.paid', actions: 'keepResult', description: 'Spec section 4: "Payment: success".' },
              { guard: 'paymentDeclined', target: '#payment.failed', actions: 'keepResult', description: 'Spec section 4: "Payment: ... failure with repay option".' },
              { target: 'waiting', description: 'Still pending: asked again shortly.' },
            ],
            onError: { target: 'waiting', description: 'The status could not be read this time: asked again shortly.' },
          },
        },
      },
    },

    paid: { type: 'final', entry: 'endPaid', description: 'Spec section 4: "Payment: success".' },
    failed: { type: 'final', entry: 'endFailed', description: 'Spec section 4: "Payment: ... failure with repay option"; spec section 8 "payment failed" with the provider\'s reason.' },
    expired: { type: 'final', entry: 'endExpired', description: 'Spec section 8: "120087 payment info expired, dialog then home".' },
  },
});

export type PaymentMachine = typeof paymentMachine;
