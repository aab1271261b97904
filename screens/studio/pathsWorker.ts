/**
 * Generates a chart's paths off the page's thread (the checkout's take a few seconds): the same function the model
 * tests and `npm run paths` call (machines/paths.ts), answered as plain data.
 */
import type { StateValue } from 'xstate';
import { chartById } from '../../machines/index';
import { models } from '../../machines/models/index';
import { describePath, generatePaths, stepTitle, type PrintedPath } from '../../machines/paths';
import { statePath } from '../../machines/chart';

export interface WorkerPath extends PrintedPath {
  /** The test the model tests generate for this path: `describe` (the source state's path) and `it`. */
  test: { describe: string; it: string };
  /** The state ids the chart is in at the start (`start`) and after each step (`after[i]`). */
  start: string[];
  after: string[][];
  /** The state the chart starts in, as xstate writes its value. */
  startValue: StateValue;
}

export type PathsAnswer = { chart: string; paths: WorkerPath[] } | { chart: string; error: string };

self.onmessage = (message: MessageEvent<{ chart: string }>) => {
  const chart = message.data.chart;
  try {
    const entry = chartById(chart);
    const model = models[chart];
    if (!entry || !model) throw new Error(`no chart ${chart}`);
    const paths = generatePaths(model).map((p): WorkerPath => {
      const ids = (i: number) => (p.snapshots[i] as unknown as { _nodes: { id: string }[] })._nodes.map((n) => n.id).filter((id) => id !== entry.machine.root.id);
      return {
        ...describePath(p, entry.machine),
        test: { describe: statePath(p.transition.source), it: stepTitle(p) },
        start: ids(0),
        startValue: p.values[0]!,
        after: p.events.map((_e, i) => ids(i + 1)),
      };
    });
    (self as unknown as Worker).postMessage({ chart, paths } satisfies PathsAnswer);
  } catch (error) {
    (self as unknown as Worker).postMessage({ chart, error: error instanceof Error ? error.message : String(error) } satisfies PathsAnswer);
  }
};
