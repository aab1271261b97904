/**
 * Coverage of every registered chart at the pure depth: printed as a table, written to
 * test-results/model-coverage.json; fails under 100% unless a transition is declared unreachable with a reason.
 */
import { describe, expect, it } from 'vitest';
import { charts } from '../../machines/index';
import { allTransitions } from '../../machines/chart';
import { models } from './models';
import { coverageOf, formatTable, isComplete, writeCoverage, type ChartCoverage } from './toolkit/coverage';
import { generatePaths } from './toolkit/paths';
import { newRecorder, runPathPure } from './toolkit/run';

describe('model coverage', () => {
  it('every registered chart has a model', () => {
    expect(charts.map((c) => c.id).filter((id) => !models[id])).toEqual([]);
  });

  it('declared unreachable transitions exist and give a reason', () => {
    for (const chart of charts) {
      const ids = new Set(allTransitions(chart.machine).map((t) => t.id));
      for (const u of chart.unreachable ?? []) {
        expect(ids.has(u.transition), `${chart.id}: ${u.transition}`).toBe(true);
        expect(u.reason.trim().length).toBeGreaterThan(10);
      }
    }
  });

  it('every state and transition of every chart is covered by a generated path', () => {
    const rows: ChartCoverage[] = [];
    for (const chart of charts) {
      const model = models[chart.id];
      if (!model) continue;
      const recorder = newRecorder();
      const paths = generatePaths(model);
      for (const path of paths) runPathPure(model, path, recorder);
      rows.push(coverageOf(chart, recorder, 'pure', paths.length));
    }
    console.log(`\n${formatTable(rows)}`);
    writeCoverage(rows);
    for (const row of rows) {
      expect({ chart: row.chart, states: row.states.missing, transitions: row.transitions.missing }).toEqual({ chart: row.chart, states: [], transitions: [] });
      expect(isComplete(row)).toBe(true);
    }
  });
});
