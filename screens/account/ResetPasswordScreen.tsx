/**
 * /resetpwd (account area): change password. Spec section 5: "Reset by old password or SMS code" — by the old
 * password (the `changePassword` chart) or by a code texted to the account's phone (the `passwordBySms` chart).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { changePasswordFlow, AppLink } from '../../src/app/forScreens';
import { CaptchaField, Field, FormMessage, PasswordChecklist, linkButton, primaryButton } from '../ui/compactForm';
import { useText } from '../ui/text';
import { connectChangePassword } from './changePassword.connect';
import { PasswordBySmsSection } from './PasswordBySmsSection';

export default function ResetPasswordScreen() {
  const { t } = useTranslation('account');
  const { t: tp } = useTranslation('portalProfile');
  const text = useText();
  const [way, setWay] = useState<'old' | 'sms'>('old');
  const [snapshot, send] = useMachine(changePasswordFlow);
  const view = connectChangePassword(snapshot, send);

  return (
    <section aria-labelledby="change-password-title" className="max-w-lg rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h1 id="change-password-title" className="text-2xl font-bold text-slate-900">{t('changePassword.title')}</h1>

      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-800">{tp('bySms.ways')}</legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm text-slate-900">
          <label className="inline-flex items-center gap-2"><input type="radio" name="way" checked={way === 'old'} onChange={() => setWay('old')} />{tp('bySms.byOld')}</label>
          <label className="inline-flex items-center gap-2"><input type="radio" name="way" checked={way === 'sms'} onChange={() => setWay('sms')} />{tp('bySms.bySms')}</label>
        </div>
      </fieldset>

      {way === 'sms' ? <div className="mt-6"><PasswordBySmsSection /></div> : (
        <>
        {view.changed ? (
          <div className="mt-6 space-y-4">
            <FormMessage tone="success">{t('changePassword.done')}</FormMessage>
            <AppLink to="/personal" className={linkButton}>{t('changePassword.backToAccount')}</AppLink>
          </div>
        ) : (
          <form className="mt-6 space-y-4" noValidate onSubmit={(e) => { e.preventDefault(); view.submit(); }}>
            <p className="text-sm text-slate-700">{t('changePassword.intro')}</p>
            {view.formError && <FormMessage tone="error">{text(view.formError)}</FormMessage>}
            <Field name="oldPassword" type="password" autoComplete="current-password" label={t('changePassword.oldPassword')}
              value={view.values.oldPassword} onChange={(v) => view.setField('oldPassword', v)} errors={view.fieldError('oldPassword')} />
            <Field name="newPassword" type="password" autoComplete="new-password" label={t('changePassword.newPassword')}
              value={view.values.newPassword} onChange={(v) => view.setField('newPassword', v)} errors={view.fieldError('newPassword')} />
            <Field name="confirmPassword" type="password" autoComplete="new-password" label={t('changePassword.confirmPassword')}
              value={view.values.confirmPassword} onChange={(v) => view.setField('confirmPassword', v)} errors={view.fieldError('confirmPassword')} />
            <PasswordChecklist items={view.checklist} />
            <CaptchaField value={view.values.captcha} onChange={(v) => view.setField('captcha', v)} errors={view.fieldError('captcha')}
              state={view.captcha.state} image={view.captcha.image} onRefresh={view.refreshCaptcha} />
            <button type="submit" className={primaryButton} disabled={view.busy} aria-busy={view.busy}>
              {t(view.busy ? 'changePassword.saving' : 'changePassword.submit')}
            </button>
          </form>
        )}
        </>
      )}
    </section>
  );
}
