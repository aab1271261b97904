import { test as base, type Page } from '@playwright/test';
import { gatewayUrl } from './servers';

export { expect } from '@playwright/test';
export type { APIRequestContext, Page, Response, Route } from '@playwright/test';

/**
 * Waits, after a page of the app has loaded, until its first render is committed (src/app/main.tsx marks
 * <html data-hydrated>). A page served as HTML (decision 0022) shows its links and fields before its scripts have
 * run; a click that lands while React hydrates it in slices was seen lost on a loaded CI machine (a plan card's link
 * that went nowhere, a radio that flipped back). The specs are about what follows, so they act on a hydrated page;
 * the prerender spec covers what a visitor does before the scripts run (it loads with `waitUntil: 'commit'`, which
 * this leaves alone). Pages that are not the app's (no #root: the sandbox's pages, the provider's card form) are not
 * waited for.
 */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 30_000 });
}

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
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await hydrated(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (options?.waitUntil !== 'commit') await hydrated(page);
      return response;
    };
    await use(page);
  },
});
