import { describe, expect, it } from 'vitest';
import { allStates, allTransitions, statePath } from '../../machines/chart';
import { charts } from '../../machines/index';

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
