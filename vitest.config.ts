import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: false,
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      { test: { name: 'model', include: ['test/model/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } },
      { test: { name: 'server', include: ['test/server/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false, isolate: false } },
    ],
  },
});
