import { expect, test, type Page } from './fixtures';
import { seriousViolations, switchTo } from './checks';
import { englishLeftovers } from './i18n-check';
import { PaymentPage } from '../support/pages/PaymentPage';
import { advanceClock, balancesOf, messagesTo, signIn, testLine } from './sandbox';

/**
 * Issue 16, number keeping in Chromium on the real gateway: a test line's plan ends within the hour; before the day
 * after it expires the page says from when keeping can start; on the server's clock the line is suspended, then the
 * customer buys two 30-day periods from the General balance (/personal/protect, /payment, /result/{orderNo}), sees them
 * on the page with the days left of the 120, ends keeping early with its confirmation (4-5 hours, nothing refunded),
 * and 5 hours later keeping has ended: the number stays suspended 90 days, then is recycled. In English, and in
 * simplified and traditional Chinese; axe-core clean in every state.
 */
const HOUR_MS = 3_600_000;
const PAGE = '/personal/protect';

async function axeClean(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** The keeping page as the gateway has it now (jobs run on the worker's clock in the background). */
async function keepingIs(page: Page, state: string, ready = '[data-testid=protect-state]') {
  // toPass, not expect.poll: a poll stops at the first thrown error, and while the worker catches up on the jobs a clock
  // move made due (every earlier test's lines on this gateway), a page can take longer than one expect's 10 s.
  await expect(async () => {
    await page.goto(PAGE);
    await expect(page.locator(ready).first()).toBeVisible();
    await expect(page.getByTestId('protect')).toHaveAttribute('data-keeping', state, { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
}

/** A test line whose plan ended over a day ago on the worker's clock: suspended, keeping possible. */
async function expiredLine(page: Page, request: Parameters<typeof testLine>[0], baseURL: string, lang?: { button: string; code: string }) {
  const line = await testLine(request, { generalCents: 2000, endsInHours: 1 });
  await signIn(page, request, baseURL, line);
  await page.goto(PAGE);
  if (lang) await switchTo(page, lang.button, lang.code);
  // The plan still runs: not yet, with the day keeping can start.
  await expect(page.getByTestId('protect')).toHaveAttribute('data-keeping', 'notKept');
  await expect(page.getByTestId('protect-earliest')).toBeVisible();
  await axeClean(page, 'not yet');
  if (lang) expect(await englishLeftovers(page), 'English left on "not yet"').toEqual([]);
  // The plan ends within the hour; the day after it begins at most a day later (Pacific midnight).
  await advanceClock(request, 25 * HOUR_MS + 60_000);
  // A session lasts 12 hours: a day later the customer logs in again.
  await signIn(page, request, baseURL, line);
  await expect(async () => {
    await page.goto(PAGE);
    await expect(page.getByTestId('protect-state')).toBeVisible();
    await expect(page.getByTestId('protect-buy')).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  return line;
}

test.describe('number keeping', () => {
  test('keep a number after expiry, then end early (English)', async ({ page, request, baseURL }) => {
    test.setTimeout(240_000);
    const line = await expiredLine(page, request, baseURL!);
    await axeClean(page, 'can start');
    // Two periods of 30 days at $3.00 each; the test line has no US tax address: no tax.
    await page.locator('input[name=periods][value="2"]').check();
    await expect(page.getByTestId('protect-total')).toHaveText('$6.00');
    await page.getByTestId('protect-buy').click();
    await expect(page).toHaveURL(/\/personal\/protect\/payment\?orderNo=/);
    await expect(page.getByTestId('protect-order-total')).toHaveText('$6.00');
    await axeClean(page, 'payment');
    const payment = new PaymentPage(page);
    await payment.chooseMethod('account');
    await payment.submit();
    await expect(page).toHaveURL(/\/personal\/protect\/result\/[A-Z0-9]+$/);
    await expect(page.getByTestId('protect-result')).toContainText('Your number is kept until');
    await axeClean(page, 'result');
    expect((await balancesOf(page)).generalCents).toBe(2000 - 600);
    await expect.poll(async () => (await messagesTo(request, line.phone)).some((m) => m.body.includes('kept until'))).toBe(true);

    // Back on the page: kept, the period bought, 60 of the 120 days left.
    await page.getByTestId('protect-back').click();
    await expect(page).toHaveURL(PAGE);
    await expect(page.getByTestId('protect')).toHaveAttribute('data-keeping', 'kept');
    await expect(page.getByTestId('protect-days-left')).toHaveText('60 days');
    await expect(page.getByTestId('protect-periods').locator('tbody tr')).toHaveCount(1);
    await axeClean(page, 'kept');
    // /personal says the number is kept, with the way back (the plan) and the way here.
    await page.goto('/personal');
    await expect(page.getByTestId('number-kept')).toContainText('Your number is kept');
    await axeClean(page, '/personal while kept');
    await page.getByTestId('number-kept').getByRole('link', { name: 'See number keeping' }).click();
    await expect(page.getByTestId('protect')).toHaveAttribute('data-keeping', 'kept');

    // End early: a confirmation first (cancel keeps it), then 4-5 hours, nothing refunded.
    await page.getByTestId('protect-end-early').click();
    await expect(page.getByRole('alertdialog')).toContainText('The days left are not refunded');
    await axeClean(page, 'confirm the early end');
    await page.getByRole('button', { name: 'No, keep my number' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.getByTestId('protect-end-early').click();
    await page.getByRole('button', { name: 'Yes, end keeping' }).click();
    await expect(page.getByTestId('protect')).toHaveAttribute('data-keeping', 'endingEarly');
    await expect(page.getByTestId('protect-ends')).toContainText('Nothing is refunded');
    await axeClean(page, 'ending early');

    await advanceClock(request, 5 * HOUR_MS + 60_000);
    await signIn(page, request, baseURL!, line);
    await keepingIs(page, 'ended');
    await expect(page.getByTestId('protect-recycle')).toContainText('recycled');
    await axeClean(page, 'ended');
    expect((await balancesOf(page)).generalCents).toBe(2000 - 600);
    await page.goto('/mybill');
    await expect(page.getByText('Number keeping').first()).toBeVisible();
  });

  test('the same journey reads in simplified and traditional Chinese, axe-core clean', async ({ page, request, baseURL }) => {
    test.setTimeout(240_000);
    await expiredLine(page, request, baseURL!, { button: '简体', code: 'zh-Hans' });
    expect(await englishLeftovers(page), 'English left on "can start"').toEqual([]);
    await page.getByTestId('protect-buy').click();
    await expect(page).toHaveURL(/\/personal\/protect\/payment\?orderNo=/);
    expect(await englishLeftovers(page), 'English left on the payment').toEqual([]);
    const payment = new PaymentPage(page, 'zh-Hans');
    await payment.chooseMethod('account');
    await payment.submit();
    await expect(page.getByTestId('protect-result')).toContainText('保号至');
    expect(await englishLeftovers(page), 'English left on the result').toEqual([]);
    await axeClean(page, 'result (zh-Hans)');

    await page.getByTestId('protect-back').click();
    await switchTo(page, '繁體', 'zh-Hant');
    await expect(page.getByTestId('protect')).toHaveAttribute('data-keeping', 'kept');
    await expect(page.getByTestId('protect-days-left')).toHaveText('90 天');
    expect(await englishLeftovers(page), 'English left on "kept" (zh-Hant)').toEqual([]);
    await axeClean(page, 'kept (zh-Hant)');
    await page.getByTestId('protect-end-early').click();
    await expect(page.getByRole('alertdialog')).toContainText('剩餘天數恕不退款');
    expect(await englishLeftovers(page), 'English left on the confirmation (zh-Hant)').toEqual([]);
    await page.getByRole('button', { name: '確定結束保號' }).click();
    await expect(page.getByTestId('protect')).toHaveAttribute('data-keeping', 'endingEarly');
    expect(await englishLeftovers(page), 'English left on "ending" (zh-Hant)').toEqual([]);
    await axeClean(page, 'ending (zh-Hant)');
  });
});
