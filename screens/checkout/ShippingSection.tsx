/**
 * Spec section 3 "Shipping info: country, English and Chinese names, phone, email, address 1, address 2, city,
 * state, zip" and spec section 5 "English name fields letters only; Chinese name fields Chinese only". An eSIM is
 * not shipped: its buyer gives names and contact only.
 */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n';
import { EXPRESS_SHIPPING_CENTS, expressShipsTo } from '../../src/domain/pricing';
import type { CheckoutView } from './checkout.connect';
import { activationKey } from './activationCard';
import { AddressFields, CountryField } from './AddressFields';
import { ChoiceGroup, FormSection, TextInput } from '../ui/fields';
import { withEnglishExamples } from '../ui/Verbatim';

export function ShippingSection({ view }: { view: CheckoutView }) {
  const { t, i18n } = useTranslation('checkout');
  const s = view.draft.shipping;
  const physical = view.posted;
  const set = (name: keyof typeof s) => (value: string) => view.change({ field: `shipping.${name}`, value });
  return (
    <FormSection title={t(physical ? 'shipping.title' : 'shipping.titleEsim')}>
      {!physical && <p className="text-sm text-slate-700">{t(view.activation ? activationKey('detailsNote', view.activation.kind) : 'shipping.esimNote')}</p>}
      <CountryField part="shipping" value={s.country} view={view} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput field="shipping.firstNameEn" label={t('shipping.firstNameEn')} value={s.firstNameEn} autoComplete="given-name" lang="en"
          onChange={set('firstNameEn')} errors={view.fieldError('shipping.firstNameEn')} />
        <TextInput field="shipping.lastNameEn" label={t('shipping.lastNameEn')} value={s.lastNameEn} autoComplete="family-name" lang="en"
          onChange={set('lastNameEn')} errors={view.fieldError('shipping.lastNameEn')} />
      </div>
      <p className="-mt-2 text-xs text-slate-600">{withEnglishExamples(t('shipping.englishNameHint'))}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput field="shipping.lastNameZh" label={t('shipping.lastNameZh')} value={s.lastNameZh} optional lang="zh"
          onChange={set('lastNameZh')} errors={view.fieldError('shipping.lastNameZh')} />
        <TextInput field="shipping.firstNameZh" label={t('shipping.firstNameZh')} value={s.firstNameZh} optional lang="zh"
          onChange={set('firstNameZh')} errors={view.fieldError('shipping.firstNameZh')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput field="shipping.phone" label={t('shipping.phone')} value={s.phone} type="tel" inputMode="tel" autoComplete="tel"
          hint={t('shipping.phoneHint')} onChange={set('phone')} errors={view.fieldError('shipping.phone')} />
        <TextInput field="shipping.email" label={t('shipping.email')} value={s.email} type="email" inputMode="email" autoComplete="email"
          hint={t(physical ? 'shipping.emailHint' : view.activation ? 'activationPlan.emailHint' : 'shipping.emailHintEsim')} onChange={set('email')} errors={view.fieldError('shipping.email')} />
      </div>
      {physical && (
        <>
          <AddressFields part="shipping" address={s} view={view} />
          <ChoiceGroup<'standard' | 'express'>
            field="shippingMethod" legend={t('shipping.method')} value={view.draft.shippingMethod}
            options={[
              { value: 'standard', label: t('shipping.standard'), detail: t('shipping.standardNote') },
              ...(expressShipsTo(s.country) ? [{ value: 'express' as const, label: t('shipping.express'), detail: t('shipping.expressNote', { price: formatMoney(EXPRESS_SHIPPING_CENTS, i18n.language) }) }] : []),
            ]}
            onChange={(value) => view.change({ field: 'shippingMethod', value })} errors={view.fieldError('shippingMethod')}
          />
        </>
      )}
    </FormSection>
  );
}
