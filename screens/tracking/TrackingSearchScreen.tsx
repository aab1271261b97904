/**
 * /tracking/search (spec section 2): "order number, email, email verification code (send-code countdown), security
 * code." A picture of the `tracking` chart's search state; tracking.connect.ts says what to show.
 */
import { useTranslation } from 'react-i18next';
import { CaptchaField, Field, FormMessage, primaryButton, secondaryButton, waitingButton } from '../ui/compactForm';
import { useText } from '../ui/text';
import { useHydrated } from '../../src/app/forScreens';
import { useTracking } from './TrackingLayout';
import { connectSearch, type SearchView } from './tracking.connect';

/**
 * Its name stays put while it waits (the seconds left are for the eye only, and the wait is said once in a status),
 * and it stays focusable (aria-disabled): a screen reader is not told the time every second and focus is not lost.
 */
function SendCodeButton({ view }: { view: SearchView }) {
  const { t } = useTranslation('tracking');
  const code = view.emailCode;
  return (
    <button type="button" onClick={view.sendCode} aria-disabled={!code.canSend} aria-busy={code.state === 'sending'}
      className={`${secondaryButton} mt-1 h-10 shrink-0 whitespace-nowrap ${waitingButton}`}>
      {t(code.state === 'sending' ? 'search.sending' : code.sentBefore ? 'search.resend' : 'search.sendCode')}
      {code.state === 'waiting' && <span aria-hidden="true" className="ml-1 tabular-nums">{t('search.countdown', { count: code.secondsLeft })}</span>}
    </button>
  );
}

export default function TrackingSearchScreen() {
  const { t } = useTranslation('tracking');
  const text = useText();
  const { snapshot, send, step } = useTracking();
  // The form arrives as HTML (decision 0022): it is sent once the page is hydrated, never by the browser by itself.
  const hydrated = useHydrated();
  if (step !== 'search') return null;
  const view = connectSearch(snapshot, send);

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{t('search.title')}</h1>
      <p className="mt-2 text-sm text-slate-700">{t('search.intro')}</p>
      <form className="mt-6 space-y-4" noValidate onSubmit={(e) => { e.preventDefault(); view.submit(); }}>
        {view.formError && <FormMessage tone="error">{text(view.formError)}</FormMessage>}
        <Field name="orderNo" label={t('fields.orderNo')} hint={t('fields.orderNoHint')} autoComplete="off" maxLength={40}
          value={view.values.orderNo} onChange={(v) => view.setField('orderNo', v)} errors={view.fieldError('orderNo')} />
        <Field name="email" type="email" inputMode="email" autoComplete="email" label={t('fields.email')} hint={t('fields.emailHint')}
          value={view.values.email} onChange={(v) => view.setField('email', v)} errors={view.fieldError('email')} />
        <Field name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} label={t('fields.code')}
          hint={t(view.emailCode.hint)}
          value={view.values.code} onChange={(v) => view.setField('code', v)} errors={view.fieldError('code')}
          after={<SendCodeButton view={view} />} />
        {view.emailCode.sentTo && <FormMessage tone="info">{t('search.codeSent', { email: view.emailCode.sentTo })}</FormMessage>}
        <p role="status" className="sr-only">
          {view.emailCode.waitSeconds !== null && t('search.resendAnnounce', { count: view.emailCode.waitSeconds })}
        </p>
        <CaptchaField value={view.values.captcha} onChange={(v) => view.setField('captcha', v)} errors={view.fieldError('captcha')}
          state={view.captcha.state} image={view.captcha.image} onRefresh={view.refreshCaptcha} />
        <button type="submit" className={primaryButton} disabled={view.searching || !hydrated} aria-busy={view.searching}>
          {t(view.searching ? 'search.searching' : 'search.submit')}
        </button>
      </form>
    </div>
  );
}
