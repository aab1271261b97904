import type { ReactNode } from 'react';

export function Section({ id, title, intro, children, tone = 'plain' }: { id: string; title: string; intro?: string; children: ReactNode; tone?: 'plain' | 'tint' }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={tone === 'tint' ? 'bg-white' : ''}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
        <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h2>
        {intro && <p className="mt-3 max-w-2xl text-base text-slate-700">{intro}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export function Check() {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 shrink-0 text-emerald-600">
      <path d="M4 10.5l4 4 8-9" stroke="currentColor" strokeWidth="2.2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const buttonPrimary = 'inline-flex items-center justify-center rounded-full bg-blue-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-blue-800';
export const buttonSecondary = 'inline-flex items-center justify-center rounded-full border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-900 hover:bg-slate-50';
