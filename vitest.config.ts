import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/** `react-i18next` is the product's own binding, as in vite.config.ts (decision 0048). */
const i18nAlias = { find: /^react-i18next$/, replacement: fileURLToPath(new URL('./i18n/reactBinding.tsx', import.meta.url)) };
/** `react-router-dom` is the product's own router, as in vite.config.ts (decision 0050). */
const routerAlias = { find: /^react-router-dom$/, replacement: fileURLToPath(new URL('./src/router/index.tsx', import.meta.url)) };

export default defineConfig({
  test: {
    globals: false,
    // Vitest's default is one worker less than the cores: one worker on CI's 2 cores. The files' work is in the
    // workers (jsdom, React, PGlite), the main process mostly waits, so two workers use both cores.
    maxWorkers: 2,
    // Password hashes at 2^14 instead of OWASP's 2^17 (src/server/accounts/passwords.ts; honoured with NODE_ENV=test
    // only): a registration or login costs milliseconds, not a second of a shared core. One unit test keeps 2^17 the
    // product's cost.
    env: { TEST_SCRYPT_LOG2N: '14' },
    projects: [
      { resolve: { alias: [i18nAlias, routerAlias] }, test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], environment: 'node', setupFiles: ['test/support/testingLibrary.ts'] } },
      { resolve: { alias: [i18nAlias, routerAlias] }, test: { name: 'model', include: ['test/model/**/*.test.{ts,tsx}'], environment: 'node', setupFiles: ['test/support/testingLibrary.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      // The server files share one module graph per worker (isolate: false), which is what makes them quick; a file that
      // mocks a module the gateway imports (vi.mock) needs a graph of its own, so it is named *.isolated.test.ts. Files
      // run two at a time: each has its own test server, databases (cloned from the migrated template) and limits.
      { test: { name: 'server', include: ['test/server/**/*.test.ts'], exclude: ['test/server/**/*.isolated.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, isolate: false } },
      { test: { name: 'server-isolated', include: ['test/server/**/*.isolated.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false, isolate: true } },
    ],
  },
});
