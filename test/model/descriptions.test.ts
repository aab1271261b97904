import { describe, expect, it } from 'vitest';
import { allStates, allTransitions, statePath } from '../../machines/chart';
import { isTechnical } from '../../machines/diagram';
import { charts } from '../../machines/index';

/** Where a rule is written: the spec (section and words), an issue, a decision, or the house style. */
const SOURCE = /([Ss]pec section \d|[Ss]ection \d|[Ii]ssue \d|[Dd]ecision \d{4}|STYLE\.md|ARCHITECTURE)/;

/** Product owners read each rule in the diagrams: every state and transition of every chart says which rule it implements. */
describe('every state and transition carries a description', () => {
  for (const chart of charts) {
    it(`${chart.id}: states`, () => {
      expect(allStates(chart.machine).filter((s) => !s.description?.trim()).map(statePath)).toEqual([]);
    });
    it(`${chart.id}: transitions`, () => {
      expect(allTransitions(chart.machine).filter((t) => !t.description?.trim()).map((t) => t.id)).toEqual([]);
    });
  }
});

/**
 * Issue 17: "every chart separates its business states (the spec's words, each with a description quoting the rule:
 * section and words) from technical ones". A business state (not tagged technical) names where its rule is written.
 */
describe('every business state names the rule it implements', () => {
  for (const chart of charts) {
    it(`${chart.id}: business states quote their source`, () => {
      const unsourced = allStates(chart.machine).filter((s) => !isTechnical(s) && !SOURCE.test(s.description ?? ''));
      expect(unsourced.map((s) => `${statePath(s)}: ${s.description ?? ''}`)).toEqual([]);
    });
  }
});
