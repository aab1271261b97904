/**
 * Adding a card over the bankCards chart: the provider's card form (an iframe of its own origin: the page never sees
 * the number or CVV) and the holder's name. /mybank shows it, and so does /welfare (through this area's index.ts).
 */
import { useTranslation } from 'react-i18next';
import { cardFormSlot } from '../../src/app/forScreens';
import { FormSection, Notice, primaryButton, secondaryButton, TextInput } from '../ui/fields';
import { useText } from '../ui/text';
import type { BankCardsView } from './bankCards.connect';

export function AddCardForm({ view }: { view: BankCardsView }) {
  const { t } = useTranslation('portalProfile');
  const text = useText();
  return (
    <FormSection title={t('bankCards.formTitle')}>
      <form noValidate className="space-y-4" onSubmit={(e) => { e.preventDefault(); view.submit(); }}>
        {view.formStep === 'unavailable' ? (
          <Notice tone="error">
            <p>{t('bankCards.formUnavailable')}</p>
            <button type="button" className={`mt-2 ${secondaryButton}`} onClick={view.retryForm}>{t('common.retry')}</button>
          </Notice>
        ) : (
          <div>
            <p className="text-sm font-medium text-slate-800">{t('bankCards.cardDetails')}</p>
            <p className="mt-1 text-xs text-slate-600">{t('bankCards.secureNote')}</p>
            {/* The provider's iframe goes here; React renders nothing inside so it never touches the provider's form. */}
            <div ref={cardFormSlot.attach} data-testid="card-form" className="mt-1 min-h-[3rem]" />
            {view.cardErrors.length > 0 && <ul role="alert" className="mt-2 space-y-0.5 text-sm text-rose-700">{view.cardErrors.map((m, i) => <li key={i}>{m}</li>)}</ul>}
          </div>
        )}
        <TextInput field="cardholderName" label={t('bankCards.holderName')} value={view.cardholderName} autoComplete="cc-name" lang="en"
          hint={t('bankCards.holderHint')} onChange={(v) => view.setField('cardholderName', v)} errors={view.errorsOf('cardholderName')} />
        {view.problem && <Notice tone="error">{text(view.problem)}</Notice>}
        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={view.checking || view.formStep !== 'ready'} aria-busy={view.checking}>
            {t(view.checking ? 'bankCards.checking' : 'bankCards.save')}
          </button>
          <button type="button" className={secondaryButton} disabled={view.checking} onClick={view.cancelAdd}>{t('common.cancel')}</button>
        </div>
      </form>
    </FormSection>
  );
}
