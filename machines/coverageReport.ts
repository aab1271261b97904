/**
 * Where the model tests write the charts' coverage report (`{ generatedAt, charts: ChartCoverage[] }`, test/model/
 * toolkit/coverage.ts), relative to the project root, the directory the tests, `npm run coverage` and the gateway run
 * from. It is named here, beside the registry, because the gateway's sandbox chart studio reads the report too
 * (src/server/sandbox/studio.ts) and the gateway imports machines, never test code.
 */
export const COVERAGE_REPORT_FILE = 'test-results/model-coverage.json';

/** A state or transition a depth did not take because the registry exempts it (machines/index.ts), and why. */
export interface Exempt { id: string; takenAt: string; reason: string }

/** One chart at one depth of the last test run. */
export interface ChartCoverage {
  chart: string;
  depth: string;
  states: { covered: number; total: number; missing: string[]; exempt?: Exempt[] };
  transitions: { covered: number; total: number; missing: string[]; unreachable: { transition: string; reason: string }[]; exempt?: Exempt[] };
  paths: number;
}

export interface CoverageReport { generatedAt: string; charts: ChartCoverage[] }

/**
 * Depths that walk only part of a chart on purpose: the Chromium depth takes what the jsdom depth cannot (its row
 * merged with jsdom's is the one that must be complete), and the checkout's activation run walks three paths. Their
 * untaken transitions are not "missing".
 */
export const isPartialDepth = (depth: string): boolean => depth === 'browser' || depth === 'screen (activation)';

/** The depths in the order a chart is walked: alone, on the server, on the screens, in the browser, merged. */
const DEPTH_ORDER = ['pure', 'server', 'screen', 'screen (activation)', 'browser', 'screens (jsdom + Chromium)'];
const depthRank = (d: string) => (DEPTH_ORDER.includes(d) ? DEPTH_ORDER.indexOf(d) : DEPTH_ORDER.length);
/** Sorts rows of one chart by their depth, in walking order. */
export const byDepth = (a: Pick<ChartCoverage, 'depth'>, b: Pick<ChartCoverage, 'depth'>): number => depthRank(a.depth) - depthRank(b.depth);
