/**
 * The two screen depths of a chart: the real screens in jsdom (Testing Library, test/model/*.screens.test.tsx) and
 * the real app in Chromium (Playwright, test/e2e). Each records what it took; together they must take every
 * transition of the chart that is not declared unreachable (machines/index.ts). jsdom writes its row to the coverage
 * report; the Chromium depth, which runs after it (`npm test`: model, then e2e), merges that row with its own
 * recorder and asserts the union.
 */
import { readFileSync } from 'node:fs';
import { allStates, allTransitions } from '../../../machines/chart';
import { chartById, type ChartEntry } from '../../../machines/index';
import { COVERAGE_FILE, exemptionOf, type ChartCoverage, type Exempt } from './coverage';
import type { Recorder } from './run';

export const JSDOM_DEPTH = 'screen';

/**
 * The payment chart's card entry: the provider's card form is a cross-origin iframe, which only a real browser runs.
 * The registry's exemption of the jsdom depth says which transitions those are (machines/index.ts).
 */
export const isCardEntry = (id: string): boolean => exemptionOf(chartById('payment')!, JSDOM_DEPTH, id, 'transitions')?.takenAt === 'browser';
export const BROWSER_DEPTH = 'browser';

/** The jsdom depth's row of the coverage report, checked to be about the chart as it is now. */
export function jsdomRow(entry: ChartEntry, file = COVERAGE_FILE): ChartCoverage {
  let rows: ChartCoverage[];
  try {
    rows = (JSON.parse(readFileSync(file, 'utf8')) as { charts: ChartCoverage[] }).charts;
  } catch {
    throw new Error(`${file} is missing: run the jsdom screen depth of ${entry.id} first (npm test runs it before the e2e stage)`);
  }
  const row = rows.find((r) => r.chart === entry.id && r.depth === JSDOM_DEPTH);
  if (!row) throw new Error(`no ${entry.id}@${JSDOM_DEPTH} row in ${file}: run test/model/${entry.id}.screens.test.tsx first`);
  const ids = new Set(allTransitions(entry.machine).map((t) => t.id));
  const states = new Set(allStates(entry.machine).map((n) => n.id));
  const stale = row.transitions.total !== ids.size || row.states.total !== states.size
    || leftToBrowser(row).transitions.some((t) => !ids.has(t)) || leftToBrowser(row).states.some((s) => !states.has(s));
  if (stale) throw new Error(`the ${entry.id}@${JSDOM_DEPTH} row in ${file} is about another version of the chart: run its jsdom screen depth again`);
  return row;
}

/** What the jsdom depth left to the browser: what it missed, and what the registry exempts it from for the browser. */
const leftToBrowser = (row: ChartCoverage): { transitions: string[]; states: string[] } => ({
  transitions: [...row.transitions.missing, ...(row.transitions.exempt ?? []).filter((e) => e.takenAt === 'browser').map((e) => e.id)],
  states: [...row.states.missing, ...(row.states.exempt ?? []).filter((e) => e.takenAt === 'browser').map((e) => e.id)],
});

/** What neither screen depth took: transitions (not declared unreachable) and states. */
export function missedByBothScreenDepths(entry: ChartEntry, browser: Recorder, file = COVERAGE_FILE): { transitions: string[]; states: string[] } {
  const row = jsdomRow(entry, file);
  const left = leftToBrowser(row);
  return {
    transitions: left.transitions.filter((t) => !browser.transitions.has(t)),
    states: left.states.filter((s) => !browser.states.has(s)),
  };
}

export const SCREEN_DEPTHS = 'screens (jsdom + Chromium)';

/** The two screen depths as one row of the coverage report: what either took. */
export function mergedScreenCoverage(entry: ChartEntry, browser: Recorder, paths: number, file = COVERAGE_FILE): ChartCoverage {
  const row = jsdomRow(entry, file);
  const missed = missedByBothScreenDepths(entry, browser, file);
  const unreachable = entry.unreachable ?? [];
  // Every exemption of the jsdom depth is taken in Chromium (machines/index.ts): merged, nothing stays exempt.
  const exemptStates: Exempt[] = [];
  const exemptTransitions: Exempt[] = [];
  return {
    chart: entry.id,
    depth: SCREEN_DEPTHS,
    states: { covered: row.states.total - exemptStates.length - missed.states.length, total: row.states.total, missing: missed.states, exempt: exemptStates },
    transitions: {
      covered: row.transitions.total - unreachable.length - exemptTransitions.length - missed.transitions.length,
      total: row.transitions.total,
      missing: missed.transitions,
      unreachable,
      exempt: exemptTransitions,
    },
    paths: row.paths + paths,
  };
}
