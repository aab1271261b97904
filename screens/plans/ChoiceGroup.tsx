/** A group of radio buttons drawn as a segmented control: one choice, keyboard arrows between options, a visible legend. */
import { useId, type ReactNode } from 'react';

export interface Choice<T extends string | number> {
  value: T;
  label: string;
  /** A second line under the label (a discount, a short explanation). */
  note?: ReactNode;
}

export function ChoiceGroup<T extends string | number>(props: {
  legend: string;
  name: string;
  value: T;
  choices: Choice<T>[];
  onChange: (value: T) => void;
  /** Options per row on a phone; they share the row equally. */
  columns: 2 | 4;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">{props.legend}</legend>
      <div className={`mt-2 grid gap-2 ${props.columns === 4 ? 'grid-cols-4' : 'grid-cols-2'} sm:flex sm:flex-wrap`}>
        {props.choices.map((choice) => {
          const inputId = `${id}-${choice.value}`;
          const checked = choice.value === props.value;
          return (
            <label key={choice.value} htmlFor={inputId}
              className={`relative flex cursor-pointer flex-col items-center justify-center rounded-xl border px-2 py-2 text-center sm:min-w-[5.5rem] sm:px-4 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 ${checked ? 'border-blue-700 bg-blue-50 text-blue-900' : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400'}`}>
              <input id={inputId} type="radio" name={props.name} value={String(choice.value)} checked={checked}
                onChange={() => props.onChange(choice.value)} className="sr-only" />
              <span className="text-sm font-semibold">{choice.label}</span>
              {choice.note && <span className={`text-xs ${checked ? 'text-blue-800' : 'text-slate-600'}`}>{choice.note}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
