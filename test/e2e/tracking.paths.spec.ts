import { expect, test } from './fixtures';
import { TrackingPage } from '../support/pages/TrackingPage';
import { buyPaidOrder, NEW_ADDRESS } from '../model/trackingOrders';
import { advanceClock, paymentsUrlOf } from './sandbox';
import { allStates, allTransitions } from '../../machines/chart';
import { chartById } from '../../machines/index';
import { coverageOf, formatTable, writeCoverage } from '../model/toolkit/coverage';
import { BROWSER_DEPTH, mergedScreenCoverage } from '../model/toolkit/screenDepths';
import { newRecorder } from '../model/toolkit/run';

/**
 * The tracking chart's browser depth: what the jsdom depth cannot take (machines/index.ts exempts it there, "taken at
 * browser"), taken in Chromium on the real app and gateway.
 * - The send-code countdown: the page's clock (Playwright's `page.clock`) runs the minute and the gateway's sandbox
 *   clock moves on with it; a second code is then sent.
 * - The image code failing to load, then loading again on the customer's refresh.
 * - The address change lost on the network: the message says so and what was typed is kept.
 * Each step is checked on the page (the chart's state in `data-state`) before the transition it shows is counted.
 * Afterwards the two screen depths together (this file and test/model/tracking.screens.test.tsx) take every transition.
 */

const entry = chartById('tracking')!;
const seen = newRecorder();
const transitionIds = new Set(allTransitions(entry.machine).map((t) => t.id));
const stateIds = new Set(allStates(entry.machine).map((n) => n.id));

/** Counts a transition the page was just seen to take, and the states at both its ends. */
function took(id: string, ...states: string[]) {
  expect(transitionIds.has(id), `${id} is a transition of the tracking chart`).toBe(true);
  seen.transitions.add(id);
  for (const s of [id.split(':')[0]!, ...states]) {
    expect(stateIds.has(s), `${s} is a state of the tracking chart`).toBe(true);
    for (let i = s.split('.').length; i > 1; i--) seen.states.add(s.split('.').slice(0, i).join('.'));
  }
}

test.describe('tracking chart: the browser depth', () => {
  test.afterAll(() => {
    const coverage = coverageOf(entry, seen, BROWSER_DEPTH, 3);
    const merged = mergedScreenCoverage(entry, seen, 3);
    console.log(`\n${formatTable([coverage, merged])}`);
    writeCoverage([coverage, merged]);
    expect({ transitions: merged.transitions.missing, states: merged.states.missing }).toEqual({ transitions: [], states: [] });
  });

  test('the send-code countdown runs out on the clock, and a second code is sent', async ({ page, request, baseURL }) => {
    const order = await buyPaidOrder(baseURL!, paymentsUrlOf(baseURL!));
    await page.clock.install();
    const tracking = new TrackingPage(page, request);
    await tracking.open({ orderNo: order.orderNo, email: order.email });
    await tracking.sendCode();
    await tracking.expectState({ search: { emailCode: { waiting: 'ticking' } } });

    await advanceClock(request, 61_000);
    await page.clock.runFor(61_000);
    await tracking.expectState({ search: { emailCode: 'canSend' } });
    await expect(page.getByRole('button', { name: 'Resend code', exact: true })).not.toHaveAttribute('aria-disabled', 'true');
    took('tracking.search.emailCode.waiting.ticking:xstate.after.1000.tracking.search.emailCode.waiting.ticking:0', 'tracking.search.emailCode.waiting.ticking');
    took('tracking.search.emailCode.waiting:xstate.after.resendWait.tracking.search.emailCode.waiting:0', 'tracking.search.emailCode.canSend');

    // The second code arrives and finds the order.
    await tracking.sendCode();
    await tracking.enterCode(await tracking.readCode(order.email, order.orderNo));
    await tracking.solveCaptcha();
    await tracking.search();
    await expect(page).toHaveURL(/\/tracking\/result$/);
  });

  test('the image code fails to load; the customer asks for another, and it shows', async ({ page, request }) => {
    await page.route('**/gateway/pcapp/createImg**', (route) => route.abort('internetdisconnected'));
    await page.goto('/tracking/search');
    await new TrackingPage(page, request).expectState({ search: { captcha: 'failed' } });
    took('tracking.search.captcha.loading:xstate.error.actor.loadCaptcha:0', 'tracking.search.captcha.failed');

    await page.unroute('**/gateway/pcapp/createImg**');
    const tracking = new TrackingPage(page, request);
    await page.getByRole('button', { name: 'Show a new image code' }).click();
    await tracking.expectState({ search: { captcha: 'ready' } });
    took('tracking.search.captcha.failed:captcha.refresh:0', 'tracking.search.captcha.loading');
    await tracking.solveCaptcha();
  });

  test('the address change is lost on the network: the message says so, and what was typed is kept', async ({ page, request, baseURL }) => {
    const order = await buyPaidOrder(baseURL!, paymentsUrlOf(baseURL!));
    const tracking = new TrackingPage(page, request);
    await tracking.open({ orderNo: order.orderNo, email: order.email });
    await tracking.sendCode();
    await tracking.enterCode(await tracking.readCode(order.email, order.orderNo));
    await tracking.solveCaptcha();
    await tracking.search();
    await expect(page).toHaveURL(/\/tracking\/result$/);
    await tracking.openModify();
    await tracking.fillAddress(NEW_ADDRESS);

    await page.route('**/order/tracking/modifyAddress', (route) => route.abort('internetdisconnected'));
    await tracking.submitAddress();
    await tracking.expectState({ modify: 'editing' });
    await expect(page.getByText('Network error. Please check your connection and try again.').first()).toBeVisible();
    await expect(page.getByLabel('Street address', { exact: true })).toHaveValue(NEW_ADDRESS.address1);
    await expect(page.getByLabel('ZIP code', { exact: true })).toHaveValue(NEW_ADDRESS.zip);
    took('tracking.modify.editing:address.submit:0', 'tracking.modify.saving');
    took('tracking.modify.saving:xstate.error.actor.modifyAddress:2', 'tracking.modify.editing');

    // Back on the network, the same address is saved.
    await page.unroute('**/order/tracking/modifyAddress');
    await tracking.submitAddress();
    await tracking.expectState('result');
  });
});
