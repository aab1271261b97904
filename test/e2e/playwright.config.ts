import { defineConfig } from '@playwright/test';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eWorkers, gatewayPort, gatewayUrl } from './servers';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** End-to-end tests: the built app and gateway (`npm start` on a fresh embedded database) in Debian's Chromium. */
// Workers re-read this file: the ports chosen by the runner process are passed on through the environment (servers.ts).
const gateways = Array.from({ length: e2eWorkers }, (_, index) => ({ port: gatewayPort(index), url: gatewayUrl(index) }));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Files are shared out between the workers; the tests of one file run in order, in one worker, on its own gateway.
  fullyParallel: false,
  workers: e2eWorkers,
  retries: 0,
  // Two workers share the 2 cores with two gateways: a page's axe-core scan can take seconds. The limit catches hangs.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? join(root, 'test-results', 'e2e.json') }]],
  outputDir: join(root, 'test-results', 'e2e-artifacts'),
  use: {
    baseURL: gateways[0]!.url,
    // No trace by default: a failed test keeps its screenshot and Playwright's error context (the page's ARIA snapshot),
    // which is what a CI log can show. `E2E_TRACE=1` keeps a failed test's trace with the page's DOM at every action
    // (snapshots) for the trace viewer. Never the trace's screencast: recording a frame of every page as it paints kept
    // Chromium's GPU and browser processes busy in every test. Measured on three spec files with 2 workers
    // (scripts/e2eCpu.sh): 252 s with the screencast, 177 s with snapshots only, 153 s with no trace; on the whole
    // phase, 1,087 s with snapshots and 878 s with none.
    trace: process.env.E2E_TRACE === '1' ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true } : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // One gateway per worker (fixtures.ts points each worker's baseURL at its own), started together.
  webServer: gateways.map(({ port, url }) => {
    const dataDir = join(root, '.tmp', `e2e-data-${port}`);
    return {
      cwd: root,
      command: `rm -rf "${dataDir}" && npx tsx src/server/main.ts`,
      url: `${url}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      // The storefront's origin is the one the tests browse (decision 0013: origins come from configuration).
      // The losing carrier answers a port-in in 4 s, not 15: the port-in journeys wait for two answers each; provisioning keeps
      // its 5 s, which the "in progress" step 3 the tests check needs.
      env: { PORT: String(port), PUBLIC_ORIGIN: url, DATA_DIR: dataDir, NODE_ENV: 'test', SANDBOX: '1', LOG_LEVEL: 'warn', TEST_SCRYPT_LOG2N: '14', PORT_DELAY_SECONDS: '4' },
    };
  }),
});
