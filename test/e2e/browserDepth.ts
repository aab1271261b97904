/**
 * The browser depth of a chart as the `*.paths.spec.ts` files take it: each step is checked on the page (the chart's
 * state in `data-state`) before `took` counts the transition it shows; `finish` (in the spec's afterAll) writes the
 * browser row and the row of the two screen depths merged (test/model/toolkit/screenDepths.ts), and asserts that
 * jsdom and Chromium together take every transition not declared unreachable.
 */
import { expect } from '@playwright/test';
import { allStates, allTransitions } from '../../machines/chart';
import { chartById } from '../../machines/index';
import { coverageOf, formatTable, writeCoverage } from '../model/toolkit/coverage';
import { BROWSER_DEPTH, mergedScreenCoverage } from '../model/toolkit/screenDepths';
import { newRecorder } from '../model/toolkit/run';

export function browserDepth(chartId: string) {
  const entry = chartById(chartId);
  if (!entry) throw new Error(`chart ${chartId} is not registered in machines/index.ts`);
  const seen = newRecorder();
  const transitionIds = new Set(allTransitions(entry.machine).map((t) => t.id));
  const stateIds = new Set(allStates(entry.machine).map((n) => n.id));
  return {
    /** Counts a transition the page was just seen to take, the state it left and the states it reached (with ancestors). */
    took(id: string, ...states: string[]) {
      expect(transitionIds.has(id), `${id} is a transition of the ${chartId} chart`).toBe(true);
      seen.transitions.add(id);
      for (const s of [id.split(':')[0]!, ...states]) {
        expect(stateIds.has(s), `${s} is a state of the ${chartId} chart`).toBe(true);
        for (let i = s.split('.').length; i > 1; i--) seen.states.add(s.split('.').slice(0, i).join('.'));
      }
    },
    /** After the spec's tests (one path each): the coverage rows, and the two screen depths complete together. */
    finish(paths: number) {
      const coverage = coverageOf(entry, seen, BROWSER_DEPTH, paths);
      const merged = mergedScreenCoverage(entry, seen, paths);
      console.log(`\n${formatTable([coverage, merged])}`);
      writeCoverage([coverage, merged]);
      expect({ transitions: merged.transitions.missing, states: merged.states.missing }).toEqual({ transitions: [], states: [] });
    },
  };
}
