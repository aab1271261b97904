/** One question of the help centre: a disclosure whose id is its address, its answer, the pages it speaks of, and a copy of its link. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLinks } from './pageLinks';
import { questionKey, type FaqQuestion } from './faq';

export function FaqItem({ question, open, values, onToggle }: {
  question: FaqQuestion; open: boolean; values: Record<string, string | number>; onToggle: (open: boolean) => void;
}) {
  const { t } = useTranslation('help');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const url = `${window.location.origin}${window.location.pathname}#${question.id}`;
    try { await navigator.clipboard.writeText(url); setCopied(true); } catch { window.location.hash = question.id; }
  };
  const paragraphs = t(questionKey(question.id, 'a'), values).split('\n\n');
  return (
    <details id={question.id} open={open} data-testid={`faq-${question.id}`} className="group scroll-mt-24 rounded-xl bg-white ring-1 ring-slate-200 open:ring-blue-300"
      onToggle={(e) => onToggle((e.currentTarget as HTMLDetailsElement).open)}>
      <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-xl px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">
        <span>{t(questionKey(question.id, 'q'))}</span>
        <span aria-hidden="true" className="mt-0.5 text-slate-500 transition-transform group-open:rotate-45">+</span>
      </summary>
      <div className="space-y-3 px-4 pb-4 text-slate-700">
        {paragraphs.map((p, i) => <p key={i}>{p}</p>)}
        {question.items && (
          <ul className="list-disc space-y-1 pl-6">{question.items.map((k) => <li key={k}>{t(k)}</li>)}</ul>
        )}
        <PageLinks lead={t('seeAlso')} links={(question.links ?? []).map((l) => ({ to: l.to, label: t(l.label) }))} />
        <p className="flex items-center gap-3 text-sm">
          <button type="button" onClick={() => void copy()} className="font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">
            {t('copyLink')}
          </button>
          <span role="status" className="text-emerald-800">{copied ? t('copied') : ''}</span>
        </p>
      </div>
    </details>
  );
}
