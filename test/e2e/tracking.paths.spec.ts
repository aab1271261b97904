import { expect, test } from './fixtures';
import { browserDepth } from './browserDepth';
import { TrackingPage } from '../support/pages/TrackingPage';
import { buyPaidOrder, NEW_ADDRESS } from '../model/trackingOrders';
import { advanceClock, paymentsUrlOf } from './sandbox';

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

const depth = browserDepth('tracking');
const took = depth.took;

test.describe('tracking chart: the browser depth', () => {
  test.afterAll(() => depth.finish(3));

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
