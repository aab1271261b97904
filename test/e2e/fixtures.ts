import { test as base } from '@playwright/test';
import { gatewayUrl } from './servers';

export { expect } from '@playwright/test';
export type { APIRequestContext, Page, Response, Route } from '@playwright/test';

/**
 * Every worker browses its own gateway (its own embedded database and server clock, started by the config's
 * webServer list): a spec that moves the clock or tops the demo customer up never changes what another worker's
 * spec sees. Specs import `test` and `expect` from here, not from '@playwright/test'.
 */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(gatewayUrl(testInfo.parallelIndex));
  },
});
