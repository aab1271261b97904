// @vitest-environment jsdom
/**
 * The plan pages when the catalogue cannot be loaded: the page still renders, says so and offers to try again
 * (loaders answer `catalog: null`), and the loaders' own rules (slugs ending in -plan, unknown slugs).
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import { setBaseURL } from '../../src/api/client';
import { loadPlanDetail, loadPlans } from '../../src/app/loaders';
import EsimScreen from '../../screens/plans/EsimScreen';
import GlobalScreen from '../../screens/plans/GlobalScreen';
import PlanDetailScreen from '../../screens/plans/PlanDetailScreen';
import PlansScreen from '../../screens/plans/PlansScreen';

beforeAll(async () => {
  // Nothing listens here: every catalogue call fails as an unreachable gateway does.
  setBaseURL('http://127.0.0.1:9');
  await initI18n('en');
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('loaders of the plan pages', () => {
  it('answer the failure instead of throwing', async () => {
    expect(await loadPlans()).toEqual({ catalog: null, catalogError: true });
    expect(await loadPlanDetail('5gb-plan')).toEqual({ catalog: null, catalogError: true, slug: '5gb-plan', plan: null });
  });

  it('a slug that does not end in -plan is not a plan page, without asking the gateway', async () => {
    expect(await loadPlanDetail('5gb')).toBe('notFound');
    expect(await loadPlanDetail('../5gb-plan')).toBe('notFound');
  });
});

describe('plan pages without a catalogue', () => {
  for (const [name, Screen, loader] of [
    ['/plans/propagate', PlansScreen, loadPlans],
    ['/plans/global', GlobalScreen, loadPlans],
    ['/esim', EsimScreen, loadPlans],
    ['/plans/5gb-plan', PlanDetailScreen, () => loadPlanDetail('5gb-plan')],
  ] as const) {
    it(`${name} says the plans could not be loaded and can try again`, async () => {
      let loads = 0;
      const router = createMemoryRouter([{ path: '/', Component: Screen, loader: async () => { loads += 1; return loader(); } }]);
      render(<RouterProvider router={router} />);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain("We couldn't load our plans");
      expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(loads).toBe(2));
      router.dispose();
    });
  }
});
