/**
 * Where the model tests write the charts' coverage report (`{ generatedAt, charts: ChartCoverage[] }`, test/model/
 * toolkit/coverage.ts), relative to the project root, the directory the tests, `npm run coverage` and the gateway run
 * from. It is named here, beside the registry, because the gateway's sandbox chart studio reads the report too
 * (src/server/sandbox/studio.ts) and the gateway imports machines, never test code.
 */
export const COVERAGE_REPORT_FILE = 'test-results/model-coverage.json';
