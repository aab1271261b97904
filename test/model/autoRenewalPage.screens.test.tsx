// @vitest-environment jsdom
/**
 * The autoRenewalPage chart's generated paths driven through the real /personal/autosubscription/subscription screen
 * (Testing Library), opened by an email link's token. Page-object verbs are the chart's events; the gateway's answers
 * are the path's own done/error events (test/model/toolkit/answeredScreens.ts), so the spent link, the maintenance
 * window and an unreachable gateway are all reached. The real gateway's side (the autoRenewal lifecycle, the signed
 * link, the maintenance window) is proven by test/server and test/e2e/planLife.spec.ts.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { i18n } from '../../i18n';
import { autoRenewalPageFlow } from '../../src/app/flows/planLife';
import type { AutoRenewalInfo } from '../../src/contract/planLife';
import AutoRenewalScreen from '../../screens/planLife/AutoRenewalScreen';
import { autoRenewalPageModel } from '../../machines/models/planLifecycles';
import { screenDepth, type Calls, type Verbs } from './toolkit/answeredScreens';

const calls: Calls = vi.hoisted(() => new Map());
vi.mock('../../src/app/flows/planLife', async () => {
  const { fromPromise } = await import('xstate');
  const { autoRenewalPageMachine } = await import('../../machines/autoRenewalPage.machine');
  const waiting = (src: string) => fromPromise(() => new Promise((resolve, reject) => { calls.set(src, { resolve, reject }); }));
  return { autoRenewalPageFlow: autoRenewalPageMachine.provide({ actors: { loadAutoRenewal: waiting('loadAutoRenewal'), changeAutoRenewal: waiting('changeAutoRenewal') } as never }) };
});

const t = (key: string) => i18n.t(key);

/**
 * The line as the page first reads it: auto-renewal not open, a saved card (the chart does not branch on it; the
 * page shows the open form only for a line whose renewal is not open, which is where the path's changes start).
 */
const NOT_OPEN: AutoRenewalInfo = {
  state: 'notOpen', method: null, hasCard: true, expiresAt: '2026-12-10T20:00:00.000Z', nextRenewalAt: null,
  amountCents: 2500, planName: '5GB', maintenance: false, maintenanceEndsAt: null,
} as AutoRenewalInfo;

/** Page object of the auto-renewal page: its verbs are the autoRenewalPage chart's events. */
const verbs: Verbs = {
  'page.retry': () => fireEvent.click(screen.getByRole('button', { name: t('portalPlan:page.retry') })),
  'renewal.change': (e) => {
    const { change } = e as unknown as { change: { termsAccepted: boolean } };
    const terms = screen.getByRole('checkbox', { name: t('portalPlan:terms.accept') }) as HTMLInputElement;
    if (terms.checked !== change.termsAccepted) fireEvent.click(terms);
    fireEvent.click(screen.getByRole('button', { name: t('portalPlan:page.open') }));
  },
};

/** Every answer keeps the line where the open form is: the change the path makes next is always possible on the page. */
const reshape = (e: EventObject) => (e.type.startsWith('xstate.done.') ? { output: NOT_OPEN } : (e as { error?: unknown }));

function mount() {
  const path = '/personal/autosubscription/subscription';
  const router = createMemoryRouter([{ path, element: <AutoRenewalScreen /> }], { initialEntries: [`${path}?token=signed-link-token`] });
  render(<I18nextProvider i18n={i18n}><RouterProvider router={router} /></I18nextProvider>);
}

describe('autoRenewalPage on /personal/autosubscription/subscription', () => {
  screenDepth({ model: autoRenewalPageModel, flow: autoRenewalPageFlow, testId: 'auto-renewal', verbs, calls, reshape, mount });
});
