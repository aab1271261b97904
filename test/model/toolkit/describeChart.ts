/**
 * Vitest blocks for one chart: a `describe` per state the arriving transitions leave from, an `it` per
 * transition, each running its shortest path against the pure chart; afterwards the chart's coverage must be
 * complete.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { statePath } from '../../../machines/chart';
import { coverageOf, formatTable, isComplete } from './coverage';
import { generatePaths, stepTitle, type ChartModel, type PathCase } from '../../../machines/paths';
import { newRecorder, runPathPure } from './run';

export { stepTitle };

/** Paths grouped by the state their arriving transition leaves from (the `describe` names). */
export const groupByState = (paths: PathCase[]): Map<string, PathCase[]> => {
  const groups = new Map<string, PathCase[]>();
  for (const path of paths) {
    const key = statePath(path.transition.source);
    groups.set(key, [...(groups.get(key) ?? []), path]);
  }
  return groups;
};

export const pathsByState = (model: ChartModel): Map<string, PathCase[]> => groupByState(generatePaths(model));

/** A `describe` per state, an `it` per arriving transition, each running its path with `run` (screen depths). */
export function describePathsByState(paths: PathCase[], run: (path: PathCase) => Promise<void>, timeoutMs = 60_000): void {
  for (const [state, group] of groupByState(paths)) {
    describe(state, () => {
      for (const path of group) it(stepTitle(path), () => run(path), timeoutMs);
    });
  }
}

export function describeChartPaths(model: ChartModel): void {
  const recorder = newRecorder();
  const groups = pathsByState(model);
  let count = 0;
  for (const [state, paths] of groups) {
    describe(state, () => {
      for (const path of paths) {
        count += 1;
        it(stepTitle(path), () => {
          const end = runPathPure(model, path, recorder);
          expect(end.value).toEqual(path.values.at(-1));
        });
      }
    });
  }
  afterAll(() => {
    const coverage = coverageOf(model.entry, recorder, 'pure', count);
    console.log(`\n${formatTable([coverage])}`);
    expect(coverage.states.missing, 'states never visited').toEqual([]);
    expect(coverage.transitions.missing, 'transitions never taken nor declared unreachable').toEqual([]);
    expect(isComplete(coverage)).toBe(true);
  });
}
