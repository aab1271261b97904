/** Issue 14: "email (a code to the new address before it changes)". */
import { useTranslation } from 'react-i18next';
import { Notice, secondaryButton, TextInput } from '../ui/fields';
import { useText } from '../ui/text';
import type { ProfileView } from './profile.connect';

export function EmailChange({ view }: { view: ProfileView }) {
  const { t } = useTranslation('portalProfile');
  const text = useText();
  if (!view.changingEmail) {
    return (
      <button type="button" className={secondaryButton} onClick={view.startEmailChange}>
        {t(view.profile?.email ? 'myInfo.changeEmail' : 'myInfo.addEmail')}
      </button>
    );
  }
  const busy = view.sendingCode || view.verifying;
  return (
    <form noValidate className="space-y-3 rounded-xl bg-slate-50 p-4"
      onSubmit={(e) => { e.preventDefault(); if (view.emailStep === 'code') view.verify(); else view.sendCode(); }}>
      <TextInput field="email" label={t('myInfo.newEmail')} type="email" inputMode="email" autoComplete="email" value={view.newEmail}
        hint={t('myInfo.newEmailHint')} onChange={view.typeEmail} errors={view.errorsOf('email')} />
      {view.emailStep === 'code' && (
        <>
          <Notice tone="info">{t('myInfo.codeSent', { email: view.newEmail })}</Notice>
          <TextInput field="code" label={t('myInfo.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={view.emailCode}
            onChange={view.typeCode} errors={view.errorsOf('code')} />
        </>
      )}
      {view.formError && <Notice tone="error">{text(view.formError)}</Notice>}
      <div className="flex flex-wrap gap-2">
        {view.emailStep === 'code' ? (
          <>
            <button type="submit" className={secondaryButton} disabled={busy} aria-busy={view.verifying}>{t(view.verifying ? 'myInfo.verifying' : 'myInfo.verify')}</button>
            <button type="button" className={secondaryButton} disabled={busy} onClick={view.sendCode}>{t('myInfo.resendCode')}</button>
          </>
        ) : (
          <button type="submit" className={secondaryButton} disabled={busy} aria-busy={view.sendingCode}>{t(view.sendingCode ? 'myInfo.sending' : 'myInfo.sendCode')}</button>
        )}
        <button type="button" className={secondaryButton} disabled={busy} onClick={view.cancelEmailChange}>{t('common.cancel')}</button>
      </div>
    </form>
  );
}
