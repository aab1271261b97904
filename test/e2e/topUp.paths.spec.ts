import { expect, test } from './fixtures';
import { browserDepth } from './browserDepth';
import { balancesOf } from './sandbox';
import { LoginPage } from '../support/pages/LoginPage';
import { PaymentPage } from '../support/pages/PaymentPage';
import { TEST_CARDS } from '../../src/server/adapters/payments/testValues';

/**
 * The top-up chart's browser depth: the payment answering 120087 (payment info expired), which the jsdom depth cannot
 * reach (machines/index.ts exempts it there, "taken at browser"): a new card's single-use token is typed in the
 * provider's cross-origin card form, and here the page's token is swapped for one the provider already took (the
 * sandbox's used-token test nonce). Spec section 4: "120087 (payment info expired): dialog; on confirm go home."
 * Afterwards the two screen depths together (this file and test/model/topUp.screens.test.tsx) take every transition
 * not declared unreachable.
 */

const depth = browserDepth('topUp');
const took = depth.took;

test.describe('top-up chart: the browser depth', () => {
  test.afterAll(() => depth.finish(1));

  test('a used card token (payment info expired, 120087): the dialog, then home on confirm; nothing is credited', async ({ page, request }) => {
    await new LoginPage(page, request).loginAsDemo();
    const before = (await balancesOf(page)).generalCents;
    await page.goto('/personal/pay/changeAccount');
    await page.getByRole('button', { name: '$20' }).click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/personal\/pay\/confirmPay$/);

    const payment = new PaymentPage(page);
    await payment.chooseMethod('bank_card');
    await payment.typeCard({ ...TEST_CARDS.visa, postalCode: '94103' });
    await payment.typeCardholder('Demo Customer');
    await page.route('**/pay/payOrder', (route) => route.continue({
      postData: JSON.stringify({ ...JSON.parse(route.request().postData() ?? '{}'), sourceId: 'cnon:card-nonce-already-used' }),
    }));
    await payment.submit();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Your payment information has expired.');
    await expect.poll(async () => JSON.parse((await page.getByTestId('top-up').getAttribute('data-state')) ?? 'null')).toBe('expired');
    took('topUp.paying:xstate.done.actor.payment:1', 'topUp.expired');
    await expect(dialog).toHaveCount(1);
    await dialog.getByRole('button').click();
    await expect(page).toHaveURL(/\/$/);
    expect((await balancesOf(page)).generalCents).toBe(before);
  });
});
