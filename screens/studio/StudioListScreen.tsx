/**
 * /studio: every chart of the product (machines/index.ts), flows and lifecycles, with its spec section, its counts of
 * states and transitions, and its coverage at each depth from the last test run (test-results/model-coverage.json).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allStates, allTransitions } from '../../machines/chart';
import { charts } from '../../machines/index';
import { AppLink } from '../../src/app/forScreens';
import { DepthChips } from './DepthChips';
import { StudioFrame, when } from './StudioFrame';
import { useCoverage } from './useStudio';

type Kind = 'all' | 'flow' | 'lifecycle';

export default function StudioListScreen() {
  const { t, i18n } = useTranslation('studio');
  const coverage = useCoverage();
  const [kind, setKind] = useState<Kind>('all');
  const [query, setQuery] = useState('');
  const counts = useMemo(() => new Map(charts.map((c) => [c.id, { states: allStates(c.machine).length, transitions: allTransitions(c.machine).length }])), []);
  const report = coverage.state === 'ready' ? coverage.value.report : null;
  const needle = query.trim().toLowerCase();
  const shown = charts.filter((c) => (kind === 'all' || c.kind === kind)
    && (!needle || [c.id, c.title, t(c.titleKey, { defaultValue: c.title }), c.specSection].some((s) => s.toLowerCase().includes(needle))));

  return (
    <StudioFrame>
      <h1 className="text-2xl font-bold text-slate-900">{t('list.title')}</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">{t('list.intro')}</p>
      <p className="mt-3 text-sm text-slate-700" data-testid="coverage-source">
        {coverage.state === 'loading' && t('list.coverageLoading')}
        {coverage.state === 'failed' && <span className="text-red-800">{t('list.coverageFailed')}</span>}
        {coverage.state === 'ready' && (coverage.value.report
          ? t('list.coverageFrom', { when: when(coverage.value.writtenAt ?? coverage.value.report.generatedAt, i18n.language), file: coverage.value.source })
          : coverage.value.problem ? t('list.coverageBroken', { file: coverage.value.source, problem: coverage.value.problem }) : t('list.coverageNone', { file: coverage.value.source }))}
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <fieldset className="flex gap-1 rounded-lg bg-white p-1 ring-1 ring-slate-200">
          <legend className="sr-only">{t('list.kind')}</legend>
          {(['all', 'flow', 'lifecycle'] as const).map((k) => (
            <label key={k} className={`cursor-pointer rounded-md px-3 py-1 text-sm ${kind === k ? 'bg-blue-700 text-white' : 'text-slate-800 hover:bg-slate-100'}`}>
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="sr-only" />
              {t(`list.kinds.${k}`)}
            </label>
          ))}
        </fieldset>
        <label className="flex flex-col text-sm text-slate-800">
          {t('list.search')}
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} className="mt-1 w-64 rounded-md border border-slate-400 px-2 py-1" />
        </label>
      </div>
      <div className="mt-4 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('list.caption')}</caption>
          <thead className="bg-slate-100 text-slate-800">
            <tr>
              <th scope="col" className="px-3 py-2">{t('list.chart')}</th>
              <th scope="col" className="px-3 py-2">{t('list.kindColumn')}</th>
              <th scope="col" className="px-3 py-2">{t('list.spec')}</th>
              <th scope="col" className="px-3 py-2 text-right">{t('list.states')}</th>
              <th scope="col" className="px-3 py-2 text-right">{t('list.transitions')}</th>
              <th scope="col" className="px-3 py-2">{t('list.coverage')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((c) => (
              <tr key={c.id} className="border-t border-slate-200 align-top" data-chart={c.id}>
                <td className="px-3 py-2">
                  <AppLink to={`/studio/${c.id}`} className="font-medium text-blue-800 underline-offset-2 hover:underline">{t(c.titleKey, { defaultValue: c.title })}</AppLink>
                  <div className="font-mono text-xs text-slate-600" lang="en">{c.id}</div>
                </td>
                <td className="px-3 py-2">{t(`list.kinds.${c.kind}`)}</td>
                <td className="px-3 py-2 text-slate-700" lang="en">{c.specSection}</td>
                <td className="px-3 py-2 text-right tabular-nums">{counts.get(c.id)!.states}</td>
                <td className="px-3 py-2 text-right tabular-nums">{counts.get(c.id)!.transitions}</td>
                <td className="px-3 py-2">
                  {coverage.state === 'ready' ? <DepthChips rows={report?.charts.filter((r) => r.chart === c.id) ?? []} total={counts.get(c.id)!.transitions} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!shown.length && <p className="px-3 py-6 text-center text-sm text-slate-700">{t('list.noMatch')}</p>}
      </div>
      <p className="mt-3 max-w-3xl text-xs text-slate-600">{t('list.legend')}</p>
    </StudioFrame>
  );
}
