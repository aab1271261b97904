import { expect, test } from './fixtures';
import { browserDepth } from './browserDepth';
import { LineOrderPage } from '../support/pages/LineOrderPage';
import { textOf } from '../support/pages/i18nText';
import { TEST_CARDS } from '../../src/server/adapters/payments/testValues';
import { signIn, testLine } from './sandbox';

/**
 * The data add-on chart's browser depth (flowPacket): what the jsdom depth cannot take (machines/index.ts exempts it
 * there, "taken at browser"), taken in Chromium on a test line of its own.
 * - The offers failing to load (the network loses the request), then loading on the customer's retry.
 * - The payment answering 120087: the card's single-use token swapped for one the provider already took.
 * Afterwards the two screen depths together (this file and test/model/lineOrder.screens.test.tsx) take every
 * transition not declared unreachable.
 */

const depth = browserDepth('flowPacket');
const took = depth.took;
const LIST = '/personal/businessManegement/flowPacket';

test.describe('data add-on chart: the browser depth', () => {
  test.afterAll(() => depth.finish(2));

  test('the offers fail to load; the customer tries again and they show', async ({ page, request, baseURL }) => {
    await signIn(page, request, baseURL!, await testLine(request));
    await page.route('**/businessManagement/offers', (route) => route.abort('internetdisconnected'));
    await page.goto(LIST);
    const order = new LineOrderPage(page);
    await order.expectIn('offersFailed');
    took('flowPacket.loadingOffers:xstate.error.actor.loadOffers:0', 'flowPacket.offersFailed');

    await page.unroute('**/businessManagement/offers');
    await page.getByRole('button', { name: textOf('en', 'business:retry') }).click();
    await order.expectIn('listing');
    await expect(page.getByTestId('line-offer').first()).toBeVisible();
    took('flowPacket.offersFailed:lineOrder.reload:0', 'flowPacket.loadingOffers', 'flowPacket.listing');
  });

  test('a used card token (payment info expired, 120087): the dialog, then home on confirm', async ({ page, request, baseURL }) => {
    await signIn(page, request, baseURL!, await testLine(request));
    await page.goto(LIST);
    const order = new LineOrderPage(page);
    await order.expectIn('listing');
    await order.chooseOffer(textOf('en', 'business:offer.data', { data: '1 GB' }));
    await order.acceptTerms();
    await order.submit();
    await order.payment.chooseMethod('bank_card');
    await order.payment.typeCard({ ...TEST_CARDS.visa, postalCode: '94103' });
    await order.payment.typeCardholder('Mei Lin');
    await page.route('**/pay/payOrder', (route) => route.continue({
      postData: JSON.stringify({ ...JSON.parse(route.request().postData() ?? '{}'), sourceId: 'cnon:card-nonce-already-used' }),
    }));
    await order.payment.submit();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Your payment information has expired.');
    await expect.poll(() => order.state()).toBe('"expired"');
    took('flowPacket.paying:xstate.done.actor.payment:1', 'flowPacket.expired');
    await dialog.getByRole('button').click();
    await expect(page).toHaveURL(/\/$/);
  });
});
