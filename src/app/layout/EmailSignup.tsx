import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../flows/errorText';
import type { EmailProblem } from '../flows/offerLocking';
import { showToast } from '../feedback';
import { useHydrated } from '../useHydrated';
import { lazyPart } from './lazyPart';

/**
 * The email rule is the contract's (zod), fetched when the form is first used, not with every page's first load
 * (decision 0023): focusing the field starts the fetch, submitting awaits it.
 */
const footerEmail = lazyPart(() => import('../flows/offerLocking'));
const preload = () => { void footerEmail.load().catch(() => { /* tried again on submit */ }); };

type Status = { kind: 'idle' } | { kind: 'error'; problem: EmailProblem } | { kind: 'sending' } | { kind: 'done' };

export function EmailSignup({ submit }: { submit?: (email: string) => Promise<boolean> }) {
  const { t } = useTranslation('layout');
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // The footer arrives as HTML (decision 0022): the form is sent once the page is hydrated, never by the browser itself.
  const hydrated = useHydrated();
  const inputId = useId();
  const messageId = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    let flow: Awaited<ReturnType<typeof footerEmail.load>>;
    try {
      flow = await footerEmail.load();
    } catch (error) {
      // Offline: the rule could not be fetched, and the email could not have been sent either.
      showToast(errorText(error, t));
      return;
    }
    const problem = flow.validateFooterEmail(email);
    if (problem) {
      setStatus({ kind: 'error', problem });
      return;
    }
    setStatus({ kind: 'sending' });
    const ok = await (submit ?? flow.submitFooterEmail)(email);
    setStatus(ok ? { kind: 'done' } : { kind: 'idle' });
    if (ok) setEmail('');
  };

  const invalid = status.kind === 'error';
  return (
    <form noValidate onSubmit={onSubmit} onFocus={preload} className="max-w-md">
      <label htmlFor={inputId} className="block text-sm font-semibold text-white">{t('footer.email.label')}</label>
      <p className="mt-1 text-sm text-slate-300">{t('footer.email.description')}</p>
      <div className="mt-3 flex gap-2">
        <input
          id={inputId}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => { setEmail(e.target.value); if (status.kind !== 'sending') setStatus({ kind: 'idle' }); }}
          placeholder={t('footer.email.placeholder')}
          aria-invalid={invalid}
          aria-describedby={messageId}
          className="min-w-0 flex-1 rounded-md border border-slate-500 bg-slate-800 px-3 py-2 text-sm text-white placeholder:text-slate-400"
        />
        <button type="submit" disabled={status.kind === 'sending' || !hydrated} className="rounded-md bg-amber-400 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-amber-300 disabled:opacity-60">
          {t('footer.email.submit')}
        </button>
      </div>
      <p id={messageId} role={invalid ? 'alert' : 'status'} className={`mt-2 min-h-5 text-sm ${invalid ? 'text-rose-300' : 'text-emerald-300'}`}>
        {status.kind === 'error' ? t(`footer.email.${status.problem}`) : status.kind === 'done' ? t('footer.email.success') : ''}
      </p>
    </form>
  );
}
