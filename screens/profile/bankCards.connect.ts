/** From the bankCards chart's snapshot to what /mybank shows (zag "connect" pattern). */
import type { BankCardsContext, BankCardsEvent, CardEntryField } from '../../machines/bankCards.machine';
import { brandNameKey } from '../../src/domain/card';
import { messageFirstText, problemText, type Text } from '../ui/text';

interface SnapshotLike { context: BankCardsContext; matches(value: never): boolean }

/** The i18n key of a card brand's name ('other' for a brand the page has no name for). */
export const brandKey = (brand: string) => `bankCards.brand.${brandNameKey(brand)}`;

export function connectBankCards(snapshot: SnapshotLike, send: (e: BankCardsEvent) => void) {
  const c = snapshot.context;
  const is = (v: unknown) => snapshot.matches(v as never);
  const adding = is('adding');
  const problem: Text | null = !c.problem ? null
    : c.problem.code === 'cardForm' ? (c.problem.message ? { text: c.problem.message } : { key: 'portalProfile:bankCards.cardFormError' })
      : c.problem.code === 'validation' ? messageFirstText(c.problem) : problemText(c.problem);
  return {
    loading: is('loading'),
    loadFailed: is('loadFailed'),
    cards: c.cards?.cards ?? [],
    renewalCardId: c.cards?.renewalCardId ?? null,
    busy: is('makingDefault') || is('removing'),
    confirming: is('confirmingRemoval') ? (c.cards?.cards.find((card) => card.id === c.removing) ?? null) : null,
    adding,
    formStep: is({ adding: 'formUnavailable' }) ? 'unavailable' as const : is({ adding: 'loadingForm' }) ? 'loading' as const : 'ready' as const,
    checking: is({ adding: 'tokenizing' }) || is({ adding: 'saving' }),
    cardholderName: c.cardholderName,
    cardErrors: c.cardErrors.map((e) => e.message),
    errorsOf: (field: CardEntryField): Text[] => (c.fieldErrors[field] ?? []).map((key) => ({ key })),
    problem,
    notice: c.notice,
    retry: () => send({ type: 'cards.retry' }),
    add: () => send({ type: 'card.add' }),
    cancelAdd: () => send({ type: 'add.cancel' }),
    retryForm: () => send({ type: 'cardForm.retry' }),
    setField: (field: CardEntryField, value: string) => send({ type: 'field.change', field, value }),
    submit: () => send({ type: 'card.submit' }),
    makeDefault: (cardId: number) => send({ type: 'card.makeDefault', cardId }),
    remove: (cardId: number) => send({ type: 'card.remove', cardId }),
    confirmRemoval: () => send({ type: 'removal.confirm' }),
    cancelRemoval: () => send({ type: 'removal.cancel' }),
  };
}

export type BankCardsView = ReturnType<typeof connectBankCards>;
