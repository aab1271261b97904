/**
 * Spec section 5: "Terms must be accepted before ordering ... Buyer confirmations required: voluntary personal use;
 * SIM for US personal use only." Then the order is placed. The terms and the privacy policy open in a new tab, in the
 * customer's language, so nothing typed in the form is lost.
 */
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { legalHref } from '../legal';
import type { CheckoutView } from './checkout.connect';
import { CheckboxField, Notice, linkClass, primaryButton } from '../ui/fields';
import { useText } from '../ui/text';
import { FORM_ERROR_ID } from '../ui/useFocusFirstError';

/** A document opened beside the form (a new tab keeps what is typed here), said to screen readers. */
function LegalLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <a href={href} target="_blank" rel="noopener" className={linkClass}>
      {children}<span className="sr-only">{` ${t('newTab')}`}</span>
    </a>
  );
}

export function ConfirmSection({ view }: { view: CheckoutView }) {
  const { t, i18n } = useTranslation('checkout');
  const text = useText();
  return (
    <section aria-label={t('confirm.title')} className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <CheckboxField field="termsAccepted" checked={view.draft.termsAccepted}
        onChange={(value) => view.change({ field: 'termsAccepted', value })} errors={view.fieldError('termsAccepted')}>
        <Trans t={t} i18nKey="confirm.terms" components={{ terms: <LegalLink href={legalHref('terms', i18n.language)} />, privacy: <LegalLink href={legalHref('privacy', i18n.language)} /> }} />
      </CheckboxField>
      <CheckboxField field="confirmPersonalUse" checked={view.draft.confirmPersonalUse}
        onChange={(value) => view.change({ field: 'confirmPersonalUse', value })} errors={view.fieldError('confirmPersonalUse')}>
        {t('confirm.personalUse')}
      </CheckboxField>
      <CheckboxField field="confirmUsOnly" checked={view.draft.confirmUsOnly}
        onChange={(value) => view.change({ field: 'confirmUsOnly', value })} errors={view.fieldError('confirmUsOnly')}>
        {t('confirm.usOnly')}
      </CheckboxField>
      {view.formError && <Notice tone="error" id={FORM_ERROR_ID}>{text(view.formError)}</Notice>}
      <button type="submit" className={primaryButton} aria-disabled={view.submitting} disabled={view.submitting}>
        {t(view.submitting ? 'confirm.placing' : 'confirm.placeOrder')}
      </button>
      <p className="text-center text-xs text-slate-600">{t('confirm.nextStep')}</p>
    </section>
  );
}
