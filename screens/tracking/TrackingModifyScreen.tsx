/**
 * /tracking/modify (issue 3): "changes the shipping address while the order is not shipped". The fields are the
 * spec's shipping info (section 3) with its rules (section 5); a picture of the `tracking` chart's modify state.
 */
import { useTranslation } from 'react-i18next';
import { US_STATE_CODES, US_STATE_NAMES } from '../../src/domain/usStates';
import { Field, FormMessage, primaryButton, secondaryButton, useText } from '../login/parts';
import { SelectField } from './SelectField';
import { useTracking } from './TrackingLayout';
import { connectModify } from './tracking.connect';

const STATE_OPTIONS = US_STATE_CODES.map((code) => ({ value: code, label: `${code} – ${US_STATE_NAMES[code]}` }));

export default function TrackingModifyScreen() {
  const { t } = useTranslation('tracking');
  const text = useText();
  const { snapshot, send, step } = useTracking();
  if (step !== 'modify') return null;
  const view = connectModify(snapshot, send);
  const v = view.values;
  const us = view.country === 'US';
  const field = (name: 'firstNameEn' | 'lastNameEn' | 'firstNameZh' | 'lastNameZh' | 'address1' | 'address2' | 'city' | 'zip', autoComplete: string, extra: { hint?: string; inputMode?: 'numeric' | 'text'; maxLength?: number; label?: string } = {}) => (
    <Field name={name} label={extra.label ?? t(`address.${name}`)} autoComplete={autoComplete} value={v[name]} onChange={(value) => view.setField(name, value)} errors={view.fieldError(name)} {...extra} />
  );

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{t('modify.title')}</h1>
      <p className="mt-2 text-sm text-slate-700">{t('modify.intro', { orderNo: view.orderNo })}</p>
      <form className="mt-6 space-y-4" noValidate onSubmit={(e) => { e.preventDefault(); view.submit(); }}>
        {view.formError && <FormMessage tone="error">{text(view.formError)}</FormMessage>}
        <div>
          <p className="text-sm font-medium text-slate-800">{t('address.country')}</p>
          <p className="mt-1 text-base text-slate-900">{t(`countries.${view.country}`)}</p>
          <p className="mt-1 text-xs text-slate-600">{t('address.countryFixed')}</p>
          {view.fieldError('country').map((e, i) => <p key={i} className="mt-1 text-sm text-rose-700">{text(e)}</p>)}
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{t('address.nameGroup')}</legend>
          {field('firstNameEn', 'shipping given-name')}
          {field('lastNameEn', 'shipping family-name')}
          {field('lastNameZh', 'off', { hint: t('address.optional') })}
          {field('firstNameZh', 'off', { hint: t('address.optional') })}
        </fieldset>
        <Field name="phone" type="tel" inputMode="tel" autoComplete="shipping tel" label={t('address.phone')} hint={t('address.phoneHint')}
          value={v.phone} onChange={(value) => view.setField('phone', value)} errors={view.fieldError('phone')} />
        {field('address1', 'shipping address-line1', { hint: t('address.inEnglish') })}
        {field('address2', 'shipping address-line2', { hint: t('address.optional') })}
        <div className="grid gap-4 sm:grid-cols-3">
          {field('city', 'shipping address-level2')}
          {us ? (
            <SelectField name="state" label={t('address.state')} autoComplete="shipping address-level1" value={v.state} errors={view.fieldError('state')}
              onChange={(value) => view.setField('state', value)} options={STATE_OPTIONS} placeholder={t('address.choose')} noTranslate />
          ) : (
            <Field name="state" label={t('address.province')} autoComplete="shipping address-level1" value={v.state}
              onChange={(value) => view.setField('state', value)} errors={view.fieldError('state')} />
          )}
          {field('zip', 'shipping postal-code', { inputMode: 'numeric', maxLength: us ? 5 : 6, label: t(us ? 'address.zip' : 'address.postcode'), hint: t(us ? 'address.zipHint' : 'address.postcodeHint') })}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={view.cancel} disabled={view.saving}>{t('modify.cancel')}</button>
          <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={view.saving} aria-busy={view.saving}>
            {t(view.saving ? 'modify.saving' : 'modify.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
