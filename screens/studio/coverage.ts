/**
 * What the last test run says about one state or transition at each depth (the coverage report the tests write,
 * test/model/toolkit/coverage.ts): taken, exempt here and taken at another depth (machines/index.ts says why),
 * declared unreachable, not walked by a depth that walks part of a chart on purpose, or missing.
 */
import type { CoverageRow } from '../../src/app/forScreens';

export type ItemStatus =
  | { depth: string; status: 'taken' }
  | { depth: string; status: 'exempt'; takenAt: string; reason: string }
  | { depth: string; status: 'unreachable'; reason: string }
  | { depth: string; status: 'notWalked' }
  | { depth: string; status: 'missing' };

/** Depths that walk part of a chart on purpose (as test/model/toolkit/coverage.ts isPartialDepth). */
export const isPartialDepth = (depth: string): boolean => depth === 'browser' || depth === 'screen (activation)';

/** The depths in the order a chart is walked: alone, on the server, on the screens, in the browser, merged. */
const DEPTH_ORDER = ['pure', 'server', 'screen', 'screen (activation)', 'browser', 'screens (jsdom + Chromium)'];
export const byDepth = (a: CoverageRow, b: CoverageRow) => rank(a.depth) - rank(b.depth);
const rank = (d: string) => (DEPTH_ORDER.includes(d) ? DEPTH_ORDER.indexOf(d) : DEPTH_ORDER.length);

export function itemCoverage(rows: readonly CoverageRow[], id: string, what: 'states' | 'transitions'): ItemStatus[] {
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
