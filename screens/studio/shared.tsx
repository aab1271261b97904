/** What the studio's panels share: how a state value and a payload read, and what a panel lights on the drawing. */
import { useTranslation } from 'react-i18next';
import type { StateValue } from 'xstate';

/** What the active tab lights on the drawing, in the chart's own state and transition ids. */
export interface Highlight {
  current?: string[];
  states?: string[];
  /** Transition ids with the step numbers that took them. */
  transitions?: Map<string, number[]>;
}

export const stateText = (value: StateValue): string => {
  if (typeof value === 'string') return value;
  return Object.entries(value).map(([k, v]) => (v === undefined || (typeof v === 'object' && !Object.keys(v).length) ? k : `${k}.${stateText(v as StateValue)}`)).join(' + ');
};

/** A payload short enough is shown whole; a long one (an order, a form) opens on demand. */
export function Payload({ text }: { text: string }) {
  const { t } = useTranslation('studio');
  if (text.length <= 90) return <code className="mt-0.5 block break-all text-xs text-slate-700" lang="en">{text}</code>;
  return (
    <details className="mt-0.5 text-xs text-slate-700">
      <summary className="cursor-pointer"><code lang="en">{text.slice(0, 60)}…</code> <span className="text-blue-800">{t('paths.payload')}</span></summary>
      <code className="block break-all" lang="en">{text}</code>
    </details>
  );
}
