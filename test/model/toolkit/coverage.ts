/**
 * State and transition coverage per chart, computed from the chart's own definition (machines/chart.ts), never
 * claimed: a state counts when a run was in it, a transition when a run took it.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { allStates, allTransitions } from '../../../machines/chart';
import { COVERAGE_REPORT_FILE, isPartialDepth, type ChartCoverage, type Exempt } from '../../../machines/coverageReport';
import type { ChartEntry, DepthExemption } from '../../../machines/index';
import type { Recorder } from './run';

export { isPartialDepth, type ChartCoverage, type Exempt };

/** The registry's exemption for a state or transition at a depth, if any. */
export function exemptionOf(entry: ChartEntry, depth: string, id: string, what: 'transitions' | 'states'): DepthExemption | undefined {
  return (entry.exemptions ?? []).find((e) => e.depth === depth && e[what]?.test(id));
}

export function coverageOf(entry: ChartEntry, recorder: Recorder, depth: string, paths: number): ChartCoverage {
  const states = allStates(entry.machine).map((n) => n.id);
  const unreachable = entry.unreachable ?? [];
  const excused = new Set(unreachable.map((u) => u.transition));
  const transitions = allTransitions(entry.machine).map((t) => t.id);
  const untakenTransitions = transitions.filter((t) => !recorder.transitions.has(t) && !excused.has(t));
  const unvisitedStates = states.filter((s) => !recorder.states.has(s));
  const exempt = (ids: string[], what: 'transitions' | 'states'): Exempt[] => ids.flatMap((id) => {
    const e = exemptionOf(entry, depth, id, what);
    return e ? [{ id, takenAt: e.takenAt, reason: e.reason }] : [];
  });
  const exemptTransitions = exempt(untakenTransitions, 'transitions');
  const exemptStates = exempt(unvisitedStates, 'states');
  const exempted = new Set([...exemptTransitions, ...exemptStates].map((e) => e.id));
  return {
    chart: entry.id,
    depth,
    states: {
      covered: states.length - unvisitedStates.length,
      total: states.length,
      missing: unvisitedStates.filter((s) => !exempted.has(s)),
      exempt: exemptStates,
    },
    transitions: {
      covered: transitions.filter((t) => recorder.transitions.has(t)).length,
      total: transitions.length,
      missing: untakenTransitions.filter((t) => !exempted.has(t)),
      unreachable,
      exempt: exemptTransitions,
    },
    paths,
  };
}

/**
 * A chart passes at a depth when every state is visited and every transition is taken, declared unreachable with a
 * reason, or exempted at that depth in the registry with the depth that takes it instead.
 */
export const isComplete = (c: ChartCoverage) => c.states.missing.length === 0 && c.transitions.missing.length === 0;

const pct = (covered: number, total: number) => (total === 0 ? '100.0' : ((covered / total) * 100).toFixed(1));

export function formatTable(rows: ChartCoverage[]): string {
  const header = ['chart', 'depth', 'paths', 'states', 'transitions', 'unreachable', 'exempt', 'missing'];
  const body = rows.map((r) => [
    r.chart, r.depth, String(r.paths),
    `${r.states.covered}/${r.states.total} (${pct(r.states.covered, r.states.total)}%)`,
    `${r.transitions.covered}/${r.transitions.total} (${pct(r.transitions.covered, r.transitions.total)}%)`,
    String(r.transitions.unreachable.length),
    String((r.transitions.exempt?.length ?? 0) + (r.states.exempt?.length ?? 0)),
    isPartialDepth(r.depth) ? 'partial' : String(r.transitions.missing.length + r.states.missing.length),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}

export const COVERAGE_FILE = COVERAGE_REPORT_FILE;

/**
 * Holds a lock beside the report while `update` runs: test files of the model phase run in two workers, and each
 * merges its rows into the same file (read, merge, write), so two at once would lose one's rows.
 */
function withFileLock<T>(file: string, update: () => T): T {
  const lock = `${file}.lock`;
  const wait = new Int32Array(new SharedArrayBuffer(4));
  for (let tries = 0; ; tries++) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock older than 10 s was left by a worker that died while holding it.
      if (tries > 0 && tries % 100 === 0 && Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 10_000) rmSync(lock, { recursive: true, force: true });
      Atomics.wait(wait, 0, 0, 20);
    }
  }
  try {
    return update();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Merges this run's rows into the JSON report (rows of other depths or charts are kept). */
export function writeCoverage(rows: ChartCoverage[], file = COVERAGE_FILE): void {
  mkdirSync(dirname(file), { recursive: true });
  withFileLock(file, () => {
    let existing: ChartCoverage[];
    try {
      existing = (JSON.parse(readFileSync(file, 'utf8')) as { charts: ChartCoverage[] }).charts ?? [];
    } catch {
      existing = [];
    }
    const key = (r: ChartCoverage) => `${r.chart}@${r.depth}`;
    const merged = new Map(existing.map((r) => [key(r), r]));
    for (const r of rows) merged.set(key(r), r);
    const charts = [...merged.values()].sort((a, b) => key(a).localeCompare(key(b)));
    // Written beside and renamed into place: a reader never sees half a report.
    writeFileSync(`${file}.tmp`, `${JSON.stringify({ generatedAt: new Date().toISOString(), charts }, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
  });
}
