import { describe, expect, it } from 'vitest';
import { allTransitions } from '../../machines/chart';
import { charts } from '../../machines/index';

/** Product owners read each rule in the diagrams: every transition of every chart says which rule it implements. */
describe('every transition carries a description', () => {
  for (const chart of charts) {
    it(chart.id, () => {
      const missing = allTransitions(chart.machine).filter((t) => !t.description?.trim()).map((t) => t.id);
      expect(missing).toEqual([]);
    });
  }
});
