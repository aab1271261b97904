/** Parts of the company pages' forms: a text area with its errors, the hidden field for robots, and the form's sent state. */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnquiryFormContext } from '../../machines/enquiryForm.machine';
import { inputClass, Notice, secondaryButton } from '../ui/fields';
import { problemText, useText, type Text } from '../ui/text';
import { FORM_ERROR_ID, useFocusFirstError } from '../ui/useFocusFirstError';

export const fieldErrors = (c: EnquiryFormContext, field: string): Text[] => (c.fieldErrors[field] ?? []).map((key) => ({ key }));

export function TextArea(props: { field: string; label: string; value: string; onChange: (v: string) => void; errors: Text[]; hint?: string; optional?: boolean; rows?: number; maxLength?: number }) {
  const { t } = useTranslation('checkout');
  const text = useText();
  const id = useId();
  const described = [props.hint && `${id}-hint`, props.errors.length > 0 && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {props.label}{props.optional && <span className="ml-1 font-normal text-slate-600">{t('form.optional')}</span>}
      </label>
      <textarea id={id} name={props.field} data-field={props.field} rows={props.rows ?? 5} value={props.value} maxLength={props.maxLength}
        onChange={(e) => props.onChange(e.target.value)} aria-invalid={props.errors.length > 0} aria-describedby={described} className={inputClass} />
      {props.hint && <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">{props.hint}</p>}
      {props.errors.length > 0 && (
        <ul id={`${id}-error`} className="mt-1 space-y-0.5 text-sm text-rose-700">{props.errors.map((e, i) => <li key={i}>{text(e)}</li>)}</ul>
      )}
    </div>
  );
}

/**
 * The field robots fill and people never see: off screen (not display:none, which some robots skip), out of the tab
 * order, hidden from screen readers, and not offered by the browser's autofill.
 */
export function RobotField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('company');
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        {t('contact.robot')}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </div>
  );
}

/** The form's problem (a refusal, a limit, the network): said above the submit button, focused after a submit. */
export function FormProblem({ context, failedKey }: { context: EnquiryFormContext; failedKey: string | null }) {
  const { t } = useTranslation('company');
  const text = useText();
  if (!context.problem) return null;
  return (
    <Notice tone="error" id={FORM_ERROR_ID}>
      {failedKey && <span className="block font-semibold">{t(failedKey)}</span>}
      {text(problemText(context.problem))}
    </Notice>
  );
}

/**
 * Moves focus to the first field in error (or the form's problem) after a refused submit: at once when the form's own
 * checks refuse it, or when the gateway's answer brings it back to the form. Typing moves nothing.
 */
export function useFocusAfterSubmit(context: EnquiryFormContext, state: string, submits: number) {
  const [request, setRequest] = useState(0);
  const previous = useRef(state);
  useEffect(() => { if (submits > 0 && state === 'editing') setRequest((n) => n + 1); }, [submits]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (previous.current === 'sending' && (state === 'editing' || state === 'failed')) setRequest((n) => n + 1);
    previous.current = state;
  }, [state]);
  useFocusFirstError(request, Object.keys(context.fieldErrors).filter((f) => (context.fieldErrors[f]?.length ?? 0) > 0));
}

export function SentPanel({ title, text, again, onAgain, children }: { title: string; text: string; again: string; onAgain: () => void; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => { ref.current?.focus(); }, []);
  return (
    <div ref={ref} tabIndex={-1} role="status" data-testid="enquiry-sent" className="space-y-3 rounded-2xl bg-emerald-50 p-6 ring-1 ring-emerald-200 focus:outline-none">
      <h2 className="text-xl font-semibold text-emerald-950">{title}</h2>
      <p className="text-emerald-950">{text}</p>
      {children}
      <button type="button" className={secondaryButton} onClick={onAgain}>{again}</button>
    </div>
  );
}
