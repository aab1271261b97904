import { expect, test, type Page } from './fixtures';
import { seriousViolations, switchTo } from './checks';
import { englishLeftovers } from './i18n-check';
import { advanceClock } from './sandbox';
import { LoginPage } from '../support/pages/LoginPage';

const LANGS = [
  { code: 'en', button: 'English' },
  { code: 'zh-Hans', button: '简体中文' },
  { code: 'zh-Hant', button: '繁體中文' },
] as const;
const PAGES = ['/callrecord', '/internet', '/message', '/recharge'] as const;

/** The figure of one total on the page, as a number (counts only). */
async function total(page: Page, key: string): Promise<number> {
  return Number((await page.getByTestId(key).innerText()).replace(/[^\d]/g, ''));
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
        await page.goto(path);
        await expect(page.locator('main h1').first()).toBeVisible();
        await expect(page.getByRole('navigation', { name: /Type of record|记录类型|紀錄類型/ }).locator('[aria-current="page"]')).toHaveAttribute('href', path);
        if (path !== '/recharge') await expect(page.getByTestId('usage-row').first()).toBeVisible();
        if (code !== 'en') expect(await englishLeftovers(page), `English left on ${path} in ${code}`).toEqual([]);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  }

  test('the demo customer filters calls by direction and month, and moves the clock to see usage grow', async ({ page, request }) => {
    await new LoginPage(page, request).loginAsDemo();
    await page.goto('/callrecord');
    await expect(page.getByTestId('usage-row').first()).toBeVisible();
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
