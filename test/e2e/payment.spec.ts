import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CheckoutPage, BUYER, CA_ADDRESS } from '../support/pages/CheckoutPage';
import { LoginPage } from '../support/pages/LoginPage';
import { PaymentPage } from '../support/pages/PaymentPage';

/**
 * The payment chart's other methods in the browser: WeChat Pay through the sandbox "phone" page (the customer's
 * phone), and, for a logged-in customer, the General account balance (120081 when it is short) and the saved card.
 */

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

async function logInAsDemo(page: Page, request: APIRequestContext) {
  const login = new LoginPage(page, request);
  await login.open('/login?redirect=%2Fpersonal');
  await login.choosePath('passwordLogin');
  await login.loginWithPassword('demo', 'Demo@2468');
  await expect(page).toHaveURL(/\/personal$/);
}

test.describe('payment chart in the browser', () => {
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
    await logInAsDemo(page, request);

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
