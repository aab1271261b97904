/**
 * From the payment chart's snapshot to what the payment panel shows (the zag "connect" pattern): no React.
 * Any flow that pays (checkout now; top-up, renewal, protect, dual number later) renders the same panel.
 */
import type { PayMethod } from '../../src/contract/personal';
import type { PaymentContext, PaymentEvent } from '../../machines/payment.machine';
import { problemText, type Text } from '../ui/text';

interface SnapshotLike {
  context: PaymentContext;
  status: string;
  matches(value: never): boolean;
  hasTag(tag: string): boolean;
}

export type PaneStep =
  | 'loading' | 'ready' | 'unavailable' | 'noCards' | 'tokenizing' | 'paying' | 'interrupted'
  | 'awaitingScan' | 'codeExpired' | 'confirming' | 'done';

/** Order of the method list: what most customers use first. */
export const METHOD_ORDER: readonly PayMethod[] = ['default_card', 'bank_card', 'wechat_pay', 'account'];

export function connect(snapshot: SnapshotLike, send: (event: PaymentEvent) => void) {
  const c = snapshot.context;
  const is = (v: unknown) => snapshot.matches(v as never);
  const area = (['account', 'savedCard', 'newCard', 'wechat'] as const).find((a) => is(a)) ?? null;
  const idle = (sub: string) => area !== null && is({ [area]: { idle: sub } });
  const step: PaneStep = snapshot.status === 'done' ? 'done'
    : is('checkingStatus') ? 'loading'
    : is('confirming') ? 'confirming'
      : area && is({ [area]: 'interrupted' }) ? 'interrupted'
      : area && (is({ [area]: 'paying' }) || is({ wechat: 'requestingCode' })) ? 'paying'
        : is({ newCard: 'tokenizing' }) ? 'tokenizing'
          : is({ wechat: 'checking' }) || idle('awaitingScan') ? 'awaitingScan'
            : idle('codeExpired') ? 'codeExpired'
              : idle('loadingBalance') || idle('loadingCards') || idle('loadingForm') ? 'loading'
                : idle('unavailable') || idle('formUnavailable') ? 'unavailable'
                  : idle('noCards') ? 'noCards' : 'ready';

  const problem: Text | null = !c.problem ? null
    : c.problem.code === 'cardForm' ? (c.problem.message ? { text: c.problem.message } : { key: 'payment:card.formError' })
      : problemText(c.problem);

  return {
    area,
    step,
    busy: snapshot.hasTag('busy'),
    /** While a payment runs, or its answer was lost, the method cannot change (it might already be paid). */
    canSwitch: !snapshot.hasTag('busy') && step !== 'interrupted' && step !== 'done' && step !== 'confirming',
    methods: METHOD_ORDER.filter((m) => c.methods.includes(m)),
    method: c.method,
    amountCents: c.amountCents,
    loggedIn: c.loggedIn,
    balanceCents: c.balanceCents,
    balanceShort: c.balanceCents !== null && c.balanceCents < c.amountCents,
    cards: c.cards,
    cardId: c.cardId,
    cardholderName: c.cardholderName,
    saveCard: c.saveCard,
    cardholderErrors: (c.fieldErrors.cardholderName ?? []).map((key): Text => ({ key })),
    cardErrors: c.cardErrors.map((e) => e.message),
    problem,
    wechat: c.wechat,

    chooseMethod: (method: PayMethod) => send({ type: 'method.choose', method }),
    setCardholderName: (value: string) => send({ type: 'field.change', field: 'cardholderName', value }),
    setSaveCard: (value: boolean) => send({ type: 'field.change', field: 'saveCard', value }),
    selectCard: (cardId: number) => send({ type: 'card.select', cardId }),
    pay: () => send({ type: 'payment.submit' }),
    retry: () => send({ type: 'payment.retry' }),
    retryLoad: () => send({ type: area === 'account' ? 'balance.retry' : area === 'savedCard' ? 'cards.retry' : 'cardForm.retry' }),
  };
}

export type PaymentView = ReturnType<typeof connect>;
