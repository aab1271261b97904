/** A labelled select with its errors next to it, like the login screen's Field. */
import { useId } from 'react';
import { useText } from '../login/parts';
import type { Text } from './tracking.connect';

const selectClass = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-rose-600';

export function SelectField(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: Text[];
  options: { value: string; label: string }[];
  placeholder?: string;
  autoComplete?: string;
  /** Option labels that are proper names (postal state names) are not for machine translation. */
  noTranslate?: boolean;
}) {
  const id = useId();
  const text = useText();
  const errorId = props.errors.length ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">{props.label}</label>
      <select id={id} name={props.name} value={props.value} autoComplete={props.autoComplete} onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.errors.length > 0} aria-describedby={errorId} className={selectClass} translate={props.noTranslate ? 'no' : undefined}>
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {errorId && (
        <ul id={errorId} className="mt-1 space-y-0.5 text-sm text-rose-700">
          {props.errors.map((e, i) => <li key={i}>{text(e)}</li>)}
        </ul>
      )}
    </div>
  );
}
