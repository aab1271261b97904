import { expect, test, type APIRequestContext } from './fixtures';
import { seriousViolations } from './checks';
import { TrackingPage } from '../support/pages/TrackingPage';
import { buyPaidOrder, NEW_ADDRESS, type BoughtOrder } from '../model/trackingOrders';
import { advanceClock, messagesTo, paymentsUrlOf } from './sandbox';

/**
 * Tracking in the browser (spec section 2 /tracking, section 4 shipment): an order bought and paid over the gateway's
 * API (createOrder, the sandbox's test card, payOrder), then found with the code emailed to it, its address changed
 * before it ships, and the change refused once the logistics sandbox has shipped it (its clock moved forward).
 */

interface Parcel { carrier: string; trackingNumber: string; shipped: boolean; shipsAt: string }

/** The logistics sandbox's parcel of an order, once fulfilment has asked for one. */
async function parcelOf(request: APIRequestContext, orderNo: string): Promise<Parcel> {
  let parcel: Parcel | null = null;
  await expect.poll(async () => {
    const res = await request.get(`/sandbox/api/parcels/${orderNo}`);
    parcel = res.ok() ? ((await res.json()) as { data: Parcel }).data : null;
    return parcel !== null;
  }, { message: 'fulfilment asks the carrier for a parcel' }).toBe(true);
  return parcel!;
}

/** Moves the sandbox clock past the parcel's ship time: the carrier has shipped it. */
async function shipNow(request: APIRequestContext, orderNo: string): Promise<Parcel> {
  const parcel = await parcelOf(request, orderNo);
  const serverNow = await request.post('/sandbox/api/clock/advance', { data: { ms: 1 } }).then((r) => r.json()) as { data: { now: string } };
  await advanceClock(request, Math.max(0, Date.parse(parcel.shipsAt) - Date.parse(serverNow.data.now)) + 1_000);
  let shipped: Parcel | null = null;
  await expect.poll(async () => {
    shipped = ((await (await request.get(`/sandbox/api/parcels/${orderNo}`)).json()) as { data: Parcel }).data;
    return shipped.shipped;
  }).toBe(true);
  return shipped!;
}

async function findOrder(tracking: TrackingPage, order: BoughtOrder) {
  await tracking.open({ orderNo: order.orderNo, email: order.email });
  await tracking.sendCode();
  await tracking.enterCode(await tracking.readCode(order.email, order.orderNo));
  await tracking.solveCaptcha();
  await tracking.search();
  await expect(tracking.page).toHaveURL(/\/tracking\/result$/);
}

test.describe('tracking chart in the browser', () => {
  test('a wrong code is refused next to its field; the right code shows the order; nothing typed is lost', async ({ page, request, baseURL }) => {
    const order = await buyPaidOrder(baseURL!, paymentsUrlOf(baseURL!));
    const tracking = new TrackingPage(page, request);
    await tracking.open({ orderNo: order.orderNo, email: order.email });
    await expect(page.getByLabel('Order number', { exact: true })).toHaveValue(order.orderNo);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(order.email);

    await tracking.search();
    await tracking.seeFieldError('Email verification code', 'Please enter the verification code.');
    await tracking.seeFieldError('Image code', 'Please enter the image code.');

    await tracking.sendCode();
    await expect(page.getByText(`If this order number belongs to ${order.email}`)).toBeVisible();
    const code = await tracking.readCode(order.email, order.orderNo);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await tracking.enterCode(wrong);
    await tracking.solveCaptcha();
    await tracking.search();
    await tracking.seeFieldError('Email verification code', /incorrect/);
    await expect(page).toHaveURL(/\/tracking\/search/);
    await expect(page.getByLabel('Email verification code', { exact: true })).toHaveValue(wrong);

    await tracking.enterCode(code);
    await tracking.solveCaptcha();
    await tracking.search();
    await expect(page).toHaveURL(/\/tracking\/result$/);
    await expect(page.getByRole('heading', { name: 'Your order', level: 1 })).toBeVisible();
    await expect(tracking.shipment()).toContainText('Not shipped yet');
    const details = page.getByRole('region', { name: 'Order details' });
    await expect(details).toContainText(order.orderNo);
    await expect(details).toContainText('5GB, 3 months');
    await expect(details).toContainText('1 physical SIM');
    await expect(details).toContainText('Not activated');
    await expect(details).toContainText('Auto-renewal');
    await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('1 Market St');

    // The grant lives in the page's memory only: a fresh page at the result goes back to the search.
    await page.goto('/tracking/result');
    await expect(page).toHaveURL(/\/tracking\/search$/);
  });

  test('changes the address before shipping; once shipped the change is refused and the tracking number can be copied', async ({ page, context, request, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const order = await buyPaidOrder(baseURL!, paymentsUrlOf(baseURL!));
    const tracking = new TrackingPage(page, request);
    await findOrder(tracking, order);

    await tracking.openModify();
    await expect(page.getByLabel('Street address', { exact: true })).toHaveValue('1 Market St');
    await tracking.fillAddress({ ...NEW_ADDRESS, zip: '10001' });
    await tracking.submitAddress();
    await tracking.seeFieldError('ZIP code', 'This ZIP code is not in the chosen state.');
    await expect(page.getByLabel('Street address', { exact: true })).toHaveValue(NEW_ADDRESS.address1);
    await page.getByLabel('ZIP code', { exact: true }).fill(NEW_ADDRESS.zip);
    await tracking.submitAddress();
    await expect(page).toHaveURL(/\/tracking\/result$/);
    await expect(page.getByText('Your new shipping address is saved.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('88 Garfield Ave');
    await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('Alhambra, CA 91801');

    // The back button from the form is "keep the current address"; from the result it is a new search.
    await tracking.openModify();
    await page.goBack();
    await expect(page).toHaveURL(/\/tracking\/result$/);
    await tracking.expectState('result');

    // The customer opens the form again, and meanwhile the carrier ships the parcel.
    await tracking.openModify();
    await page.getByLabel(/^Apartment, suite, unit/).fill('Unit 9');
    const shipped = await shipNow(request, order.orderNo);
    await tracking.submitAddress();
    await expect(page).toHaveURL(/\/tracking\/result$/);
    await expect(page.getByText('Your order shipped before the change could be saved')).toBeVisible();
    await expect(tracking.shipment()).toContainText('Shipped');
    await expect(page.getByRole('button', { name: 'Change shipping address' })).toHaveCount(0);

    // Once the gateway has heard from the carrier (it emails the buyer), a new search shows the carrier, the tracking
    // number (copyable) and when it was sent.
    await expect.poll(async () => (await messagesTo(request, order.email)).some((m) => m.subject === `Your SIM cards are on their way (order ${order.orderNo})`),
      { message: 'the shipping email' }).toBe(true);
    await tracking.searchAgain();
    await expect(page).toHaveURL(/\/tracking\/search$/);
    await tracking.sendCode();
    await tracking.enterCode(await tracking.readCode(order.email, order.orderNo));
    await tracking.solveCaptcha();
    await tracking.search();
    await expect(page).toHaveURL(/\/tracking\/result$/);
    await expect(tracking.shipment()).toContainText(shipped.carrier);
    await expect(page.getByTestId('tracking-number')).toHaveText(shipped.trackingNumber);
    await expect(tracking.shipment()).toContainText('Shipped on');
    await page.getByRole('button', { name: `Copy tracking number ${shipped.trackingNumber}` }).click();
    await expect(tracking.shipment().getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shipped.trackingNumber);
    await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('88 Garfield Ave');
  });

  test('an eSIM order says nothing ships', async ({ page, request, baseURL }) => {
    const order = await buyPaidOrder(baseURL!, paymentsUrlOf(baseURL!), { simType: 'esim' });
    const tracking = new TrackingPage(page, request);
    await findOrder(tracking, order);
    await expect(tracking.shipment()).toContainText('eSIM: nothing to ship');
    await expect(page.getByRole('button', { name: 'Change shipping address' })).toHaveCount(0);
  });
});

test.describe('tracking accessibility (axe-core: no serious or critical violation)', () => {
  const LANGS = [{ code: 'en', button: 'English' }, { code: 'zh-Hans', button: '简体中文' }, { code: 'zh-Hant', button: '繁體中文' }] as const;

  test('search, result and modify in English, simplified and traditional Chinese', async ({ page, request, baseURL }) => {
    const order = await buyPaidOrder(baseURL!, paymentsUrlOf(baseURL!));
    const tracking = new TrackingPage(page, request);
    await findOrder(tracking, order);
    await tracking.openModify();
    await tracking.cancelModify();
    for (const step of ['result', 'modify', 'search'] as const) {
      if (step === 'modify') await tracking.openModify();
      if (step === 'search') { await tracking.cancelModify(); await tracking.searchAgain(); }
      await expect(page).toHaveURL(new RegExp(`/tracking/${step}`));
      for (const { code, button } of [...LANGS.slice(1), LANGS[0]]) {
        await page.getByRole('group', { name: /Language|语言|語言/ }).getByRole('button', { name: button }).first().click();
        await expect(page.locator('html')).toHaveAttribute('lang', code);
        await expect(page.locator('main h1').first()).toBeVisible();
        expect(await seriousViolations(page), `${step} in ${code}`).toEqual([]);
      }
    }
  });
});
