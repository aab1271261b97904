/**
 * Small, accessible parts of the compact one-card forms (login, change of password, order search): a labelled field
 * with its errors next to it, the captcha, the password rules, the form's message and its buttons.
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useText, type Text } from './text';

export const inputClass = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-rose-600';
export const primaryButton = 'inline-flex w-full items-center justify-center rounded-full bg-blue-700 px-4 py-2.5 text-base font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-slate-400';
export const secondaryButton = 'inline-flex items-center justify-center rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:cursor-not-allowed disabled:text-slate-500';
export { waitingButton } from './waitingButton';
export const linkButton = 'text-sm font-medium text-blue-800 underline-offset-4 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';

export function Field(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: Text[];
  type?: 'text' | 'tel' | 'password' | 'email';
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'text' | 'email';
  hint?: string;
  maxLength?: number;
  after?: ReactNode;
  /** Focus goes here when the field appears (the next thing to do, e.g. the code once it was sent). */
  autoFocus?: boolean;
}) {
  const id = useId();
  const text = useText();
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.errors.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">{props.label}</label>
      <div className="flex items-start gap-2">
        <input
          id={id}
          name={props.name}
          type={props.type ?? 'text'}
          value={props.value}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          autoFocus={props.autoFocus}
          onChange={(e) => props.onChange(e.target.value)}
          aria-invalid={props.errors.length > 0}
          aria-describedby={describedBy}
          className={inputClass}
        />
        {props.after}
      </div>
      {props.hint && <p id={hintId} className="mt-1 text-xs text-slate-600">{props.hint}</p>}
      {errorId && (
        <ul id={errorId} className="mt-1 space-y-0.5 text-sm text-rose-700">
          {props.errors.map((e, i) => <li key={i}>{text(e)}</li>)}
        </ul>
      )}
    </div>
  );
}

export function CaptchaField(props: {
  value: string;
  onChange: (value: string) => void;
  errors: Text[];
  state: 'loading' | 'ready' | 'failed';
  image: string | null;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('login');
  return (
    <Field
      name="captcha"
      label={t('fields.captcha')}
      value={props.value}
      onChange={props.onChange}
      errors={props.state === 'failed' ? [...props.errors, { key: 'login:captcha.failed' }] : props.errors}
      autoComplete="off"
      maxLength={4}
      after={(
        <div className="mt-1 flex shrink-0 items-center gap-1">
          <div className="flex h-10 w-28 items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200" aria-live="polite">
            {props.state === 'ready' && props.image
              ? <img src={props.image} alt={t('fields.captchaImage')} className="h-10 w-28" />
              : <span className="text-xs text-slate-600">{t(props.state === 'failed' ? 'captcha.unavailable' : 'captcha.loading')}</span>}
          </div>
          <button type="button" onClick={props.onRefresh} disabled={props.state === 'loading'} className={`${secondaryButton} h-10 px-3`} aria-label={t('fields.captchaRefresh')}>
            <span aria-hidden="true">↻</span>
          </button>
        </div>
      )}
    />
  );
}

export function PasswordChecklist({ items, id }: { items: { rule: string; met: boolean }[]; id?: string }) {
  const { t } = useTranslation('login');
  return (
    <div id={id} className="rounded-lg bg-slate-50 p-3 text-sm">
      <p className="font-medium text-slate-800">{t('rules.title')}</p>
      <ul className="mt-1 space-y-0.5" aria-live="polite">
        {items.map((item) => (
          <li key={item.rule} className={item.met ? 'text-emerald-800' : 'text-slate-700'}>
            <span aria-hidden="true">{item.met ? '✓ ' : '○ '}</span>
            {t(`rules.${item.rule}`)}
            <span className="sr-only">{t(item.met ? 'rules.met' : 'rules.unmet')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles = { error: 'bg-rose-50 text-rose-900 ring-rose-200', success: 'bg-emerald-50 text-emerald-900 ring-emerald-200', info: 'bg-blue-50 text-blue-900 ring-blue-200' }[tone];
  return <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg p-3 text-sm ring-1 ${styles}`}>{children}</div>;
}
