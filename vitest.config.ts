import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: false,
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      { test: { name: 'model', include: ['test/model/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } },
      // The server files share one module graph (isolate: false), which is what makes them quick; a file that mocks a
      // module the gateway imports (vi.mock) needs a graph of its own, so it is named *.isolated.test.ts.
      { test: { name: 'server', include: ['test/server/**/*.test.ts'], exclude: ['test/server/**/*.isolated.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false, isolate: false } },
      { test: { name: 'server-isolated', include: ['test/server/**/*.isolated.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false, isolate: true } },
    ],
  },
});
