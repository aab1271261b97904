import { expect, test } from './fixtures';
import { seriousViolations } from './checks';
import { CheckoutPage, BUYER, CA_ADDRESS } from '../support/pages/CheckoutPage';
import { PaymentPage } from '../support/pages/PaymentPage';
import { TrackingPage } from '../support/pages/TrackingPage';
import { ActivationPage } from '../support/pages/ActivationPage';
import { TEST_CARDS } from '../../src/server/adapters/payments/testValues';
import { messagesTo } from './sandbox';

/**
 * Buying in the browser (issue 3): the checkout chart's form against the real gateway, the payment chart's card
 * entry in the provider's own-origin iframe, the result page reading the order until its eSIM is allocated, and
 * the QR email in the sandbox inbox.
 */

/** A test card typed with the billing ZIP of the order: the provider checks one against the other. */
const card = (c: { number: string; exp: string; cvv: string }, postalCode = CA_ADDRESS.zip) => ({ number: c.number, exp: c.exp, cvv: c.cvv, postalCode });
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;

test.describe('checkout chart in the browser', () => {
  test('buys a 5GB plan for 3 months as an eSIM with WELCOME10 by test card, sees the QR code, gets it by email, tracks the order and activates the eSIM', async ({ page, request }) => {
    test.setTimeout(150_000);
    const email = uniqueEmail('mei');
    const checkout = new CheckoutPage(page);
    const payment = new PaymentPage(page);
    await checkout.open('plan=5gb-plan&months=3&simType=esim&count=1');

    const before = await checkout.summaryTotal();
    await checkout.fillBuyer({ ...BUYER, email });
    await checkout.fillAddress('billing', CA_ADDRESS);
    await checkout.applyCodes({ coupon: 'WELCOME10' });
    // The summary is the gateway's: 5GB $25 x 3 = $75.00, 7% multi-month, 10% code, California tax.
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('Multi-month discount (7%)')).toBeVisible();
    await expect(summary.getByText('Discount (WELCOME10)')).toBeVisible();
    await expect(summary.getByText(/^Tax \(/)).toBeVisible();
    const total = await checkout.summaryTotal();
    expect(total).not.toBe(before);

    await checkout.confirmAll();
    await checkout.submit();
    await checkout.expectPaying();
    await expect(page.getByText(/^Order number LB/)).toBeVisible();

    await payment.typeCard(card(TEST_CARDS.visa));
    await payment.typeCardholder('Mei Lin');
    await payment.submit();

    await checkout.expectResult();
    const orderNo = checkout.orderNoFromUrl();
    await expect(page.getByText(total, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('eSIM 1 of 1')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('img', { name: 'QR code of eSIM 1' })).toBeVisible();
    await expect(page.getByText('Matching ID')).toBeVisible();
    expect(await seriousViolations(page), 'eSIM result page').toEqual([]);

    await expect.poll(async () => (await messagesTo(request, email)).map((m) => m.subject ?? ''), { timeout: 30_000 })
      .toContain(`Your eSIM QR code, order ${orderNo} (SIM 1 of 1)`);
    const qrMail = (await messagesTo(request, email)).find((m) => m.subject?.startsWith('Your eSIM QR code'))!;
    expect(qrMail.body).toMatch(/LPA:1\$/);

    // A reload of the result page reads the order again from its token in this browser.
    await page.reload();
    await checkout.expectResult(orderNo);
    await expect(page.getByText('eSIM 1 of 1')).toBeVisible();

    // Track the order from the confirmation email's link: the code comes by email, the order shows.
    const confirmation = (await messagesTo(request, email)).find((m) => m.subject?.includes(orderNo) && !m.subject.startsWith('Your eSIM QR code'));
    const link = new URL(confirmation!.body.match(/https?:\/\/\S+\/tracking\/search\?\S+/)![0]);
    expect(Object.fromEntries(link.searchParams)).toEqual({ orderNo, email });
    const tracking = new TrackingPage(page, request);
    await tracking.open({ orderNo, email });
    await tracking.sendCode();
    await tracking.enterCode(await tracking.readCode(email, orderNo));
    await tracking.solveCaptcha();
    await tracking.search();
    await tracking.expectState('result');
    await expect(page.getByText(orderNo).first()).toBeVisible();
    await expect(tracking.shipment()).toContainText('eSIM: nothing to ship');

    // Activate this eSIM (issue 4): the QR email's link opens step 1 with its ICCID typed in; the code is in the email.
    const iccid = qrMail.body.match(/^ICCID: (89\d{17})$/m)![1]!;
    const code = qrMail.body.match(/^Activation code: (\d{6})$/m)![1]!;
    const activate = new URL(qrMail.body.match(/https?:\/\/\S+\/activation\/first\?iccid=\d{19}/)![0]);
    expect(activate.searchParams.get('iccid')).toBe(iccid);
    const activation = new ActivationPage(page);
    await page.goto(`${activate.pathname}${activate.search}`);
    await expect(activation.field('iccid')).toHaveValue(iccid);
    await activation.field('activationCode').fill(code);
    await activation.root().getByRole('button', { name: activation.t('activation:first.submit') }).click();
    await expect(page).toHaveURL(/\/activation\/second$/);
    await expect(activation.root()).toContainText(iccid);
    await activation.searchNumbers('626');
    const number = await activation.pickNumber();
    await activation.fillPersonal(email, { username: `mei${Date.now().toString(36)}`, password: 'Activate1x' });
    await activation.submit();
    await expect(page).toHaveURL(/\/activation\/third$/);
    await expect(activation.root()).toContainText(number.slice(-4));
    await activation.expectHeadline('success', 60_000);
    await expect.poll(async () => (await messagesTo(request, email)).some((m) => m.body.includes(number.slice(-4)) && m.body.includes(iccid.slice(-4))), { timeout: 30_000 }).toBe(true);
  });

  test('a declined card shows the reason and the spec\'s payment-failed text; repay with a good card succeeds', async ({ page }) => {
    const checkout = new CheckoutPage(page);
    const payment = new PaymentPage(page);
    await checkout.open('plan=2gb-plan&months=1&simType=esim');
    await checkout.fillBuyer({ ...BUYER, email: uniqueEmail('decline') });
    await checkout.fillAddress('billing', CA_ADDRESS);
    await checkout.confirmAll();
    await checkout.submit();
    await checkout.expectPaying();

    await payment.typeCard(card(TEST_CARDS.declined));
    await payment.typeCardholder('Mei Lin');
    await payment.submit();

    await expect(page).toHaveURL(/\/plans\/bundleResultError\?orderNo=LB[^&]+&reason=GENERIC_DECLINE$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible();
    await expect(page.getByText('Your bank declined the payment.')).toBeVisible();
    await expect(page.getByText(/Payment failed\. Your bank may have declined it/)).toBeVisible();
    await expect(page.getByText('Please check the card number, cardholder name, expiry date, CVV and billing address.')).toBeVisible();
    // Support is told what this buyer has: the order number and the email (an unpaid eSIM order has no ICCID yet).
    const orderNo = new URL(page.url()).searchParams.get('orderNo');
    await expect(page.getByTestId('failed-contact')).toHaveText(new RegExp(`^If it keeps failing, contact support with your order number ${orderNo} and the email you ordered with, decline\\.`));
    await expect(page.getByTestId('payment-failed')).not.toContainText('ICCID');
    await checkout.viewMore();
    await expect(page.getByText('GENERIC_DECLINE', { exact: true })).toBeVisible();

    await checkout.repay();
    await checkout.expectPaying();
    await expect(page.getByText(`Order number ${orderNo}`)).toBeVisible();
    await payment.typeCard(card(TEST_CARDS.mastercard));
    await payment.typeCardholder('Mei Lin');
    await payment.submit();
    await checkout.expectResult(orderNo ?? undefined);
  });

  test('a double click and a reload never make a second order', async ({ page }) => {
    const checkout = new CheckoutPage(page);
    const orders: string[] = [];
    page.on('response', async (res) => {
      if (res.url().endsWith('/order/createBundleOrder') && res.ok()) orders.push(((await res.json()) as { data: { order: { orderNo: string } } }).data.order.orderNo);
    });
    await checkout.open('plan=5gb-plan&months=1&simType=esim');
    await checkout.fillBuyer({ ...BUYER, email: uniqueEmail('twice') });
    await checkout.fillAddress('billing', CA_ADDRESS);
    await checkout.confirmAll();
    await page.getByRole('button', { name: 'Place order and pay' }).dblclick();
    await checkout.expectPaying();
    const first = (await page.getByText(/^Order number LB/).textContent())!;

    // The customer goes back to change nothing and submits again: the same body, the same key, the same order.
    await checkout.editOrder();
    await checkout.expectEditing();
    await checkout.submit();
    await checkout.expectPaying();
    await expect(page.getByText(first)).toBeVisible();

    // A reload resumes the order being paid.
    await page.reload();
    await checkout.expectPaying();
    await expect(page.getByText(first)).toBeVisible();
    expect(new Set(orders).size).toBe(1);
  });

  test('"buy another plan" with the same details after paying is a new order, not the paid one again', async ({ page }) => {
    const checkout = new CheckoutPage(page);
    const payment = new PaymentPage(page);
    await checkout.open('plan=5gb-plan&months=1&simType=esim');
    await checkout.fillBuyer({ ...BUYER, email: uniqueEmail('again') });
    await checkout.fillAddress('billing', CA_ADDRESS);
    await checkout.confirmAll();
    await checkout.submit();
    await checkout.expectPaying();
    await payment.typeCard(card(TEST_CARDS.visa));
    await payment.typeCardholder('Mei Lin');
    await payment.submit();
    await checkout.expectResult();
    const paid = checkout.orderNoFromUrl();

    await checkout.newOrder();
    await checkout.expectEditing();
    await checkout.confirmAll();
    await checkout.submit();
    await checkout.expectPaying();
    await expect(page.getByText(/^Order number LB/)).not.toHaveText(`Order number ${paid}`);

    // A fresh link in the same tab after paying is a new purchase as well (after this one is paid too).
    await payment.typeCard(card(TEST_CARDS.visa));
    await payment.typeCardholder('Mei Lin');
    await payment.submit();
    await checkout.expectResult();
    const second = checkout.orderNoFromUrl();
    expect(second).not.toBe(paid);
    await page.goto('/plans/bundleForm?plan=5gb-plan&months=1&simType=esim');
    await checkout.expectEditing();
    await checkout.confirmAll();
    await checkout.submit();
    await checkout.expectPaying();
    await expect(page.getByText(/^Order number LB/)).not.toHaveText(new RegExp(`${paid}|${second}`));
  });

  test('a second tab submitting the same order gets the same order; a changed order is a new one', async ({ page, context }) => {
    const email = uniqueEmail('tabs');
    const fill = async (checkout: CheckoutPage) => {
      await checkout.open('plan=15gb-plan&months=6&simType=esim');
      await checkout.fillBuyer({ ...BUYER, email });
      await checkout.fillAddress('billing', CA_ADDRESS);
      await checkout.confirmAll();
    };
    const first = new CheckoutPage(page);
    await fill(first);
    await first.submit();
    await first.expectPaying();
    const orderNo = (await page.getByText(/^Order number LB/).textContent())!;

    const other = await context.newPage();
    const second = new CheckoutPage(other);
    await fill(second);
    await second.submit();
    await second.expectPaying();
    await expect(other.getByText(orderNo)).toBeVisible();

    await second.editOrder();
    await second.change('simCount', '2');
    await second.submit();
    await second.expectPaying();
    await expect(other.getByText(/^Order number LB/)).not.toHaveText(orderNo);
  });
});
