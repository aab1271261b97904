/**
 * `npm test`: typecheck, lint, unit, model-based, server and end-to-end tests, in that order.
 * Stops at the first failing stage and ends with one plain line: "tests: N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH } from '../test/support/chromium';

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

const vitest = (project: string, ...more: string[]) => {
  const out = join(results, 'reports', `${project}.json`);
  return {
    cmd: ['npx', 'vitest', 'run', ...[project, ...more].flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    counts: () => vitestCounts(out),
  };
};

const e2eReport = join(results, 'reports', 'e2e.json');
const stages: { name: string; cmd: string[]; counts?: () => Counts; env?: Record<string, string> }[] = [
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'unit', ...vitest('unit') },
  { name: 'model', ...vitest('model') },
  { name: 'server', ...vitest('server', 'server-isolated') },
  { name: 'build', cmd: ['npx', 'vite', 'build', '--logLevel', 'warn'] },
  {
    name: 'e2e',
    cmd: ['npx', 'playwright', 'test', '-c', 'test/e2e/playwright.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
    counts: () => playwrightCounts(e2eReport),
  },
];

/**
 * The browser tests (diagrams, payment sandbox, e2e) run in Debian's Chromium headless shell (test/support/chromium.ts).
 * A fresh machine lacks it: install it when we may (root with apt-get), otherwise say plainly what to install.
 */
function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const install = `apt-get update && apt-get install -y ${CHROMIUM_PACKAGE}`;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(`npm test needs Chromium's headless shell at ${CHROMIUM_PATH} for its browser tests. Install Debian's package as root:\n  ${install}\n(on another system, install a Chromium headless shell and set TEST_CHROMIUM to its path).`);
    process.exit(1);
  }
  console.log(`Chromium's headless shell is missing: installing Debian's package (apt-get install ${CHROMIUM_PACKAGE})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0
    && spawnSync('apt-get', ['install', '-y', '-qq', CHROMIUM_PACKAGE], { stdio: 'inherit', env }).status === 0;
  if (!ok || !existsSync(CHROMIUM_PATH)) {
    console.error(`Installing Chromium failed: run "${install}" as root, then npm test again.`);
    process.exit(1);
  }
}

const only = process.argv.slice(2);
const timings: { name: string; seconds: number; ok: boolean }[] = [];
const summary = () => {
  const width = Math.max(...timings.map((t) => t.name.length));
  console.log('\nphase times:');
  for (const t of timings) console.log(`  ${t.name.padEnd(width)}  ${t.seconds.toFixed(1).padStart(7)} s${t.ok ? '' : '  (failed)'}`);
  console.log(`  ${'total'.padEnd(width)}  ${timings.reduce((a, t) => a + t.seconds, 0).toFixed(1).padStart(7)} s`);
};

ensureChromium();
for (const stage of stages) {
  if (only.length && !only.includes(stage.name)) continue;
  const started = Date.now();
  console.log(`\n== ${stage.name} ==`);
  const run = spawnSync(stage.cmd[0]!, stage.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...stage.env } });
  const counts = stage.counts?.();
  if (counts) { total.passed += counts.passed; total.failed += counts.failed; }
  const seconds = (Date.now() - started) / 1000;
  timings.push({ name: stage.name, seconds, ok: run.status === 0 });
  if (run.status !== 0) {
    console.log(`\n== ${stage.name} failed after ${seconds.toFixed(1)}s ==`);
    if (!counts || counts.failed === 0) total.failed += 1;
    summary();
    console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
    process.exit(run.status ?? 1);
  }
  console.log(`== ${stage.name} ok in ${seconds.toFixed(1)}s ==`);
}
summary();
console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
