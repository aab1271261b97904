/** Spec section 2 "billing" and spec section 3 "Bank card: ... billing address": the address the card is billed at. */
import { useTranslation } from 'react-i18next';
import type { CheckoutView } from './checkout.connect';
import { AddressFields, CountryField } from './AddressFields';
import { CheckboxField, FormSection } from '../ui/fields';

export function BillingSection({ view }: { view: CheckoutView }) {
  const { t } = useTranslation('checkout');
  const physical = view.posted;
  const same = physical && view.draft.billingSameAsShipping;
  return (
    <FormSection title={t('billing.title')}>
      <p className="text-sm text-slate-700">{t('billing.note')}</p>
      {physical && (
        <CheckboxField field="billingSameAsShipping" checked={view.draft.billingSameAsShipping}
          onChange={(value) => view.change({ field: 'billingSameAsShipping', value })} errors={view.fieldError('billingSameAsShipping')}>
          {t('billing.sameAsShipping')}
        </CheckboxField>
      )}
      {!same && (
        <>
          <CountryField part="billing" value={view.draft.billing.country} view={view} />
          <AddressFields part="billing" address={view.draft.billing} view={view} />
        </>
      )}
    </FormSection>
  );
}
