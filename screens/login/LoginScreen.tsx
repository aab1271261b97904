/**
 * /login (spec section 2): "login by SMS code or by username and password; also register and reset password."
 * A picture of the `login` chart: machines/login.machine.ts holds every rule, login.connect.ts says what to show.
 */
import { useEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { completeLogin, inspectFlow, loginFlow, redirectTarget } from '../../src/app/forScreens';
import { connect, type LoginPath } from './login.connect';
import { CodeStep, PhoneStep } from './CodeSteps';
import { NewPasswordStep, PasswordLoginStep } from './PasswordSteps';
import { FormMessage, linkButton, secondaryButton } from '../ui/compactForm';
import { useText } from '../ui/text';

const tabClass = (active: boolean) =>
  `flex-1 rounded-full px-3 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${active ? 'bg-white text-blue-800 shadow-sm' : 'text-slate-700 hover:text-slate-900'}`;

export default function LoginScreen() {
  const { t } = useTranslation('login');
  const text = useText();
  const navigate = useNavigate();
  const location = useLocation();
  const [snapshot, send] = useMachine(loginFlow, { inspect: inspectFlow });
  const view = connect(snapshot, send);
  const finished = useRef(false);

  // /login?mode=register|reset|passwordLogin opens that path (links from the header and from /resetpwd).
  const mode = new URLSearchParams(location.search).get('mode');
  useEffect(() => {
    if (mode === 'register' || mode === 'reset' || mode === 'passwordLogin') send({ type: `path.${mode}` });
  }, [mode, send]);

  useEffect(() => {
    if (!view.token || finished.current) return;
    finished.current = true;
    void completeLogin().then(() => navigate(redirectTarget(location.search), { replace: true }));
  }, [view.token, navigate, location.search]);

  const loginTab = view.path === 'smsLogin' || view.path === 'passwordLogin';
  const heading = t(`title.${view.path}`);
  const choose = (p: LoginPath) => () => view.choosePath(p);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8" data-testid="login" data-state={JSON.stringify(snapshot.value)}>
        <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>

        {loginTab && (
          <div role="tablist" aria-label={t('tabs.label')} className="mt-4 flex gap-1 rounded-full bg-slate-100 p-1">
            <button type="button" role="tab" aria-selected={view.path === 'smsLogin'} className={tabClass(view.path === 'smsLogin')} onClick={choose('smsLogin')}>
              {t('tabs.sms')}
            </button>
            <button type="button" role="tab" aria-selected={view.path === 'passwordLogin'} className={tabClass(view.path === 'passwordLogin')} onClick={choose('passwordLogin')}>
              {t('tabs.password')}
            </button>
          </div>
        )}

        <div className="mt-6 space-y-4" role={loginTab ? 'tabpanel' : undefined}>
          {view.path === 'smsLogin' && view.step === 'phone' && <p className="text-sm text-slate-700">{t('smsHint')}</p>}
          {view.formError && <FormMessage tone="error">{text(view.formError)}</FormMessage>}
          <p role="status" className="sr-only">
            {view.resend?.waitSeconds != null && t('status.resendAnnounce', { count: view.resend.waitSeconds })}
          </p>

          {(view.step === 'phone' || view.step === 'sendingCode') && <PhoneStep view={view} />}
          {view.step === 'code' && <CodeStep view={view} />}
          {view.step === 'password' && <PasswordLoginStep view={view} />}
          {(view.step === 'newPassword' || view.step === 'saving') && <NewPasswordStep view={view} />}
          {view.step === 'checkingRegistered' && <FormMessage tone="info">{t('status.checking')}</FormMessage>}
          {view.step === 'loggedIn' && <FormMessage tone="success">{t('status.loggedIn')}</FormMessage>}

          {view.step === 'alreadyRegistered' && (
            <div className="space-y-3">
              <FormMessage tone="info">{t('alreadyRegistered')}</FormMessage>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={secondaryButton} onClick={choose('passwordLogin')}>{t('actions.loginWithPassword')}</button>
                <button type="button" className={secondaryButton} onClick={choose('reset')}>{t('actions.resetPassword')}</button>
              </div>
            </div>
          )}
          {view.step === 'notRegistered' && (
            <div className="space-y-3">
              <FormMessage tone="info">{t('notRegistered')}</FormMessage>
              <button type="button" className={secondaryButton} onClick={choose('register')}>{t('actions.goRegister')}</button>
            </div>
          )}
        </div>

        <nav aria-label={t('links.label')} className="mt-6 flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-4">
          {loginTab ? (
            <>
              <button type="button" className={linkButton} onClick={choose('register')}>{t('links.register')}</button>
              <button type="button" className={linkButton} onClick={choose('reset')}>{t('links.forgot')}</button>
            </>
          ) : (
            <button type="button" className={linkButton} onClick={choose('smsLogin')}>{t('links.backToLogin')}</button>
          )}
        </nav>
      </div>
    </div>
  );
}
