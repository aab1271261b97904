/**
 * What the last test run says about one state or transition at each depth (the coverage report the tests write,
 * test/model/toolkit/coverage.ts): taken, exempt here and taken at another depth (machines/index.ts says why),
 * declared unreachable, not walked by a depth that walks part of a chart on purpose, or missing.
 */
import { byDepth, isPartialDepth, type ChartCoverage } from '../../machines/coverageReport';

export type ItemStatus =
  | { depth: string; status: 'taken' }
  | { depth: string; status: 'exempt'; takenAt: string; reason: string }
  | { depth: string; status: 'unreachable'; reason: string }
  | { depth: string; status: 'notWalked' }
  | { depth: string; status: 'missing' };


export function itemCoverage(rows: readonly ChartCoverage[], id: string, what: 'states' | 'transitions'): ItemStatus[] {
  return [...rows].sort(byDepth).map((row): ItemStatus => {
    const part = row[what];
    if (what === 'transitions') {
      const unreachable = row.transitions.unreachable.find((u) => u.transition === id);
      if (unreachable) return { depth: row.depth, status: 'unreachable', reason: unreachable.reason };
    }
    const exempt = part.exempt?.find((e) => e.id === id);
    if (exempt) return { depth: row.depth, status: 'exempt', takenAt: exempt.takenAt, reason: exempt.reason };
    if (part.missing.includes(id)) return { depth: row.depth, status: isPartialDepth(row.depth) ? 'notWalked' : 'missing' };
    return { depth: row.depth, status: 'taken' };
  });
}

export const percent = (covered: number, total: number): number => (total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10);
