/**
 * Coverage of every registered chart at the pure depth: printed as a table, written to
 * test-results/model-coverage.json; fails under 100% unless a transition is declared unreachable with a reason.
 */
import { describe, expect, it } from 'vitest';
import { charts } from '../../machines/index';
import { allStates, allTransitions } from '../../machines/chart';
import { models } from '../../machines/models/index';
import { coverageOf, formatTable, isComplete, writeCoverage, type ChartCoverage } from './toolkit/coverage';
import { generatePaths } from '../../machines/paths';
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

  it('every exemption of a depth names what it covers, the depth that takes it instead, and why', () => {
    for (const chart of charts) {
      const transitions = allTransitions(chart.machine).map((t) => t.id);
      const states = allStates(chart.machine).map((n) => n.id);
      const unreachable = new Set((chart.unreachable ?? []).map((u) => u.transition));
      for (const e of chart.exemptions ?? []) {
        const where = `${chart.id}: ${e.transitions?.source ?? ''} ${e.states?.source ?? ''}`;
        expect(e.reason.trim().length, where).toBeGreaterThan(20);
        expect(e.takenAt, where).not.toBe(e.depth);
        // A pattern that matches nothing of its chart is a stale exemption (a renamed state, a removed transition).
        const matched = [...transitions.filter((t) => e.transitions?.test(t)), ...states.filter((s) => e.states?.test(s))];
        expect(matched.length, `${where} matches nothing`).toBeGreaterThan(0);
        // An exemption lets a depth skip what another depth takes: never what no depth takes (that is "unreachable").
        expect(transitions.filter((t) => e.transitions?.test(t) && unreachable.has(t)), where).toEqual([]);
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
