/**
 * /mybank: the saved cards (spec section 2 "my bank card"; section 3, Bank card: "number, holder name, expiry, CVV,
 * billing address, default flag"). A card is added through the provider's card form (its own origin: the number and
 * CVV never reach the page's scripts or the gateway), made the default, or removed. Issue 14: "a card that pays an
 * auto-renewal asks for another first". States tagged 'technical' (loading, calling) fold into their parent in the
 * business view; the others are the spec's.
 */
import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { CardFieldError } from '../src/contract/cardSdk';
import type { AddCardInput, CardsData } from '../src/contract/profile';
import { addCardBody } from '../src/contract/profile';
import { toProblem, type Problem } from './login.machine';
import { newAttemptKey, type CardFormCommand } from './payment.machine';

export type CardEntryField = 'cardholderName';
export type CardEntryErrors = Partial<Record<CardEntryField, string[]>>;

export interface BankCardsContext {
  cards: CardsData | null;
  cardholderName: string;
  billingZip: string;
  fieldErrors: CardEntryErrors;
  cardErrors: CardFieldError[];
  sourceId: string | null;
  /** One key per card added: a retry of the same add answers the same card. */
  addKey: string | null;
  /** The card being removed (asked to confirm). */
  removing: number | null;
  problem: Problem | null;
  /** What just happened, for the page's notice. */
  notice: 'added' | 'defaulted' | 'removed' | null;
}

export type BankCardsEvent =
  | { type: 'cards.retry' }
  | { type: 'card.add' }
  | { type: 'add.cancel' }
  | { type: 'field.change'; field: CardEntryField; value: string }
  | { type: 'card.submit' }
  | { type: 'card.makeDefault'; cardId: number }
  | { type: 'card.remove'; cardId: number }
  | { type: 'removal.confirm' }
  | { type: 'removal.cancel' }
  | { type: 'cardForm.retry' }
  | { type: 'cardForm.ready' }
  | { type: 'cardForm.failed'; error?: unknown }
  | { type: 'cardForm.tokenized'; token: string; details: { billing: { postalCode: string } } }
  | { type: 'cardForm.invalid'; errors: CardFieldError[] }
  | { type: 'cardForm.error'; message: string };

/** The holder's name is typed on the page; the billing ZIP comes with the token from the provider's form. */
export const cardEntryProblems = (v: { cardholderName: string }): CardEntryErrors => {
  const result = addCardBody.shape.cardholderName.safeParse(v.cardholderName);
  return result.success ? {} : { cardholderName: result.error.issues.map((i) => i.message) };
};

const NO_CARD_CHANGE = { problem: null, notice: null } as const;

export const bankCardsMachine = setup({
  types: { context: {} as BankCardsContext, events: {} as BankCardsEvent },
  actors: {
    loadCards: fromPromise<CardsData>(() => Promise.reject(new Error('provided by the host'))),
    addCard: fromPromise<CardsData, AddCardInput & { idempotencyKey: string }>(() => Promise.reject(new Error('provided by the host'))),
    setDefaultCard: fromPromise<CardsData, { cardId: number }>(() => Promise.reject(new Error('provided by the host'))),
    removeCard: fromPromise<CardsData, { cardId: number }>(() => Promise.reject(new Error('provided by the host'))),
    /** The provider's card form (src/app/flows/cardForm.ts): cardForm.ready / .failed; answers cardForm.tokenize. */
    cardForm: fromCallback<CardFormCommand>(() => undefined),
  },
  guards: {
    holderFollowsTheRules: ({ context }) => Object.keys(cardEntryProblems(context)).length === 0,
    paysAnAutoRenewal: ({ context, event }) => event.type === 'card.remove' && context.cards?.renewalCardId === event.cardId,
  },
  actions: {
    keepCards: assign({ cards: ({ event }) => (event as unknown as { output: CardsData }).output }),
    showProblem: assign({ problem: ({ event }) => toProblem((event as { error?: unknown }).error) }),
    clearProblems: assign({ ...NO_CARD_CHANGE, fieldErrors: {}, cardErrors: [] }),
    rememberTyping: assign(({ context, event }) =>
      event.type === 'field.change' ? { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } } : {}),
    markInvalidFields: assign({ fieldErrors: ({ context }) => cardEntryProblems(context) }),
    askCardFormForToken: sendTo('cardForm', { type: 'cardForm.tokenize' }),
    keepToken: assign(({ event }) => (event.type === 'cardForm.tokenized'
      ? { sourceId: event.token, billingZip: event.details.billing.postalCode.trim(), addKey: newAttemptKey() } : {})),
    keepCardErrors: assign({ cardErrors: ({ event }) => (event.type === 'cardForm.invalid' ? event.errors : []) }),
    showCardFormError: assign({ problem: ({ event }) => ({ code: 'cardForm', message: event.type === 'cardForm.error' ? event.message : '', status: 0 }) }),
    forgetEntry: assign({ cardholderName: '', billingZip: '', sourceId: null, addKey: null, cardErrors: [], fieldErrors: {} }),
    forgetToken: assign({ sourceId: null, addKey: null }),
    askRemoval: assign({ removing: ({ event }) => (event.type === 'card.remove' ? event.cardId : null), ...NO_CARD_CHANGE }),
    forgetRemoval: assign({ removing: null }),
    refuseRenewalCard: assign({ problem: { code: 'cardPaysRenewal', message: '', status: 409 }, notice: null }),
    noticeAdded: assign({ notice: 'added' as const }),
    noticeDefaulted: assign({ notice: 'defaulted' as const }),
    noticeRemoved: assign({ notice: 'removed' as const }),
  },
}).createMachine({
  id: 'bankCards',
  description: 'Spec section 2: /mybank "my bank card"; section 3, Bank card: number, holder name, expiry, CVV, billing address, default flag (the number and CVV stay with the provider).',
  context: {
    cards: null, cardholderName: '', billingZip: '', fieldErrors: {}, cardErrors: [], sourceId: null, addKey: null, removing: null, problem: null, notice: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['technical'],
      description: 'The saved cards are read (bankCards).',
      invoke: {
        id: 'loadCards', src: 'loadCards',
        onDone: { target: 'listing', actions: 'keepCards', description: 'The cards: brand, last four, expiry, holder, billing ZIP, default flag.' },
        onError: { target: 'loadFailed', actions: 'showProblem', description: 'The cards could not be read: the page says so and offers to try again.' },
      },
    },
    loadFailed: {
      description: 'Spec section 8: "system busy/server error": nothing is shown as if there were no cards.',
      on: { 'cards.retry': { target: 'loading', actions: 'clearProblems', description: 'The customer tries again.' } },
    },
    listing: {
      description: 'Spec section 3, Bank card: each card with its default flag; the one paying an auto-renewal is marked.',
      on: {
        'card.add': { target: 'adding', actions: ['clearProblems', 'forgetEntry'], description: 'Issue 14: "add a card through the payment sandbox\'s card form".' },
        'card.makeDefault': { target: 'makingDefault', actions: 'clearProblems', description: 'Spec section 3: "default flag": this card becomes the default.' },
        'card.remove': [
          { guard: 'paysAnAutoRenewal', actions: 'refuseRenewalCard', description: 'Issue 14: "a card that pays an auto-renewal asks for another first": make another card the default, then remove it.' },
          { target: 'confirmingRemoval', actions: 'askRemoval', description: 'Removing a card asks for confirmation.' },
        ],
      },
    },
    makingDefault: {
      tags: ['technical'],
      description: 'setDefaultCard is called.',
      invoke: {
        id: 'setDefaultCard', src: 'setDefaultCard',
        input: ({ event }) => ({ cardId: event.type === 'card.makeDefault' ? event.cardId : 0 }),
        onDone: { target: 'listing', actions: ['keepCards', 'noticeDefaulted'], description: 'The default changed.' },
        onError: { target: 'listing', actions: 'showProblem', description: 'The change failed: the message is shown, the cards stay as they were.' },
      },
    },
    confirmingRemoval: {
      description: 'Spec section 2: /mybank: the customer confirms that the card goes; it can no longer pay here (spec section 3, Bank card).',
      on: {
        'removal.confirm': { target: 'removing', description: 'Confirmed: the card is removed.' },
        'removal.cancel': { target: 'listing', actions: 'forgetRemoval', description: 'Kept.' },
      },
    },
    removing: {
      tags: ['technical'],
      description: 'removeCard is called; the provider disables the card.',
      invoke: {
        id: 'removeCard', src: 'removeCard',
        input: ({ context }) => ({ cardId: context.removing ?? 0 }),
        onDone: { target: 'listing', actions: ['keepCards', 'forgetRemoval', 'noticeRemoved'], description: 'The card is gone; another became the default when it was the default.' },
        onError: { target: 'listing', actions: ['forgetRemoval', 'showProblem'], description: 'Refused (cardPaysRenewal) or failed: the message says what to do.' },
      },
    },
    adding: {
      description: 'Spec section 5: "Card number 13-16 digits; CVV 3-4 (American Express 4); holder name English letters, first then last, only space or hyphen; billing zip must match card" — the number, expiry, CVV and billing ZIP in the provider\'s form, the holder\'s name on the page.',
      invoke: { id: 'cardForm', src: 'cardForm' },
      on: {
        'add.cancel': { target: 'listing', actions: 'forgetEntry', description: 'The customer gives up adding: nothing is kept.' },
        'field.change': { actions: 'rememberTyping', description: 'Nothing the customer typed is lost.' },
      },
      initial: 'loadingForm',
      states: {
        loadingForm: {
          tags: ['technical'],
          description: 'The provider\'s card form loads from its own origin.',
          on: {
            'cardForm.ready': { target: 'entering', description: 'The card form can be typed in.' },
            'cardForm.failed': { target: 'formUnavailable', actions: 'showProblem', description: 'Spec section 8: "502 network error": the card form could not be loaded; the customer may try again or pay another way.' },
          },
        },
        formUnavailable: {
          description: 'Spec section 8: "120070 bank card binding abnormal": the provider\'s form is unavailable; the customer may try again later.',
          on: { 'cardForm.retry': { target: '#bankCards.adding', reenter: true, actions: 'clearProblems', description: 'The card form is loaded again.' } },
        },
        entering: {
          description: 'Spec section 5: "Card number 13-16 digits; CVV 3-4 ...; holder name English letters ...; billing zip must match card", typed in the provider\'s form, the holder name beside it.',
          on: {
            'card.submit': [
              { guard: 'holderFollowsTheRules', target: 'tokenizing', actions: ['clearProblems', 'askCardFormForToken'], description: 'Spec section 5: the holder name follows the rules: the provider is asked for a single-use token.' },
              { actions: 'markInvalidFields', description: 'Each broken rule is shown next to its field.' },
            ],
          },
        },
        tokenizing: {
          tags: ['technical'],
          description: 'The provider\'s form checks the card and answers a single-use token.',
          on: {
            'cardForm.tokenized': { target: 'saving', actions: 'keepToken', description: 'A single-use token: the gateway never sees the number.' },
            'cardForm.invalid': { target: 'entering', actions: 'keepCardErrors', description: 'Spec section 5 card rules fail: the form shows each field\'s message.' },
            'cardForm.error': { target: 'entering', actions: 'showCardFormError', description: 'The provider could not tokenize: the customer may try again.' },
          },
        },
        saving: {
          tags: ['technical'],
          description: 'addCard: the provider checks the card with the bank and keeps it on file.',
          invoke: {
            id: 'addCard', src: 'addCard',
            input: ({ context }) => ({ sourceId: context.sourceId ?? '', cardholderName: context.cardholderName, billingZip: context.billingZip, idempotencyKey: context.addKey ?? '' }),
            onDone: { target: '#bankCards.listing', actions: ['keepCards', 'forgetEntry', 'noticeAdded'], description: 'The card is saved; the first card is the default.' },
            onError: { target: 'entering', actions: ['forgetToken', 'showProblem'], description: 'Spec section 8: "120106 card binding failed" (the bank refused, e.g. the ZIP does not match the card) or "120070 bank card binding abnormal": the holder\'s name stays; the card is entered again.' },
          },
        },
      },
    },
  },
});

export type BankCardsMachine = typeof bankCardsMachine;
