/** The studio's data as React state: the coverage report, a chart's layout, its generated paths (in a worker). */
import { useEffect, useState } from 'react';
import type { ChartEntry } from '../../machines/index';
import { chartGraph, type ChartGraph } from '../../machines/graph';
import { studioElk } from './elk';
import { layoutChart, type Layout } from './layout';
import type { PathsAnswer, WorkerPath } from './pathsWorker';
import { fetchCoverage, type CoverageAnswer } from '../../src/app/forScreens';

export type Loadable<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; message: string };

export function useCoverage(): Loadable<CoverageAnswer> {
  const [value, setValue] = useState<Loadable<CoverageAnswer>>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    fetchCoverage().then(
      (answer) => { if (live) setValue({ state: 'ready', value: answer }); },
      (error: Error) => { if (live) setValue({ state: 'failed', message: error.message }); },
    );
    return () => { live = false; };
  }, []);
  return value;
}

export function useLayout(entry: ChartEntry, business: boolean): { graph: ChartGraph; layout: Loadable<Layout> } {
  const [graph, setGraph] = useState(() => chartGraph(entry, { business }));
  const [layout, setLayout] = useState<Loadable<Layout>>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    const next = chartGraph(entry, { business });
    setGraph(next);
    setLayout({ state: 'loading' });
    layoutChart(studioElk(), next).then(
      (value) => { if (live) setLayout({ state: 'ready', value }); },
      (error: Error) => { if (live) setLayout({ state: 'failed', message: error.message }); },
    );
    return () => { live = false; };
  }, [entry, business]);
  return { graph, layout };
}

/** One worker per chart page; its answer is kept for the page's life, so switching tabs does not compute again. */
const answered = new Map<string, WorkerPath[]>();

export function usePaths(chart: string, wanted: boolean): Loadable<WorkerPath[]> {
  const [value, setValue] = useState<Loadable<WorkerPath[]>>(() => {
    const known = answered.get(chart);
    return known ? { state: 'ready', value: known } : { state: 'loading' };
  });
  useEffect(() => {
    const known = answered.get(chart);
    if (known) { setValue({ state: 'ready', value: known }); return undefined; }
    if (!wanted) return undefined;
    setValue({ state: 'loading' });
    const worker = new Worker(new URL('./pathsWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (message: MessageEvent<PathsAnswer>) => {
      const answer = message.data;
      if ('paths' in answer) { answered.set(chart, answer.paths); setValue({ state: 'ready', value: answer.paths }); }
      else setValue({ state: 'failed', message: answer.error });
      worker.terminate();
    };
    worker.onerror = (event) => { setValue({ state: 'failed', message: event.message }); worker.terminate(); };
    worker.postMessage({ chart });
    return () => worker.terminate();
  }, [chart, wanted]);
  return value;
}
