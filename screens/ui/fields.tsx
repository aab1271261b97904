/**
 * Accessible parts of the sectioned forms (checkout, activation, payment, change of address): every control has its label, its errors next to it (aria-describedby,
 * aria-invalid) and a `data-field` naming the draft field, so focus can go to the first error after a submit.
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useText, type Text } from './text';
import { withEnglishExamples } from './Verbatim';

export const inputClass = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-rose-600 disabled:bg-slate-100 read-only:bg-slate-50';
export const primaryButton = 'inline-flex w-full items-center justify-center rounded-full bg-blue-700 px-5 py-3 text-base font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-slate-400';
export const secondaryButton = 'inline-flex items-center justify-center rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:cursor-not-allowed disabled:text-slate-500';
export const linkClass = 'font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';

function Errors({ id, errors }: { id: string; errors: Text[] }) {
  const text = useText();
  if (!errors.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-rose-700">
      {errors.map((e, i) => <li key={i}>{text(e)}</li>)}
    </ul>
  );
}

function Label({ htmlFor, label, optional }: { htmlFor: string; label: string; optional?: boolean }) {
  const { t } = useTranslation('checkout');
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
      {label}
      {optional && <span className="ml-1 font-normal text-slate-600">{t('form.optional')}</span>}
    </label>
  );
}

const describedBy = (...ids: (string | undefined | false)[]) => ids.filter(Boolean).join(' ') || undefined;

export function TextInput(props: {
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: Text[];
  type?: 'text' | 'email' | 'tel' | 'password' | 'date';
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'text' | 'email';
  hint?: string;
  optional?: boolean;
  maxLength?: number;
  lang?: string;
  after?: ReactNode;
  onEnter?: () => void;
  /** Shown and focusable but not editable (a value a call is using). */
  readOnly?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <Label htmlFor={id} label={props.label} optional={props.optional} />
      {/* With a button after it, the field keeps at least 12rem: on a narrow screen the button goes under it. */}
      <div className={props.after ? 'flex flex-wrap items-start gap-x-2' : 'flex items-start gap-2'}>
        <input
          id={id}
          name={props.field}
          data-field={props.field}
          type={props.type ?? 'text'}
          value={props.value}
          lang={props.lang}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          readOnly={props.readOnly}
          onChange={(e) => props.onChange(e.target.value)}
          onKeyDown={props.onEnter ? (e) => { if (e.key === 'Enter') { e.preventDefault(); props.onEnter?.(); } } : undefined}
          aria-invalid={props.errors.length > 0}
          aria-describedby={describedBy(props.hint && hintId, props.errors.length > 0 && errorId)}
          className={props.after ? `${inputClass} min-w-0 flex-[1_1_12rem]` : inputClass}
        />
        {props.after}
      </div>
      {props.hint && <p id={hintId} className="mt-1 text-xs text-slate-600">{withEnglishExamples(props.hint)}</p>}
      <Errors id={errorId} errors={props.errors} />
    </div>
  );
}

export function SelectInput(props: {
  field: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  errors: Text[];
  placeholder?: string;
  autoComplete?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <Label htmlFor={id} label={props.label} />
      <select
        id={id}
        name={props.field}
        data-field={props.field}
        value={props.value}
        autoComplete={props.autoComplete}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.errors.length > 0}
        aria-describedby={props.errors.length ? errorId : undefined}
        className={inputClass}
      >
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      <Errors id={errorId} errors={props.errors} />
    </div>
  );
}

/** Choices as buttons that read as radios: big enough to tap on a phone. */
export function ChoiceGroup<V extends string | number>(props: {
  field: string;
  legend: string;
  value: V;
  options: { value: V; label: string; detail?: string }[];
  onChange: (value: V) => void;
  errors: Text[];
  columns?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={props.errors.length ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{props.legend}</legend>
      <div className={`mt-2 grid gap-2 ${props.columns ?? 'grid-cols-2'}`}>
        {props.options.map((o, i) => {
          const checked = o.value === props.value;
          return (
            <label
              key={String(o.value)}
              className={`flex cursor-pointer flex-col rounded-xl border px-3 py-2 text-sm focus-within:ring-2 focus-within:ring-blue-600 ${checked ? 'border-blue-700 bg-blue-50 text-blue-900' : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400'}`}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name={props.field}
                  data-field={i === 0 ? props.field : undefined}
                  value={String(o.value)}
                  checked={checked}
                  onChange={() => props.onChange(o.value)}
                  aria-invalid={props.errors.length > 0}
                  className="h-4 w-4 accent-blue-700"
                />
                <span className="font-semibold">{o.label}</span>
              </span>
              {o.detail && <span className="mt-0.5 pl-6 text-xs text-slate-700">{o.detail}</span>}
            </label>
          );
        })}
      </div>
      <Errors id={errorId} errors={props.errors} />
    </fieldset>
  );
}

export function CheckboxField(props: {
  field: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors: Text[];
  children: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={props.field}
          data-field={props.field}
          checked={props.checked}
          onChange={(e) => props.onChange(e.target.checked)}
          aria-invalid={props.errors.length > 0}
          aria-describedby={props.errors.length ? errorId : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-blue-700"
        />
        <label htmlFor={id} className="text-sm text-slate-800">{props.children}</label>
      </div>
      <div className="pl-8"><Errors id={errorId} errors={props.errors} /></div>
    </div>
  );
}

export function FormSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} id={id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

export function Notice({ tone, children, id }: { tone: 'error' | 'success' | 'info' | 'warning'; children: ReactNode; id?: string }) {
  const styles = {
    error: 'bg-rose-50 text-rose-900 ring-rose-200',
    success: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
    info: 'bg-blue-50 text-blue-900 ring-blue-200',
    warning: 'bg-amber-50 text-amber-950 ring-amber-300',
  }[tone];
  return <div id={id} tabIndex={-1} role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg p-3 text-sm ring-1 focus:outline-none ${styles}`}>{children}</div>;
}
