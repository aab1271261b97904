import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { CheckoutPage, BUYER, CA_ADDRESS } from '../support/pages/CheckoutPage';
import { PaymentPage } from '../support/pages/PaymentPage';
import { textOf } from '../support/pages/i18nText';
import { TEST_CARDS } from '../../src/server/adapters/payments/testValues';
import { messagesTo } from './sandbox';

/**
 * Issue 4, "current ICCID has no plan": the seeded dealer card without plan (README: 8901260010000000070 / 777777)
 * passes step 1, the customer chooses a plan on /activation/propagate, pays it on /activation/bundleForm (one SIM of
 * the card's type, no shipping), sees /activation/bundleResult/{orderNo} and continues to step 2.
 */
const DEALER_CARD = { iccid: '8901260010000000070', code: '777777' };
const t = (key: string, values?: Record<string, string | number>) => textOf('en', key, values);

test('a dealer card without plan: step 1, choose a plan, pay by test card, the result, then step 2', async ({ page, request }) => {
  const email = `dealer.${Date.now().toString(36)}@example.com`;
  await page.goto('/activation/first');
  await page.getByRole('radio', { name: new RegExp(t('activation:first.offline')) }).check();
  await page.getByLabel(t('activation:first.iccid')).fill(DEALER_CARD.iccid);
  await page.getByLabel(t('activation:first.code')).fill(DEALER_CARD.code);
  await page.getByRole('button', { name: t('activation:first.submit') }).click();

  await expect(page).toHaveURL(/\/activation\/propagate$/);
  await expect(page.getByRole('heading', { name: t('checkout:activationPlan.propagateTitle') })).toBeVisible();
  await page.getByTestId('plan-5gb-plan').getByRole('link', { name: /5GB/ }).click();

  await expect(page).toHaveURL(/\/activation\/bundleForm\?plan=5gb-plan/);
  const checkout = new CheckoutPage(page);
  await checkout.expectEditing();
  await expect(page.getByTestId('activation-iccid')).toHaveText('8901 2600 1000 0000 070');
  await expect(checkout.field('simCount')).toHaveCount(0);
  await expect(checkout.field('shipping.address1')).toHaveCount(0);
  await checkout.fillBuyer({ ...BUYER, email });
  await checkout.fillAddress('billing', CA_ADDRESS);
  await checkout.confirmAll();
  await checkout.submit();
  await checkout.expectPaying();

  const payment = new PaymentPage(page);
  await payment.typeCard({ ...TEST_CARDS.visa, postalCode: CA_ADDRESS.zip });
  await payment.typeCardholder('Mei Lin');
  await payment.submit();

  await expect(page).toHaveURL(/\/activation\/bundleResult\/LB[^/]+$/);
  await expect(page.getByRole('heading', { name: t('checkout:activationPlan.resultTitle') })).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), 'activation plan result').toEqual([]);
  await expect.poll(async () => (await messagesTo(request, email)).map((m) => m.body ?? '').join('\n'), { timeout: 30_000 })
    .toContain('Your plan is ready to activate');

  await page.getByTestId('continue-activation').click();
  await expect(page).toHaveURL(/\/activation\/secondOffline$/);
});
