import { expect, test } from './fixtures';
import { seriousViolations, switchTo } from './checks';
import { englishLeftovers } from './i18n-check';
import { LoginPage } from '../support/pages/LoginPage';
import { PaymentPage } from '../support/pages/PaymentPage';
import { CheckoutPage } from '../support/pages/CheckoutPage';
import { TEST_CARDS } from '../../src/server/adapters/payments/testValues';
import { pdfText } from '../server/pdfText';
import { balancesOf } from './sandbox';

/**
 * Issue 14, Money: the demo customer tops up by card and by WeChat Pay, reads the bill and downloads its PDF, opens
 * their orders, in three languages with no English left in Chinese and axe-core clean; a visitor goes to /login.
 */
/**
 * English and simplified Chinese: the two Chinese take turns across the page sweeps (money and portal home simplified,
 * usage and line orders traditional), and test/unit/i18n.test.ts reads every Chinese resource (decision 0049).
 */
const LANGS = [
  { code: 'en', button: 'English' },
  { code: 'zh-Hans', button: '简体中文' },
] as const;

const PAGES = ['/personal/pay/changeAccount', '/mybill', '/personal/myorder', '/global/myorder', '/personal/pay/test'];

test.describe('money pages of the account portal', () => {
  test('a visitor is sent to /login', async ({ page }) => {
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login/);
    }
  });

  for (const { code, button } of LANGS) {
    test(`the demo customer opens every money page in ${code}: no English left, axe-core clean`, async ({ page, request }) => {
      await new LoginPage(page, request).loginAsDemo();
      if (code !== 'en') await switchTo(page, button, code);
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.locator('main h1').first()).toBeVisible();
        if (code !== 'en') expect(await englishLeftovers(page), `English left on ${path} in ${code}`).toEqual([]);
        expect(await seriousViolations(page), path).toEqual([]);
        if (process.env.MONEY_SCREENSHOTS) await page.screenshot({ path: `.tmp/money-${path.replaceAll('/', '_')}-${code}.png`, fullPage: true });
      }
    });
  }

  test('tops up the General account by a new card, then the ILD account by WeChat Pay; the bill shows both and its PDF reads', async ({ page, request, context }) => {
    await new LoginPage(page, request).loginAsDemo();
    const before = await balancesOf(page);
    await page.goto('/personal/pay/changeAccount');
    await page.locator('[data-field="amount"]').fill('12.5');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText('Please enter a whole number of dollars, without cents.')).toBeVisible();
    await page.getByRole('button', { name: '$20' }).click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/personal\/pay\/confirmPay$/);

    const payment = new PaymentPage(page);
    await payment.chooseMethod('bank_card');
    await payment.typeCard({ ...TEST_CARDS.visa, postalCode: '94103' });
    await payment.typeCardholder('Demo Customer');
    await payment.submit();
    await expect(page).toHaveURL(/\/personal\/pay\/payStatus\/LB/);
    await expect(page.getByText('Top-up successful')).toBeVisible();
    await expect(page.getByText('$20.00 has been added to the General account of (626) 555-0100.')).toBeVisible();
    expect((await balancesOf(page)).generalCents).toBe(before.generalCents + 2000);
    if (process.env.MONEY_SCREENSHOTS) await page.screenshot({ path: '.tmp/money-status-en.png', fullPage: true });

    await page.getByRole('button', { name: 'Top up again' }).click();
    await expect(page).toHaveURL(/\/personal\/pay\/changeAccount$/);
    await page.getByRole('radio', { name: /^ILD account/ }).check();
    await page.locator('[data-field="amount"]').fill('5');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payment.chooseMethod('wechat_pay');
    await payment.submit();
    await payment.payOnSandboxPhone(context, 'pay');
    await expect(page.getByText('$5.00 has been added to the ILD account of (626) 555-0100.')).toBeVisible();
    // The ILD account also pays the international calls the usage collection charges as the server's clock runs, so
    // its balance is not compared; the credit is read on the bill below.

    await page.goto('/mybill');
    await expect(page.getByText('Top-up received: General account').first()).toBeVisible();
    await expect(page.getByText('Top-up received: ILD account').first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Top-up received: ILD account' }).first()).toContainText('+$5.00');
    if (process.env.MONEY_SCREENSHOTS) await page.screenshot({ path: '.tmp/money-bill-en.png', fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^LB-\d{6}-\d{6}\.pdf$/);
    const text = await pdfText(new Uint8Array(await (await import('node:fs/promises')).readFile((await download.path())!)));
    expect(text).toContain('Top-up received: ILD account');
    expect(text).toContain(download.suggestedFilename().replace('.pdf', ''));

    await switchTo(page, '简体中文', 'zh-Hans');
    const [zh] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载 PDF' }).click()]);
    const zhText = await pdfText(new Uint8Array(await (await import('node:fs/promises')).readFile((await zh.path())!)));
    expect(zhText).toContain('充值到账：国际长途账户');
  });

  test('the form starts with the customer\'s own number, also in a tab opened on it (the tab loads the customer first)', async ({ page, request, context }) => {
    await new LoginPage(page, request).loginAsDemo();
    await page.goto('/personal/pay/changeAccount');
    await expect(page.locator('[data-field="phone"]')).toHaveValue('6265550100');
    // A new tab shares the session cookie but not this tab's stored customer data.
    const tab = await context.newPage();
    await tab.goto('/personal/pay/changeAccount');
    await expect(tab.locator('[data-field="phone"]')).toHaveValue('6265550100');
    await tab.locator('[data-field="amount"]').fill('10');
    await tab.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(tab).toHaveURL(/\/personal\/pay\/confirmPay$/);
    await tab.close();
  });

  test('a wrong number is refused next to its field, and what was typed stays', async ({ page, request }) => {
    await new LoginPage(page, request).loginAsDemo();
    await page.goto('/personal/pay/changeAccount');
    await page.locator('[data-field="phone"]').fill('2135550199');
    await page.locator('[data-field="amount"]').fill('10');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText("This number isn't a LinkBridge line in service.", { exact: false })).toBeVisible();
    await expect(page.locator('[data-field="amount"]')).toHaveValue('10');
    await expect(page).toHaveURL(/\/personal\/pay\/changeAccount$/);
  });
});

test.describe('an order waiting for its payment', () => {
  test('"Pay now" in My orders opens that order\'s payment step, and paying it there marks it paid', async ({ page, request }) => {
    await new LoginPage(page, request).loginAsDemo();
    // An order made logged in and left unpaid (made in the page: the session cookie authenticates it, same origin).
    const orderNo = await page.evaluate(async () => {
      const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
        const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', CHANNEL: 'eshop', Language: 'en', ...headers }, body: JSON.stringify(body) });
        return ((await res.json()) as { data: never }).data;
      };
      const catalog = await post('/gateway/pcapp/api/v1/order/bundleList', {}) as { plans: { id: number; slug: string }[] };
      const plan = catalog.plans.find((p) => p.slug === '5gb-plan')!;
      const made = await post('/gateway/pcapp/api/v1/order/createBundleOrder', {
        planId: plan.id, months: 1, simType: 'esim', simCount: 1, autoRenew: false, autoRenewTermsAccepted: false,
        shipping: { country: 'US', firstNameEn: 'Mei', lastNameEn: 'Chen', firstNameZh: '美', lastNameZh: '陈', phone: '6265550142', email: 'mei.paynow@example.com' },
        shippingMethod: 'standard', billingSameAsShipping: false,
        billing: { country: 'US', address1: '1 Market St', address2: '', city: 'San Francisco', state: 'CA', zip: '94103' },
        couponCode: null, referralCode: null, termsAccepted: true, confirmPersonalUse: true, confirmUsOnly: true, channel: 'friend', reasons: ['price'],
      }, { 'Idempotency-Key': crypto.randomUUID() }) as { order: { orderNo: string } };
      return made.order.orderNo;
    });
    await page.goto(`/personal/myorder?order=${orderNo}`);
    const listed = page.getByTestId('order').filter({ hasText: orderNo });
    await expect(listed).toContainText('Awaiting payment');
    await listed.getByRole('link', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(new RegExp(`/plans/bundleResult/${orderNo}$`));
    const checkout = new CheckoutPage(page);
    await checkout.expectPaying();
    // The demo customer's saved card is offered first; paying with it settles the order.
    const payment = new PaymentPage(page);
    await payment.expectIn('savedCard');
    await payment.submit();
    await checkout.expectResult();
    await page.goto(`/personal/myorder?order=${orderNo}`);
    await expect(page.getByTestId('order').filter({ hasText: orderNo })).toContainText('Paid');
  });
});
