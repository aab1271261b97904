import { expect, test, type Page } from './fixtures';
import { seriousViolations, switchTo } from './checks';
import { englishLeftovers } from './i18n-check';
import { advanceClock } from './sandbox';
import { LoginPage } from '../support/pages/LoginPage';

/**
 * English and traditional Chinese: the two Chinese take turns across the page sweeps (money and portal home simplified,
 * usage and line orders traditional), and test/unit/i18n.test.ts reads every Chinese resource (decision 0049).
 */
const LANGS = [
  { code: 'en', button: 'English' },
  { code: 'zh-Hant', button: '繁體中文' },
] as const;
const PAGES = ['/callrecord', '/internet', '/message', '/recharge'] as const;

/** The figure of one total on the page, as a number (counts only). */
async function total(page: Page, key: string): Promise<number> {
  return Number((await page.getByTestId(key).innerText()).replace(/[^\d]/g, ''));
}

/**
 * Opens a usage page on a month that holds records (and, with `outgoing`, outgoing ones): the gateway's current month, or
 * the month before when the current one has none yet. Earlier specs move the gateway's clock by days, which can put it
 * in the first hours of a new month.
 */
async function openWithRecords(page: Page, path: string, { outgoing = false } = {}): Promise<void> {
  const rows = page.getByTestId('usage-row');
  const enough = async () => (await rows.count()) > 0 && (!outgoing || (await total(page, 'totals.voice.outbound')) > 0);
  await page.goto(path);
  await expect(rows.first().or(page.getByTestId('usage-empty'))).toBeVisible();
  if (await enough()) return;
  const previous = await page.locator('main select[id$="-month"] option').nth(1).getAttribute('value');
  expect(previous, 'a month before the current one').toMatch(/^\d{4}-\d{2}$/);
  await page.goto(`${path}?month=${previous}`);
  await expect(rows.first()).toBeVisible();
  expect(await enough(), `records in ${previous}`).toBe(true);
}

test.describe('usage records', () => {
  test('a visitor is sent to log in', async ({ page }) => {
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path).replace(/\//g, '%2F')}`));
    }
  });

  for (const { code, button } of LANGS) {
    test(`the demo customer opens every usage page in ${code}: no English left in Chinese, axe clean`, async ({ page, request }) => {
      await new LoginPage(page, request).loginAsDemo();
      if (code !== 'en') await switchTo(page, button, code);
      for (const path of PAGES) {
        if (path !== '/recharge') await openWithRecords(page, path);
        else await page.goto(path);
        await expect(page.locator('main h1').first()).toBeVisible();
        await expect(page.getByRole('navigation', { name: /Type of record|记录类型|紀錄類型/ }).locator('[aria-current="page"]')).toHaveAttribute('href', path);
        if (code !== 'en') expect(await englishLeftovers(page), `English left on ${path} in ${code}`).toEqual([]);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  }

  test('the demo customer filters calls by direction and month, and moves the clock to see usage grow', async ({ page, request }) => {
    await new LoginPage(page, request).loginAsDemo();
    await openWithRecords(page, '/callrecord', { outgoing: true });
    const calls = await total(page, 'totals.voice.count');
    const outgoing = await total(page, 'totals.voice.outbound');
    await page.getByLabel('Direction').selectOption('out');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/direction=out/);
    await expect(page.getByTestId('totals.voice.count')).toHaveText(String(outgoing));
    const kinds = await page.getByTestId('usage-row').locator('td:nth-child(2)').allInnerTexts();
    expect(new Set(kinds)).toEqual(new Set(['Outgoing']));
    expect(outgoing).toBeLessThanOrEqual(calls);

    await page.goto('/internet');
    const sessions = await total(page, 'totals.data.count');
    const month = await page.getByLabel('Month').inputValue();
    await page.goto('/message');
    const texts = await total(page, 'totals.sms.count');
    // Eleven hours later (a login lasts twelve): a day's rhythm always holds some use in eleven hours.
    await advanceClock(request, 11 * 3_600_000);
    await page.goto('/message');
    const textsLater = await total(page, 'totals.sms.count');
    await page.goto('/internet');
    const sessionsLater = await total(page, 'totals.data.count');
    // Within the same month the totals grow; across a month's end the page shows the new month, which starts afresh.
    if ((await page.getByLabel('Month').inputValue()) === month) expect(sessionsLater + textsLater).toBeGreaterThan(sessions + texts);
    else expect(sessionsLater + textsLater).toBeGreaterThan(0);
  });
});
