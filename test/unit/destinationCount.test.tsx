// @vitest-environment jsdom
/**
 * One destination count, from the catalogue (issue 12: the home page said 59 destinations, the plans page 57+): the
 * home page, /plans/global and the notes of /plans/propagate render the seeded catalogue and say the same number, in
 * the three languages.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import type { BundleList, Plan } from '../../src/contract/catalog';
import { GLOBAL_PACKS, GLOBAL_REGIONS, MULTI_MONTH, PLANS } from '../../src/server/db/catalogue';
import HomeScreen from '../../screens/home/HomeScreen';
import GlobalScreen from '../../screens/plans/GlobalScreen';
import PlansScreen from '../../screens/plans/PlansScreen';

const catalog: BundleList = {
  plans: PLANS.map((p, i) => ({ id: i + 1, ...p })) as Plan[],
  multiMonth: MULTI_MONTH,
  global: {
    regions: GLOBAL_REGIONS.map(({ code, destinations }) => ({ code, destinations })),
    packs: GLOBAL_PACKS.map((p, i) => ({ id: i + 1, ...p })),
    simTypes: ['physical', 'esim'],
  },
};
const distinct = new Set(GLOBAL_REGIONS.flatMap((r) => r.destinations)).size;

beforeAll(async () => { await initI18n('en'); });
afterEach(cleanup);
afterAll(async () => { await i18n.changeLanguage('en'); });

async function textOf(Screen: () => React.ReactNode, data: unknown, path = '/'): Promise<string> {
  const router = createMemoryRouter([{ path, Component: Screen, loader: () => data }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1 }).catch(() => screen.findAllByRole('heading'));
  const text = document.body.textContent ?? '';
  router.dispose();
  cleanup();
  return text;
}

describe('the global data SIM\'s destination count', () => {
  for (const lang of ['en', 'zh-Hans', 'zh-Hant'] as const) {
    it(`is the catalogue's on the home page and both plans pages (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      expect(distinct).toBeGreaterThanOrEqual(57);
      const home = await textOf(HomeScreen, { catalog, catalogError: false, partners: [] });
      const global = await textOf(GlobalScreen, { catalog, catalogError: false });
      const propagate = await textOf(PlansScreen, { catalog, catalogError: false });
      expect(home).toContain(i18n.t('home:global.total', { count: distinct }));
      expect(global).toContain(i18n.t('plans:global.claim', { count: distinct, regions: GLOBAL_REGIONS.length }));
      expect(propagate).toContain(i18n.t('plans:notes.global', { count: distinct }));
      // No other count of destinations anywhere: not the spec's "57+", not a number of its own.
      for (const page of [home, global, propagate]) {
        expect(page).not.toMatch(/57\+|57 个以上|57 個以上/);
      }
    });
  }
});
