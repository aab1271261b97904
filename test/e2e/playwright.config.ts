import { defineConfig } from '@playwright/test';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** End-to-end tests: the built app and gateway (`npm start` on a fresh embedded database) in Debian's Chromium. */
// Workers re-read this file: the port chosen by the runner process is passed on through the environment.
process.env.E2E_PORT ??= String(18080 + Math.floor(Math.random() * 1000));
const port = Number(process.env.E2E_PORT);
const dataDir = join(root, '.tmp', `e2e-data-${port}`);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? join(root, 'test-results', 'e2e.json') }]],
  outputDir: join(root, 'test-results', 'e2e-artifacts'),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    cwd: root,
    command: `rm -rf "${dataDir}" && npx tsx src/server/main.ts`,
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // The storefront's origin is the one the tests browse (decision 0013: origins come from configuration).
    env: { PORT: String(port), PUBLIC_ORIGIN: baseURL, DATA_DIR: dataDir, NODE_ENV: 'test', SANDBOX: '1', LOG_LEVEL: 'warn' },
  },
});
