/**
 * /tracking/modify (issue 3): "changes the shipping address while the order is not shipped". The fields are the
 * spec's shipping info (section 3) with its rules (section 5); a picture of the `tracking` chart's modify state.
 */
import { useTranslation } from 'react-i18next';
import { AddressLinesFields, useCountryName } from '../ui/AddressLinesFields';
import { TextInput } from '../ui/fields';
import { FormMessage, primaryButton, secondaryButton } from '../ui/compactForm';
import { useText } from '../ui/text';
import { useTracking } from './TrackingLayout';
import { connectModify } from './tracking.connect';

export default function TrackingModifyScreen() {
  const { t } = useTranslation('tracking');
  const text = useText();
  const countryName = useCountryName();
  const { snapshot, send, step } = useTracking();
  if (step !== 'modify') return null;
  const view = connectModify(snapshot, send);
  const v = view.values;
  const name = (field: 'firstNameEn' | 'lastNameEn' | 'firstNameZh' | 'lastNameZh', autoComplete: string) => (
    <TextInput field={field} label={t(`address.${field}`)} autoComplete={autoComplete} value={v[field]} lang={field.endsWith('Zh') ? 'zh' : 'en'}
      optional={field.endsWith('Zh')} onChange={(value) => view.setField(field, value)} errors={view.fieldError(field)} />
  );

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{t('modify.title')}</h1>
      <p className="mt-2 text-sm text-slate-700">{t('modify.intro', { orderNo: view.orderNo })}</p>
      <form className="mt-6 space-y-4" noValidate onSubmit={(e) => { e.preventDefault(); view.submit(); }}>
        {view.formError && <FormMessage tone="error">{text(view.formError)}</FormMessage>}
        <div>
          <p className="text-sm font-medium text-slate-800">{t('common:address.country')}</p>
          <p className="mt-1 text-base text-slate-900">{countryName(view.country)}</p>
          <p className="mt-1 text-xs text-slate-600">{t('address.countryFixed')}</p>
          {view.fieldError('country').map((e, i) => <p key={i} className="mt-1 text-sm text-rose-700">{text(e)}</p>)}
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{t('address.nameGroup')}</legend>
          {name('firstNameEn', 'shipping given-name')}
          {name('lastNameEn', 'shipping family-name')}
          {name('lastNameZh', 'off')}
          {name('firstNameZh', 'off')}
        </fieldset>
        <TextInput field="phone" type="tel" inputMode="tel" autoComplete="shipping tel" label={t('address.phone')} hint={t('address.phoneHint')}
          value={v.phone} onChange={(value) => view.setField('phone', value)} errors={view.fieldError('phone')} />
        <AddressLinesFields section="shipping" country={view.country} values={v} fieldOf={(line) => line}
          onChange={view.setField} errorsOf={view.fieldError} />
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
