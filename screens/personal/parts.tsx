/** Cards, badges and the portal's links shared by the account home, the plan details and the line-service pages. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink, portalItemsFor, useFindRoute, type PortalFlags } from '../../src/app/forScreens';

import { cardClass } from '../ui/card';

export const card = cardClass;
export const pill = 'inline-flex items-center justify-center rounded-full px-4 py-2 text-sm font-semibold';

export function Card({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const STATUS_TONE: Record<string, string> = {
  activated: 'bg-emerald-100 text-emerald-900',
  activating: 'bg-amber-100 text-amber-900',
  inactive: 'bg-slate-200 text-slate-900',
  expired: 'bg-rose-100 text-rose-900',
  main: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  none: 'bg-slate-200 text-slate-900',
};

export function Badge({ status, label }: { status: string; label: string }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status] ?? ''}`}>{label}</span>;
}

export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="space-y-1 text-sm text-slate-700">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4"><dt>{label}</dt><dd className="text-right font-medium text-slate-900">{value}</dd></div>
      ))}
    </dl>
  );
}

/** "A way to every portal page": the pages that exist and this customer may use, at their global paths for a global SIM. */
export function PortalLinks({ flags }: { flags: PortalFlags }) {
  const { t } = useTranslation(['portalHome', 'layout']);
  const find = useFindRoute();
  const items = portalItemsFor(flags, find).filter((i) => i.to !== '/personal');
  if (items.length === 0) return null;
  return (
    <nav aria-labelledby="portal-links-title" className={card}>
      <h2 id="portal-links-title" className="text-base font-semibold text-slate-900">{t('portalHome:links.title')}</h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.to}>
            <AppLink to={item.to} className="flex items-center justify-between rounded-xl border border-slate-200 px-4 py-3 text-sm font-medium text-slate-900 hover:border-blue-300 hover:bg-blue-50">
              <span>{t(`layout:${item.label}`)}</span>
              <span aria-hidden="true" className="text-blue-700">›</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
