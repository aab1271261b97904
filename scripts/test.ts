/**
 * `npm test`: typecheck, lint, unit, model-based, server and end-to-end tests, in that order.
 * Stops at the first failing stage and ends with one plain line: "tests: N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const results = join(process.cwd(), 'test-results');
rmSync(join(results, 'reports'), { recursive: true, force: true });
mkdirSync(join(results, 'reports'), { recursive: true });

type Counts = { passed: number; failed: number };
const total: Counts = { passed: 0, failed: 0 };

const vitestCounts = (file: string): Counts => {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  return { passed: r.numPassedTests, failed: r.numFailedTests };
};

const playwrightCounts = (file: string): Counts => {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected };
};

const vitest = (project: string) => {
  const out = join(results, 'reports', `${project}.json`);
  return {
    cmd: ['npx', 'vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    counts: () => vitestCounts(out),
  };
};

const e2eReport = join(results, 'reports', 'e2e.json');
const stages: { name: string; cmd: string[]; counts?: () => Counts; env?: Record<string, string> }[] = [
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'unit', ...vitest('unit') },
  { name: 'model', ...vitest('model') },
  { name: 'server', ...vitest('server') },
  { name: 'build', cmd: ['npx', 'vite', 'build', '--logLevel', 'warn'] },
  {
    name: 'e2e',
    cmd: ['npx', 'playwright', 'test', '-c', 'test/e2e/playwright.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
    counts: () => playwrightCounts(e2eReport),
  },
];

const only = process.argv.slice(2);
for (const stage of stages) {
  if (only.length && !only.includes(stage.name)) continue;
  const started = Date.now();
  console.log(`\n== ${stage.name} ==`);
  const run = spawnSync(stage.cmd[0]!, stage.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...stage.env } });
  const counts = stage.counts?.();
  if (counts) { total.passed += counts.passed; total.failed += counts.failed; }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    console.log(`\n== ${stage.name} failed after ${seconds}s ==`);
    if (!counts || counts.failed === 0) total.failed += 1;
    console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
    process.exit(run.status ?? 1);
  }
  console.log(`== ${stage.name} ok in ${seconds}s ==`);
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
