/**
 * /personal/myinfo and /global/personal/myinfo: "my information with edit" (spec section 2) over the profile chart.
 */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { inspectFlow, profileFlow } from '../../src/app/forScreens';
import { formatPhone } from '../../src/domain/phone';
import { formatDate } from '../../i18n';
import { AddressLinesFields, useCountryName, type AddressLine } from '../ui/AddressLinesFields';
import { FormSection, Notice, primaryButton, secondaryButton, SelectInput, TextInput } from '../ui/fields';
import { useText } from '../ui/text';
import { EmailChange } from './EmailChange';
import { connectProfile, type ProfileView } from './profile.connect';
import { ReferralCard } from './ReferralCard';
import { StudentCard } from './StudentCard';

const row = 'flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4';

/** `verbatim`: what the customer chose or typed (a username, a name), shown as is in every language. */
function Value({ children, verbatim = false }: { children: string | null | undefined; verbatim?: boolean }) {
  const { t } = useTranslation('portalProfile');
  return (
    <dd className="font-medium text-slate-900" translate={verbatim && children ? 'no' : undefined}>
      {children || <span className="font-normal text-slate-600">{t('common.notSet')}</span>}
    </dd>
  );
}

function InfoView({ view }: { view: ProfileView }) {
  const { t, i18n } = useTranslation('portalProfile');
  const countryName = useCountryName();
  const p = view.profile!;
  const nameEn = [p.firstNameEn, p.lastNameEn].filter(Boolean).join(' ');
  const nameZh = `${p.lastNameZh ?? ''}${p.firstNameZh ?? ''}`;
  const b = p.billing;
  return (
    <FormSection title={t('myInfo.names')}>
      <dl className="space-y-2 text-sm text-slate-700">
        <div className={row}><dt>{t('myInfo.nameEn')}</dt><Value verbatim>{nameEn}</Value></div>
        <div className={row}><dt>{t('myInfo.nameZh')}</dt><Value>{nameZh}</Value></div>
        <div className={row}><dt>{t('myInfo.contactPhone')}</dt><Value>{p.contactPhone ? formatPhone(p.contactPhone) : null}</Value></div>
        <div className={row}><dt>{t('myInfo.birthday')}</dt><Value>{p.birthday ? formatDate(p.birthday, i18n.language, { dateStyle: 'long', timeZone: 'UTC' }) : null}</Value></div>
        <div className={row}>
          <dt>{t('myInfo.billing')}</dt>
          <dd className="font-medium text-slate-900 sm:text-right" translate={b ? 'no' : undefined}>
            {b ? <>{b.address1}{b.address2 ? `, ${b.address2}` : ''}<br />{`${b.city}, ${b.state} ${b.zip}`}<br />{countryName(b.country)}</> : <span className="font-normal text-slate-600">{t('myInfo.noBilling')}</span>}
          </dd>
        </div>
      </dl>
      <button type="button" className={secondaryButton} onClick={view.edit}>{t('common.edit')}</button>
    </FormSection>
  );
}

function InfoForm({ view }: { view: ProfileView }) {
  const { t } = useTranslation('portalProfile');
  const { t: tc } = useTranslation('common');
  const countryName = useCountryName();
  const d = view.draft;
  const text = (field: Parameters<ProfileView['setField']>[0]) => ({ field, value: d[field], onChange: (v: string) => view.setField(field, v), errors: view.errorsOf(field) });
  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); view.save(); }} className="space-y-6">
      <FormSection title={t('myInfo.names')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput {...text('firstNameEn')} label={t('myInfo.firstNameEn')} autoComplete="given-name" lang="en" />
          <TextInput {...text('lastNameEn')} label={t('myInfo.lastNameEn')} autoComplete="family-name" lang="en" />
          <TextInput {...text('lastNameZh')} label={t('myInfo.lastNameZh')} optional lang="zh" />
          <TextInput {...text('firstNameZh')} label={t('myInfo.firstNameZh')} optional lang="zh" />
        </div>
        <TextInput {...text('contactPhone')} label={t('myInfo.contactPhone')} type="tel" inputMode="tel" autoComplete="tel" hint={t('myInfo.contactPhoneHint')} />
        {view.birthdayLocked ? (
          <div>
            <p className="text-sm font-medium text-slate-800">{t('myInfo.birthday')}</p>
            <p className="mt-1 text-sm text-slate-700">{d.birthday} · {t('myInfo.birthdayLocked')}</p>
          </div>
        ) : (
          <TextInput {...text('birthday')} label={t('myInfo.birthday')} type="date" autoComplete="bday" hint={t('myInfo.birthdayOnce')} />
        )}
      </FormSection>
      <FormSection title={t('myInfo.billing')}>
        <p className="text-sm text-slate-700">{t('myInfo.billingHint')}</p>
        <SelectInput field="country" label={tc('address.country')} value={d.country} onChange={(v) => view.setField('country', v)} errors={view.errorsOf('country')}
          options={(['US', 'CN'] as const).map((c) => ({ value: c, label: countryName(c) }))} />
        <AddressLinesFields section="billing" country={d.country === 'CN' ? 'CN' : 'US'}
          values={{ address1: d.address1, address2: d.address2, city: d.city, state: d.state, zip: d.zip }}
          fieldOf={(line: AddressLine) => line} onChange={(line, v) => view.setField(line, v)} errorsOf={(line) => view.errorsOf(line)} />
      </FormSection>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={view.saving} aria-busy={view.saving}>{t(view.saving ? 'common.saving' : 'myInfo.save')}</button>
        <button type="button" className={secondaryButton} onClick={view.cancelEdit} disabled={view.saving}>{t('common.cancel')}</button>
      </div>
    </form>
  );
}

export default function MyInfoScreen() {
  const { t } = useTranslation('portalProfile');
  const text = useText();
  const [snapshot, send] = useMachine(profileFlow, { inspect: inspectFlow });
  const view = connectProfile(snapshot, send);
  const p = view.profile;

  return (
    <div className="space-y-6" data-testid="my-info" data-state={JSON.stringify(snapshot.value)}>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('myInfo.title')}</h1>
        <p className="mt-1 text-sm text-slate-700">{t('myInfo.intro')}</p>
      </header>
      {view.loadFailed && (
        <Notice tone="error">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className={`mt-2 ${secondaryButton}`} onClick={view.retry}>{t('common.retry')}</button>
        </Notice>
      )}
      {view.notice === 'saved' && <Notice tone="success">{t('myInfo.saved')}</Notice>}
      {view.notice === 'emailChanged' && <Notice tone="success">{t('myInfo.emailChanged')}</Notice>}
      {view.formError && !view.changingEmail && <Notice tone="error">{text(view.formError)}</Notice>}
      {p && (
        <>
          <FormSection title={t('myInfo.account')}>
            <dl className="space-y-2 text-sm text-slate-700">
              <div className={row}><dt>{t('myInfo.username')}</dt><Value verbatim>{p.username}</Value></div>
              <div className={row}><dt>{t('myInfo.loginPhone')}</dt><Value>{p.phone ? formatPhone(p.phone) : null}</Value></div>
              <div className={row}><dt>{t('myInfo.email')}</dt><dd className="font-medium text-slate-900" data-testid="account-email" translate={p.email ? 'no' : undefined}>{p.email ?? <span className="font-normal text-slate-600">{t('myInfo.noEmail')}</span>}</dd></div>
            </dl>
            <EmailChange view={view} />
          </FormSection>
          {view.editing ? <InfoForm view={view} /> : <InfoView view={view} />}
          {p.student && <StudentCard student={p.student} />}
          <ReferralCard referral={p.referral} />
        </>
      )}
    </div>
  );
}
