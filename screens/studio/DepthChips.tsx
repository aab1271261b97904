/** A chart's coverage at each depth of the last test run, one chip per depth (transitions taken of the chart's total). */
import { useTranslation } from 'react-i18next';
import { byDepth, isPartialDepth } from '../../machines/coverageReport';
import { percent } from './coverage';
import type { ChartCoverage } from '../../machines/coverageReport';

export const depthName = (t: (key: string, options?: Record<string, unknown>) => string, depth: string): string =>
  t(`depth.${depth.replace(/[^A-Za-z]+/g, '_')}`, { defaultValue: depth });

export function DepthChips({ rows, total }: { rows: readonly ChartCoverage[]; total: number }) {
  const { t } = useTranslation('studio');
  if (!rows.length) return <span className="text-sm text-slate-600">{t('list.notRun')}</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {[...rows].sort(byDepth).map((row) => {
        const missing = row.transitions.missing.length + row.states.missing.length;
        const exempt = (row.transitions.exempt?.length ?? 0) + (row.states.exempt?.length ?? 0);
        const stale = row.transitions.total !== total;
        const partial = isPartialDepth(row.depth);
        const tone = stale ? 'bg-slate-100 text-slate-700 ring-slate-300'
          : partial ? 'bg-sky-50 text-sky-900 ring-sky-200'
            : missing ? 'bg-red-50 text-red-800 ring-red-200'
              : exempt ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-emerald-50 text-emerald-900 ring-emerald-200';
        const summary = partial
          ? t('chip.partial', { covered: row.transitions.covered, total: row.transitions.total })
          : t('chip.full', { percent: percent(row.transitions.covered, row.transitions.total) });
        return (
          <li key={row.depth} data-depth={row.depth} className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${tone}`}
            title={t('chip.title', { covered: row.transitions.covered, total: row.transitions.total, states: row.states.covered, statesTotal: row.states.total, exempt, missing, paths: row.paths })}>
            {depthName(t, row.depth)} · {summary}
            {exempt > 0 && !partial && <span> · {t('chip.exempt', { count: exempt })}</span>}
            {missing > 0 && !partial && <span> · {t('chip.missing', { count: missing })}</span>}
            {stale && <span> · {t('chip.stale')}</span>}
          </li>
        );
      })}
    </ul>
  );
}
