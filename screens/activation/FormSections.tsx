/** Step 2's personal info, the account registered with the activation, and Wi-Fi calling with its E911 address. */
import { useTranslation } from 'react-i18next';
import type { E911Line } from '../../machines/activationForm';
import { AppLink } from '../../src/app/forScreens';
import { AddressLinesFields, useCountryName } from '../ui/AddressLinesFields';
import { CheckboxField, FormSection, linkClass, TextInput } from '../ui/fields';
import type { SecondView } from './activation.connect';

export function PersonalSection({ view }: { view: SecondView }) {
  const { t } = useTranslation('activation');
  const d = view.draft;
  return (
    <FormSection title={t('personal.heading')}>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput field="birthday" label={t('personal.birthday')} type="date" value={d.birthday} autoComplete="bday" hint={t('personal.birthdayHint')}
          onChange={(v) => view.change({ field: 'birthday', value: v })} errors={view.fieldError('birthday')} />
        <TextInput field="email" label={t('personal.email')} type="email" value={d.email} autoComplete="email" lang="en"
          hint={t(view.esim ? 'personal.emailHintEsim' : 'personal.emailHint')}
          onChange={(v) => view.change({ field: 'email', value: v })} errors={view.fieldError('email')} />
        <TextInput field="zip" label={t('personal.zip')} value={d.zip} inputMode="numeric" maxLength={5} autoComplete="postal-code"
          onChange={(v) => view.change({ field: 'zip', value: v })} errors={view.fieldError('zip')} />
      </div>
    </FormSection>
  );
}

export function AccountSection({ view }: { view: SecondView }) {
  const { t } = useTranslation('activation');
  const d = view.draft;
  return (
    <FormSection title={t('account.heading')}>
      <p className="text-sm text-slate-700">
        {t('account.intro')}{' '}
        <AppLink to={`/login?redirect=${encodeURIComponent('/activation')}`} className={linkClass}>{t('account.login')}</AppLink>
      </p>
      <TextInput field="username" label={t('account.username')} value={d.username} autoComplete="username" lang="en"
        onChange={(v) => view.change({ field: 'username', value: v })} errors={view.fieldError('username')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput field="password" label={t('account.password')} type="password" value={d.password} autoComplete="new-password" hint={t('account.passwordHint')}
          onChange={(v) => view.change({ field: 'password', value: v })} errors={view.fieldError('password')} />
        <TextInput field="confirm" label={t('account.confirm')} type="password" value={d.confirm} autoComplete="new-password"
          onChange={(v) => view.change({ field: 'confirm', value: v })} errors={view.fieldError('confirm')} />
      </div>
    </FormSection>
  );
}

export function WifiCallingSection({ view }: { view: SecondView }) {
  const { t } = useTranslation('activation');
  const countryName = useCountryName();
  const d = view.draft;
  return (
    <FormSection title={t('wifi.heading')}>
      <CheckboxField field="wifiCalling" checked={d.wifiCalling} onChange={(v) => view.change({ field: 'wifiCalling', value: v })} errors={view.fieldError('wifiCalling')}>
        <span className="font-semibold">{t('wifi.enable')}</span>
        <span className="block text-slate-700">{t('wifi.detail')}</span>
      </CheckboxField>
      {d.wifiCalling && (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{t('wifi.e911Intro')}</p>
          <p className="text-sm text-slate-800">
            <span className="font-medium">{t('wifi.country')}</span>{' '}
            <span data-field="e911.country">{countryName('US')}</span>
          </p>
          <AddressLinesFields
            section="shipping" country="US" values={d.e911}
            fieldOf={(line) => `e911.${line}`}
            onChange={(line, value) => view.change({ field: `e911.${line as E911Line}`, value })}
            errorsOf={(line) => view.fieldError(`e911.${line}`)}
          />
        </div>
      )}
    </FormSection>
  );
}
