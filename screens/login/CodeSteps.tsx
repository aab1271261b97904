/** The SMS-code steps shared by SMS login, register and reset: phone and captcha, then the code with its resend countdown. */
import { useTranslation } from 'react-i18next';
import { formatPhone, normalizePhone } from '../../src/domain/phone';
import type { LoginView } from './login.connect';
import { CaptchaField, Field, linkButton, primaryButton, secondaryButton, waitingButton } from '../ui/compactForm';

export function PhoneStep({ view }: { view: LoginView }) {
  const { t } = useTranslation('login');
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => { e.preventDefault(); view.sendCode(); }}>
      <Field name="phone" type="tel" inputMode="tel" autoComplete="tel" label={t('fields.phone')} hint={t('fields.phoneHint')}
        value={view.values.phone} onChange={(v) => view.setField('phone', v)} errors={view.fieldError('phone')} />
      <CaptchaField value={view.values.captcha} onChange={(v) => view.setField('captcha', v)} errors={view.fieldError('captcha')}
        state={view.captcha.state} image={view.captcha.image} onRefresh={view.refreshCaptcha} />
      {/* aria-disabled, not disabled: a send that fails leaves focus on the button. */}
      <button type="submit" className={`${primaryButton} aria-disabled:cursor-not-allowed aria-disabled:bg-slate-400`} aria-disabled={view.busy} aria-busy={view.step === 'sendingCode'}>
        {t(view.step === 'sendingCode' ? 'actions.sending' : 'actions.sendCode')}
      </button>
    </form>
  );
}

export function CodeStep({ view }: { view: LoginView }) {
  const { t } = useTranslation('login');
  const resend = view.resend;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700" role="status">
        {t('status.codeSent', { phone: formatPhone(normalizePhone(view.values.phone)) })}{' '}
        <button type="button" className={linkButton} onClick={view.editPhone}>{t('actions.changeNumber')}</button>
      </p>
      <form className="space-y-4" noValidate onSubmit={(e) => { e.preventDefault(); view.submitCode(); }}>
        {/* The send button is gone once the code is sent: focus goes to the code, the next thing to type. */}
        <Field name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} label={t('fields.code')} autoFocus
          value={view.values.code} onChange={(v) => view.setField('code', v)} errors={view.fieldError('code')} />
        <button type="submit" className={primaryButton} disabled={view.busy} aria-busy={view.busy}>
          {t(view.busy ? 'actions.working' : view.path === 'smsLogin' ? 'actions.login' : 'actions.next')}
        </button>
      </form>
      {resend && (
        <form className="space-y-3 border-t border-slate-200 pt-4" noValidate onSubmit={(e) => { e.preventDefault(); view.sendCode(); }}>
          {resend.state === 'ready' && (
            <CaptchaField value={view.values.captcha} onChange={(v) => view.setField('captcha', v)} errors={view.fieldError('captcha')}
              state={view.captcha.state} image={view.captcha.image} onRefresh={view.refreshCaptcha} />
          )}
          {/* Its name stays put while it waits (seconds for the eye only; LoginScreen says the wait once) and it keeps focus. */}
          <button type="submit" className={`${secondaryButton} ${waitingButton}`} aria-disabled={resend.state !== 'ready'} aria-busy={resend.state === 'sending'}>
            {t(resend.state === 'sending' ? 'actions.sending' : 'actions.resend')}
            {resend.state === 'waiting' && <span aria-hidden="true" className="ml-1 tabular-nums">{t('actions.countdown', { count: resend.secondsLeft })}</span>}
          </button>
        </form>
      )}
    </div>
  );
}
