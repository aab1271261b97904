import { expect, test, type Page } from './fixtures';
import { allTransitions } from '../../machines/chart';
import { checkoutModel } from '../../machines/models/checkout';
import { coverageOf, formatTable, writeCoverage } from '../model/toolkit/coverage';
import { newRecorder } from '../model/toolkit/run';
import { BROWSER_DEPTH, mergedScreenCoverage } from '../model/toolkit/screenDepths';
import { CheckoutPage, BUYER, CA_ADDRESS } from '../support/pages/CheckoutPage';
import { LoginPage } from '../support/pages/LoginPage';
import { PaymentPage } from '../support/pages/PaymentPage';
import { TEST_CARDS } from '../../src/server/adapters/payments/testValues';

/**
 * The payment chart's other methods in the browser: WeChat Pay through the sandbox "phone" page (the customer's
 * phone), and, for a logged-in customer, the General account balance (120081 when it is short) and the saved card;
 * spec section 4's 120087 (a used card token: dialog, then home), which the checkout's jsdom depth cannot reach
 * without a card token: with it, the checkout's two screen depths take every transition not declared unreachable.
 */

/** What this file saw the checkout chart do in the browser. */
const checkoutSeen = newRecorder();
const checkoutTransition = (source: string, label: string) =>
  allTransitions(checkoutModel.entry.machine).find((t) => t.source.id === source && t.label === label)!.id;

const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;

async function orderAnEsim(page: Page, query: string, email: string) {
  const checkout = new CheckoutPage(page);
  await checkout.open(query);
  await checkout.fillBuyer({ ...BUYER, email });
  await checkout.fillAddress('billing', CA_ADDRESS);
  await checkout.confirmAll();
  await checkout.submit();
  await checkout.expectPaying();
  return checkout;
}

test.describe('payment chart in the browser', () => {
  test.afterAll(() => {
    const coverage = coverageOf(checkoutModel.entry, checkoutSeen, BROWSER_DEPTH, 1);
    const merged = mergedScreenCoverage(checkoutModel.entry, checkoutSeen, 1);
    console.log(`\n${formatTable([coverage, merged])}`);
    writeCoverage([coverage, merged]);
    expect({ transitions: merged.transitions.missing, states: merged.states.missing }).toEqual({ transitions: [], states: [] });
  });

  test('a used card token (payment info expired, 120087): the dialog, then home on confirm', async ({ page }) => {
    const checkout = await orderAnEsim(page, 'plan=2gb-plan&months=1&simType=esim', uniqueEmail('expired'));
    const payment = new PaymentPage(page);
    await payment.typeCard({ number: TEST_CARDS.visa.number, exp: TEST_CARDS.visa.exp, cvv: TEST_CARDS.visa.cvv, postalCode: CA_ADDRESS.zip });
    await payment.typeCardholder('Mei Lin');
    // The page's token is replaced by one the provider already took (the sandbox's used-token test nonce).
    await page.route('**/pay/payOrder', (route) => route.continue({
      postData: JSON.stringify({ ...JSON.parse(route.request().postData() ?? '{}'), sourceId: 'cnon:card-nonce-already-used' }),
    }));
    await payment.submit();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Your payment information has expired.');
    await expect.poll(() => checkout.state()).toBe('paymentExpired');
    checkoutSeen.transitions.add(checkoutTransition('checkout.paying', 'payment done [paymentInfoExpired]'));
    checkoutSeen.states.add('checkout.paymentExpired');
    await expect(dialog).toHaveCount(1);
    await dialog.getByRole('button').click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('WeChat Pay: a QR code with its countdown, paid on the sandbox phone, ends on the result page', async ({ page, context }) => {
    const checkout = await orderAnEsim(page, 'plan=15gb-plan&months=1&simType=esim', uniqueEmail('wechat'));
    const payment = new PaymentPage(page);
    await payment.chooseMethod('wechat_pay');
    await payment.submit();
    await payment.expectIn('awaitingScan');
    await expect(payment.panel().getByRole('img', { name: 'WeChat Pay QR code' })).toBeVisible();
    await expect(payment.panel().getByText(/^The code expires in \d+:\d\d$/)).toBeVisible();
    await expect(payment.panel().getByRole('radio', { name: /Credit or debit card/ })).toBeEnabled();

    await payment.payOnSandboxPhone(context, 'pay');
    await checkout.expectResult();
    await expect(page.getByText('Paid with')).toBeVisible();
    await expect(page.getByText('WeChat Pay', { exact: true })).toBeVisible();
  });

  test('a logged-in customer: balance short (120081), then the saved card; a cheaper order from the balance', async ({ page, request }) => {
    await new LoginPage(page, request).loginAsDemo();

    await orderAnEsim(page, 'plan=unlimited-plan&months=12&simType=esim', 'demo.buyer@example.com');
    const payment = new PaymentPage(page);
    await payment.chooseMethod('account');
    await expect(payment.panel().getByText(/^General account balance: \$\d+\.\d\d$/)).toBeVisible();
    await expect(payment.panel().getByText("Your balance doesn't cover this order.", { exact: false })).toBeVisible();
    await payment.submit();
    await expect(payment.panel().getByText('Your plan account balance is insufficient.')).toBeVisible();
    await payment.expectIn('"ready"');

    await payment.chooseMethod('default_card');
    await expect(payment.panel().getByText('VISA ending in 1111')).toBeVisible();
    await payment.submit();
    const checkout = new CheckoutPage(page);
    await checkout.expectResult();

    await checkout.newOrder();
    await checkout.expectEditing();
    // The buyer's details are kept for the next order; the confirmations are asked again.
    await expect(checkout.field('shipping.email')).toHaveValue('demo.buyer@example.com');
    await expect(checkout.field('termsAccepted')).not.toBeChecked();

    await page.goto('/plans/bundleForm?plan=500mb-plan&months=1&simType=esim');
    await checkout.expectEditing();
    await checkout.confirmAll();
    await checkout.submit();
    await checkout.expectPaying();
    await payment.chooseMethod('account');
    await payment.submit();
    await checkout.expectResult();
    await expect(page.getByText('Account balance', { exact: true })).toBeVisible();
  });
});
