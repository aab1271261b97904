/**
 * /mybank: the saved cards over the bankCards chart. The provider's card form is an iframe of its own origin (the
 * page never sees the number or CVV); the holder's name and billing ZIP are typed here (spec section 5 card rules).
 */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { bankCardsFlow, inspectFlow } from '../../src/app/forScreens';
import { labelColon } from '../../i18n';
import { Notice, primaryButton, secondaryButton } from '../ui/fields';
import { useText } from '../ui/text';
import { VerbatimText } from '../ui/Verbatim';
import { AddCardForm } from './AddCardForm';
import { brandKey, connectBankCards, type BankCardsView } from './bankCards.connect';

type Card = BankCardsView['cards'][number];

function CardRow({ card, view }: { card: Card; view: BankCardsView }) {
  const { t, i18n } = useTranslation('portalProfile');
  const brand = t(brandKey(card.brand));
  const label = t('bankCards.card', { brand, last4: card.last4 });
  return (
    <li className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between" data-testid="saved-card">
      <div className="text-sm text-slate-700">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
          <span>{label}</span>
          {card.isDefault && <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">{t('bankCards.default')}</span>}
          {view.renewalCardId === card.id && <span className="rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold text-blue-900">{t('bankCards.paysRenewal')}</span>}
        </p>
        <p>{t('bankCards.expires', { month: String(card.expMonth).padStart(2, '0'), year: card.expYear })}</p>
        <p><VerbatimText k="portalProfile:bankCards.holder" values={{ name: card.holderName }} /></p>
        {card.billingZip && <p>{t('bankCards.billingZip', { zip: card.billingZip })}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        {!card.isDefault && (
          <button type="button" className={secondaryButton} disabled={view.busy || view.adding} onClick={() => view.makeDefault(card.id)}
            aria-label={`${t('bankCards.makeDefault')}${labelColon(i18n.language)}${label}`}>{t('bankCards.makeDefault')}</button>
        )}
        <button type="button" className={secondaryButton} disabled={view.busy || view.adding} onClick={() => view.remove(card.id)}
          aria-label={`${t('bankCards.remove')}${labelColon(i18n.language)}${label}`}>{t('bankCards.remove')}</button>
      </div>
    </li>
  );
}

function ConfirmRemoval({ card, view }: { card: Card; view: BankCardsView }) {
  const { t } = useTranslation('portalProfile');
  return (
    <div role="alertdialog" aria-labelledby="remove-card-title" aria-describedby="remove-card-body" className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300">
      <p id="remove-card-title" className="font-semibold text-slate-900">{t('bankCards.confirmTitle')}</p>
      <p id="remove-card-body" className="mt-1 text-sm text-slate-800">{t('bankCards.confirmBody', { brand: t(brandKey(card.brand)), last4: card.last4 })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="inline-flex items-center justify-center rounded-full bg-rose-700 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-800" onClick={view.confirmRemoval}>{t('bankCards.confirmRemove')}</button>
        <button type="button" className={secondaryButton} onClick={view.cancelRemoval} autoFocus>{t('bankCards.keep')}</button>
      </div>
    </div>
  );
}

export default function BankCardsScreen() {
  const { t } = useTranslation('portalProfile');
  const text = useText();
  const [snapshot, send] = useMachine(bankCardsFlow, { inspect: inspectFlow });
  const view = connectBankCards(snapshot, send);
  return (
    <div className="space-y-6" data-testid="bank-cards" data-state={JSON.stringify(snapshot.value)}>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('bankCards.title')}</h1>
        <p className="mt-1 text-sm text-slate-700">{t('bankCards.intro')}</p>
      </header>
      {view.loadFailed && (
        <Notice tone="error">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className={`mt-2 ${secondaryButton}`} onClick={view.retry}>{t('common.retry')}</button>
        </Notice>
      )}
      {view.notice && <Notice tone="success">{t(`bankCards.${view.notice}`)}</Notice>}
      {view.problem && !view.adding && !view.loadFailed && <Notice tone="error">{text(view.problem)}</Notice>}
      {!view.loading && !view.loadFailed && (
        <section aria-label={t('bankCards.title')} className="space-y-3">
          {view.cards.length === 0 ? <p className="text-sm text-slate-700">{t('bankCards.empty')}</p> : (
            <ul className="space-y-3">{view.cards.map((card) => <CardRow key={card.id} card={card} view={view} />)}</ul>
          )}
          {view.confirming && <ConfirmRemoval card={view.confirming} view={view} />}
          {!view.adding && <button type="button" className={`${primaryButton} sm:w-auto`} onClick={view.add} disabled={view.busy}>{t('bankCards.add')}</button>}
        </section>
      )}
      {view.adding && <AddCardForm view={view} />}
    </div>
  );
}
