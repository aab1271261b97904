import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { englishLeftovers } from './i18n-check';
import { LoginPage } from '../support/pages/LoginPage';

const LANGS = [
  { code: 'en', button: 'English' },
  { code: 'zh-Hans', button: '简体中文' },
  { code: 'zh-Hant', button: '繁體中文' },
] as const;

async function switchTo(page: Page, button: string, lang: string) {
  // A page served as HTML answers the switch once its scripts have run (decision 0022).
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('group', { name: /Language|语言|語言/ }).getByRole('button', { name: button }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test.describe('languages', () => {
  for (const path of ['/', '/login', '/404']) {
    test(`switching language on ${path} keeps the page and leaves no English in Chinese`, async ({ page }) => {
      await page.goto(path === '/404' ? '/404' : `${path}?keep=1`);
      await expect(page.getByRole('main')).toBeVisible();
      const url = page.url();
      for (const { code, button } of [LANGS[1], LANGS[2]]) {
        await switchTo(page, button, code);
        expect(page.url()).toBe(url);
        await expect(page.locator('main h1').first()).toBeVisible();
        expect(await englishLeftovers(page), `English left on ${path} in ${code}`).toEqual([]);
      }
    });
  }

  test('the chosen language is kept for the session and sent to the gateway', async ({ page }) => {
    await page.goto('/');
    await switchTo(page, '繁體中文', 'zh-Hant');
    const request = page.waitForRequest((r) => r.url().includes('/gateway/') && r.method() !== 'OPTIONS');
    await page.goto('/login');
    expect((await request).headers()['language']).toBe('zh-Hant');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  });

  test('/personal shows no English in Chinese', async ({ page, request }) => {
    await new LoginPage(page, request).loginAsDemo();
    for (const { code, button } of [LANGS[1], LANGS[2]]) {
      await switchTo(page, button, code);
      await expect(page).toHaveURL(/\/personal$/);
      expect(await englishLeftovers(page), `English left on /personal in ${code}`).toEqual([]);
    }
  });
});

test.describe('accessibility (axe-core: no serious or critical violation)', () => {
  for (const { code, button } of LANGS) {
    test(`home, login and /personal in ${code}`, async ({ page, request }) => {
      await page.goto('/');
      if (code !== 'en') await switchTo(page, button, code);
      await expect(page.locator('main h1').first()).toBeVisible();
      expect(await seriousViolations(page), 'home').toEqual([]);

      await page.goto('/login');
      await expect(page.getByRole('img').first()).toBeVisible();
      expect(await seriousViolations(page), 'login').toEqual([]);

      if (code !== 'en') await switchTo(page, 'English', 'en');
      await new LoginPage(page, request).loginAsDemo();
      if (code !== 'en') await switchTo(page, button, code);
      await expect(page.locator('main h1').first()).toBeVisible();
      expect(await seriousViolations(page), '/personal').toEqual([]);
    });
  }
});
