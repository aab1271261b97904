import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { seriousViolations, switchTo } from './checks';
import { englishLeftovers } from './i18n-check';
import { paymentsUrlOf, saveCard, signIn, testLine } from './sandbox';
import { sessionToken } from './session';
import { endpoints } from '../../src/contract';
import { IDEMPOTENCY_HEADER } from '../../src/contract/orders';
import type { CardsData } from '../../src/contract/profile';
import { TEST_CARDS, tokenizeCard, type TestCardName } from '../support/payments';
import { textOf } from '../support/pages/i18nText';

/**
 * Issue 18 section 6, bank card points in Chromium on the real gateway (decision 0043): /welfare's rules, the join form
 * refusing an empty email, a card added on the page through the provider's card form and joined with, a top-up paid
 * with that card earning 20 % back in the General account (listed with its date); in simplified Chinese, a card that
 * joined from another account is refused next to the card with what to do next, the email typed kept, and another
 * card joins. The gateway's clock is never moved. axe-core clean in every state. Each test joins with cards no other
 * test here uses (JCB; Discover and Visa): a card joins an edition once, and the worker's gateway has one edition.
 */
const PAGE = '/welfare';

async function axeClean(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

const api = (token: string) => ({ Authorization: `Bearer ${token}`, CHANNEL: 'eshop', [IDEMPOTENCY_HEADER]: randomUUID() });

/** A card saved for the customer as /mybank saves it (a token of the provider's form, then addCard); answers its id. */
async function addCard(request: APIRequestContext, baseURL: string, token: string, card: TestCardName): Promise<number> {
  const sourceId = await tokenizeCard(paymentsUrlOf(baseURL), { ...TEST_CARDS[card], postalCode: '90012' });
  const res = await request.post(endpoints.addCard.path, { headers: api(token), data: { sourceId, cardholderName: 'Wang Fang', billingZip: '90012' } });
  return ((await res.json()) as { data: CardsData }).data.cards.at(-1)!.id;
}

test.describe('bank card points', () => {
  test('join with a card added on the page, then a top-up with it earns 20 % back (English)', async ({ page, request, baseURL }) => {
    test.setTimeout(180_000);
    const line = await testLine(request);
    const token = await sessionToken(request, line.username, line.password);
    await saveCard(request, baseURL!, token);
    await signIn(page, request, baseURL!, line);
    await page.goto(PAGE);
    await expect(page.getByRole('heading', { level: 1, name: '20% back on card payments, up to $20.00' })).toBeVisible();
    await expect(page.getByTestId('welfare-runs')).toContainText('Runs');
    const rules = page.getByTestId('welfare-rules');
    await expect(rules).toContainText('Up to $20.00 in all. Each 20% is rounded down to the cent');
    await expect(rules).toContainText("payments from your account balance or by WeChat Pay, don't earn cashback");
    await expect(page.getByRole('radio', { name: 'Visa ending 1111' })).toBeChecked();
    await axeClean(page, 'join form, English');

    // The form is checked before it is sent.
    const email = page.locator('[data-field="email"]');
    await email.fill('');
    await page.getByRole('button', { name: 'Join bank card points' }).click();
    await expect(page.getByText(textOf('en', 'validation:email.required'))).toBeVisible();
    await expect(email).toBeFocused();

    // A card added here, through the provider's card form, is chosen for joining.
    await page.getByRole('button', { name: 'Add a card' }).click();
    const frame = page.frameLocator('[data-testid="card-form"] iframe');
    const jcb = TEST_CARDS.jcb;
    await frame.locator('#cardNumber').fill(jcb.number);
    await frame.locator('#expirationDate').fill(jcb.exp);
    await frame.locator('#cvv').fill(jcb.cvv);
    await frame.locator('#postalCode').fill('90012');
    await page.locator('[data-field="cardholderName"]').fill('Mei Chen');
    await axeClean(page, 'adding a card, English');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('Your card has been saved.')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'JCB ending 5841' })).toBeChecked();
    // Joining without the email: its error replaces the news of the saved card (which never sits beside a refusal).
    await page.getByRole('button', { name: 'Join bank card points' }).click();
    await expect(page.getByText(textOf('en', 'validation:email.required'))).toBeVisible();
    await expect(page.getByText('Your card has been saved.')).toHaveCount(0);
    await email.fill('mei.chen@example.com');
    await page.getByRole('button', { name: 'Join bank card points' }).click();
    const mine = page.getByTestId('welfare-participation');
    await expect(mine).toHaveAttribute('data-state', 'joined');
    await expect(mine).toContainText('JCB ending 5841');
    await expect(mine).toContainText('mei.chen@example.com');
    await expect(page.getByTestId('welfare-remaining')).toHaveText('$20.00');
    await expect(mine).toContainText('No payment with this card has earned cashback yet.');
    await axeClean(page, 'joined, English');

    // A $50 top-up paid with the joined card (saved): $10 back, listed with its date.
    const cards = ((await (await request.post(endpoints.bankCards.path, { headers: api(token) })).json()) as { data: CardsData }).data.cards;
    const jcbId = cards.find((c) => c.last4 === '5841')!.id;
    const created = await request.post(endpoints.topUpCreate.path, { headers: api(token), data: { account: 'general', phone: line.phone, amount: 50 } });
    const orderNo = ((await created.json()) as { data: { orderNo: string } }).data.orderNo;
    const paid = await request.post(endpoints.payOrder.path, { headers: api(token), data: { orderNo, method: 'default_card', cardId: jcbId } });
    expect(((await paid.json()) as { data: { status: string } }).data.status).toBe('paid');
    await expect.poll(async () => {
      await page.reload();
      return page.getByTestId('welfare-earned').textContent();
    }, { message: 'the cashback on the page', timeout: 30_000 }).toBe('$10.00');
    await expect(mine).toHaveAttribute('data-state', 'earning');
    await expect(page.getByTestId('welfare-remaining')).toHaveText('$10.00');
    await expect(page.getByTestId('welfare-cashbacks').locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('welfare-cashbacks')).toContainText('Top-up');
    await expect(page.getByTestId('welfare-cashbacks')).toContainText('$50.00');
    await axeClean(page, 'earning, English');
  });

  test('a card that joined from another account is refused in Chinese, the email kept, and another card joins', async ({ page, request, baseURL }) => {
    test.setTimeout(180_000);
    // Someone else joined with their Discover.
    const other = await testLine(request);
    const otherToken = await sessionToken(request, other.username, other.password);
    const otherDiscover = await addCard(request, baseURL!, otherToken, 'discover');
    const joined = await request.post(endpoints.welfareJoin.path, { headers: api(otherToken), data: { cardId: otherDiscover, email: 'li.wei@example.com' } });
    expect(((await joined.json()) as { code: string }).code).toBe('200');

    // This customer has a Visa and the same Discover.
    const line = await testLine(request);
    const token = await sessionToken(request, line.username, line.password);
    await saveCard(request, baseURL!, token);
    await addCard(request, baseURL!, token, 'discover');
    await signIn(page, request, baseURL!, line);
    await page.goto(PAGE);
    await switchTo(page, '简体', 'zh-Hans');
    const t = (key: string, values?: Record<string, string | number>) => textOf('zh-Hans', key, values);
    const cap = new Intl.NumberFormat('zh-Hans', { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).format(20);
    await expect(page.getByRole('heading', { level: 1, name: t('welfare:title', { percent: '20%', cap }) })).toBeVisible();
    await expect(page.getByTestId('welfare-rules')).toContainText(t('welfare:rules.recognised'));
    await page.getByRole('radio', { name: t('welfare:join.card', { brand: t('portalProfile:bankCards.brand.discover'), last4: '0004' }) }).check();
    const email = page.locator('[data-field="email"]');
    await email.fill('wang.fang@example.com');
    await page.getByRole('button', { name: t('welfare:join.submit') }).click();
    await expect(page.getByText(t('errors:code.120085'))).toBeVisible();
    await expect(page.getByText(t('welfare:join.cardTaken'))).toBeVisible();
    await expect(email).toHaveValue('wang.fang@example.com');
    await axeClean(page, 'card refused, simplified Chinese');
    expect(await englishLeftovers(page), 'English left in simplified Chinese').toEqual([]);

    await page.getByRole('radio', { name: t('welfare:join.card', { brand: t('portalProfile:bankCards.brand.visa'), last4: '1111' }) }).check();
    await page.getByRole('button', { name: t('welfare:join.submit') }).click();
    const mine = page.getByTestId('welfare-participation');
    await expect(mine).toHaveAttribute('data-state', 'joined');
    await expect(page.getByText(t('welfare:join.joined'))).toBeVisible();
    await expect(mine).toContainText('wang.fang@example.com');
    await expect(page.getByTestId('welfare-state')).toHaveText(t('welfare:mine.state.joined'));
    await axeClean(page, 'joined, simplified Chinese');
    expect(await englishLeftovers(page), 'English left in simplified Chinese').toEqual([]);
  });
});
