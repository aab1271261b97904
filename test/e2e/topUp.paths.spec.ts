import { expect, test, type Page } from './fixtures';
import { LoginPage } from '../support/pages/LoginPage';
import { PaymentPage } from '../support/pages/PaymentPage';
import { TEST_CARDS } from '../../src/server/adapters/payments/testValues';
import { chartById } from '../../machines/index';
import { coverageOf, formatTable, writeCoverage } from '../model/toolkit/coverage';
import { BROWSER_DEPTH, mergedScreenCoverage } from '../model/toolkit/screenDepths';
import { newRecorder } from '../model/toolkit/run';

/**
 * The top-up chart's browser depth: the payment answering 120087 (payment info expired), which the jsdom depth cannot
 * reach (machines/index.ts exempts it there, "taken at browser"): a new card's single-use token is typed in the
 * provider's cross-origin card form, and here the page's token is swapped for one the provider already took (the
 * sandbox's used-token test nonce). Spec section 4: "120087 (payment info expired): dialog; on confirm go home."
 * Afterwards the two screen depths together (this file and test/model/topUp.screens.test.tsx) take every transition
 * not declared unreachable.
 */

const entry = chartById('topUp')!;

const generalCents = async (page: Page): Promise<number> => {
  // The page's context sends the session cookie (HttpOnly, decision 0013); the call names the channel.
  const res = await page.request.post('/gateway/pcapp/api/v1/personalcenter/userInfo', { headers: { CHANNEL: 'eshop' } });
  return ((await res.json()) as { data: { balances: { generalCents: number } } }).data.balances.generalCents;
};
const seen = newRecorder();

test.describe('top-up chart: the browser depth', () => {
  test.afterAll(() => {
    const coverage = coverageOf(entry, seen, BROWSER_DEPTH, 1);
    const merged = mergedScreenCoverage(entry, seen, 1);
    console.log(`\n${formatTable([coverage, merged])}`);
    writeCoverage([coverage, merged]);
    expect({ transitions: merged.transitions.missing, states: merged.states.missing }).toEqual({ transitions: [], states: [] });
  });

  test('a used card token (payment info expired, 120087): the dialog, then home on confirm; nothing is credited', async ({ page, request }) => {
    await new LoginPage(page, request).loginAsDemo();
    const before = await generalCents(page);
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
    seen.transitions.add('topUp.paying:xstate.done.actor.payment:1');
    seen.states.add('topUp.paying');
    seen.states.add('topUp.expired');
    await expect(dialog).toHaveCount(1);
    await dialog.getByRole('button').click();
    await expect(page).toHaveURL(/\/$/);
    expect(await generalCents(page)).toBe(before);
  });
});
