/**
 * /studio/:chart: one chart drawn with elkjs (business view by default, the full view on demand), and beside it
 * the details of what is selected (rule, guards, actions, the tests that cover it at each depth), the generated path
 * to a state or transition, a simulation with the chart's fake actors, and the live state of a server entity or of a
 * flow running in another tab. The view, the tab and the selection are in the URL, so a link shows the same thing.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { allTransitions } from '../../machines/chart';
import { chartById, type ChartEntry } from '../../machines/index';
import { drawnStateOf } from '../../machines/graph';
import { AppLink } from '../../src/app/forScreens';
import { ChartDrawing, type DrawingMarks } from './ChartDrawing';
import { DetailsPanel } from './DetailsPanel';
import { LivePanel } from './LivePanel';
import { PathsPanel } from './PathsPanel';
import { SimulatePanel } from './SimulatePanel';
import { StudioFrame } from './StudioFrame';
import type { Highlight } from './shared';
import { useCoverage, useLayout } from './useStudio';

const TABS = ['details', 'paths', 'simulate', 'live'] as const;
type Tab = (typeof TABS)[number];


export default function StudioChartScreen() {
  const { chart = '' } = useParams();
  const entry = chartById(chart);
  const { t } = useTranslation('studio');
  if (!entry) {
    return (
      <StudioFrame>
        <h1 className="text-2xl font-bold text-slate-900">{t('chart.unknown', { chart })}</h1>
        <p className="mt-2"><AppLink to="/studio" className="text-blue-800 underline">{t('chart.toList')}</AppLink></p>
      </StudioFrame>
    );
  }
  return <ChartPage key={entry.id} entry={entry} />;
}

function ChartPage({ entry }: { entry: ChartEntry }) {
  const { t } = useTranslation('studio');
  const [params, setParams] = useSearchParams();
  const business = params.get('view') !== 'full';
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'details';
  const selected = params.get('select');
  const target = params.get('to');
  const { graph, layout } = useLayout(entry, business);
  const coverage = useCoverage();
  const rows = coverage.state === 'ready' ? coverage.value.report?.charts.filter((r) => r.chart === entry.id) ?? [] : [];
  const [highlights, setHighlights] = useState<Partial<Record<Tab, Highlight>>>({});
  const title = t(entry.titleKey, { defaultValue: entry.title });

  const update = (changes: Record<string, string | null>) => setParams((current) => {
    const next = new URLSearchParams(current);
    for (const [k, v] of Object.entries(changes)) if (v === null) next.delete(k); else next.set(k, v);
    return next;
  }, { replace: true });

  const transitionsById = useMemo(() => new Map(allTransitions(entry.machine).map((tr) => [tr.id, tr])), [entry]);
  /** The drawn edge a transition of the chart is drawn on, in this view. */
  const edgeOf = useMemo(() => {
    const map = new Map<string, string>();
    for (const e of graph.edges) for (const id of e.transitions) map.set(id, e.id);
    return map;
  }, [graph]);

  const marks: DrawingMarks = useMemo(() => {
    const highlight = highlights[tab] ?? {};
    const toDrawn = (ids: readonly string[] | undefined) => [...new Set((ids ?? []).flatMap((id) => drawnStateOf(graph, entry.machine, id) ?? []))];
    const pathEdges = new Map<string, number[]>();
    for (const [id, steps] of highlight.transitions ?? []) {
      const edge = edgeOf.get(id);
      if (edge) pathEdges.set(edge, [...new Set([...(pathEdges.get(edge) ?? []), ...steps])].sort((a, b) => a - b));
    }
    const selectedDrawn = selected && (graph.edges.some((e) => e.id === selected) ? selected : drawnStateOf(graph, entry.machine, selected) ?? edgeOf.get(selected) ?? null);
    return { selected: selectedDrawn || null, current: toDrawn(highlight.current), pathStates: toDrawn(highlight.states), pathEdges };
  }, [highlights, tab, graph, entry, edgeOf, selected]);

  const setHighlight = (which: Tab) => (h: Highlight) => setHighlights((all) => ({ ...all, [which]: h }));

  return (
    <StudioFrame>
      <nav aria-label={t('chart.breadcrumb')} className="text-sm">
        <AppLink to="/studio" className="text-blue-800 underline underline-offset-2">{t('chart.toList')}</AppLink>
        <span aria-hidden="true" className="px-1 text-slate-500">/</span>
        <span className="text-slate-700">{title}</span>
      </nav>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-700">
        <span className="font-mono" lang="en">{entry.id}</span> · {t(`list.kinds.${entry.kind}`)} · {t('chart.spec')} <span lang="en">{entry.specSection}</span>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <fieldset className="flex gap-1 rounded-lg bg-white p-1 ring-1 ring-slate-200">
          <legend className="sr-only">{t('chart.view')}</legend>
          {([true, false] as const).map((b) => (
            <label key={String(b)} className={`cursor-pointer rounded-md px-3 py-1 text-sm ${business === b ? 'bg-blue-700 text-white' : 'text-slate-800 hover:bg-slate-100'}`}>
              <input type="radio" name="view" checked={business === b} onChange={() => update({ view: b ? null : 'full' })} className="sr-only" />
              {b ? t('chart.business') : t('chart.full')}
            </label>
          ))}
        </fieldset>
        <p className="text-xs text-slate-600">{business ? t('chart.businessHint') : t('chart.fullHint')}</p>
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_28rem]">
        <div className="h-[72vh]">
          {layout.state === 'loading' && <p className="rounded-xl bg-white p-6 text-sm text-slate-700 ring-1 ring-slate-200" role="status">{t('chart.drawing')}</p>}
          {layout.state === 'failed' && <p className="rounded-xl bg-white p-6 text-sm text-red-800 ring-1 ring-slate-200" role="alert">{t('chart.drawFailed')}</p>}
          {layout.state === 'ready' && (
            <ChartDrawing layout={layout.value} marks={marks} label={t('chart.drawingLabel', { title })}
              onSelect={(id) => update({ select: id, tab: tab === 'live' || tab === 'simulate' ? tab : 'details' })} />
          )}
        </div>
        <section className="flex max-h-[72vh] flex-col rounded-xl bg-white ring-1 ring-slate-200" aria-label={t('chart.panel')}>
          <div role="tablist" aria-label={t('chart.panel')} className="flex border-b border-slate-200">
            {TABS.map((k) => (
              <button key={k} type="button" role="tab" id={`studio-tab-${k}`} aria-selected={tab === k} aria-controls={`studio-panel-${k}`}
                onClick={() => update({ tab: k === 'details' ? null : k })}
                className={`flex-1 px-3 py-2 text-sm font-medium ${tab === k ? 'border-b-2 border-blue-700 text-blue-800' : 'text-slate-700 hover:bg-slate-50'}`}>
                {t(`tabs.${k}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`studio-panel-${tab}`} aria-labelledby={`studio-tab-${tab}`} className="flex-1 overflow-y-auto p-4">
            {tab === 'details' && (
              <DetailsPanel entry={entry} graph={graph} selected={selected} rows={rows} coverage={coverage} transitionsById={transitionsById}
                onSelect={(id) => update({ select: id })} onPath={(id) => update({ tab: 'paths', to: id })} />
            )}
            {tab === 'paths' && (
              <PathsPanel entry={entry} target={target} transitionsById={transitionsById}
                onTarget={(id) => update({ to: id })} onHighlight={setHighlight('paths')} />
            )}
            {tab === 'simulate' && <SimulatePanel entry={entry} transitionsById={transitionsById} onHighlight={setHighlight('simulate')} />}
            {tab === 'live' && <LivePanel entry={entry} onHighlight={setHighlight('live')} />}
          </div>
        </section>
      </div>
    </StudioFrame>
  );
}
