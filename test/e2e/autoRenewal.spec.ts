/**
 * Auto-renewal on the server's clock (issue 15) as the demo customer lives it: /personal/autosubscription/subscription
 * in three languages (axe-core clean, no English left in Chinese), auto-renewal opened with the terms, the clock moved
 * past the plan's expiry, the renewal in the bills (/mybill) and the new expiry on /personal; and a line suspended by
 * customer service (spec section 1) as its customer sees it.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { englishLeftovers } from './i18n-check';
import { advanceClock } from './sandbox';
import { LoginPage } from '../support/pages/LoginPage';
import { seriousViolations as sharedViolations, switchTo as sharedSwitchTo } from './checks';
import { addSessionCookies, sessionToken } from './session';

const LANGS = [
  { code: 'en', button: 'English' },
  { code: 'zh-Hans', button: '简体中文' },
  { code: 'zh-Hant', button: '繁體中文' },
] as const;

async function switchTo(page: Page, button: string, lang: string) {
  await page.getByRole('group', { name: /Language|语言|語言/ }).getByRole('button', { name: button }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

interface Life { autoRenewal?: { state: string; expiresAt: string | null; maintenance: boolean; maintenanceEndsAt: string | null } }
const planLife = async (page: Page): Promise<Life> =>
  ((await (await page.request.post('/gateway/pcapp/api/v1/personalcenter/planLife', { headers: { CHANNEL: 'eshop' } })).json()) as { data: Life }).data;

test('open auto-renewal, move the clock past expiry, see the renewal in bills and the new expiry', async ({ page, request }) => {
  // Three languages with axe, two logins and the jobs of 20 days of clock.
  test.setTimeout(180_000);
  await new LoginPage(page, request).loginAsDemo();
  await page.goto('/personal/autosubscription/subscription');
  await expect(page.getByTestId('auto-renewal')).toHaveAttribute('data-state', 'showing');
  for (const { code, button } of LANGS) {
    await switchTo(page, button, code);
    expect(await seriousViolations(page), `axe on the auto-renewal page (${code})`).toEqual([]);
    if (code !== 'en') expect(await englishLeftovers(page), code).toEqual([]);
  }
  await switchTo(page, 'English', 'en');
  let before = await planLife(page);
  if (before.autoRenewal!.maintenance) {
    // Run between 0 and 3 AM Pacific (the sandbox clock starts at the real time): the page says nothing can change
    // until 3 AM and its buttons wait; the clock then moves past the window, as the night would.
    await expect(page.getByText(/Auto-renewal can be changed again from/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on auto-renewal' })).toBeDisabled();
    const now = Date.parse(((await (await request.post('/sandbox/api/clock/advance', { data: { ms: 1 } })).json()) as { data: { now: string } }).data.now);
    await advanceClock(request, Date.parse(before.autoRenewal!.maintenanceEndsAt!) - now + 60_000);
    await page.reload();
    await expect(page.getByTestId('auto-renewal')).toHaveAttribute('data-state', 'showing');
    before = await planLife(page);
    expect(before.autoRenewal!.maintenance).toBe(false);
  }
  if (before.autoRenewal!.state === 'notOpen' || before.autoRenewal!.state === 'closed') {
    await page.getByRole('button', { name: 'Turn on auto-renewal' }).click();
    await expect(page.getByText('Please read and accept the auto-renewal terms first.').first()).toBeVisible();
    await page.getByLabel('I have read and accept the auto-renewal terms.').check();
    await page.getByRole('button', { name: 'Turn on auto-renewal' }).click();
  }
  await expect(page.getByTestId('renewal-state')).toHaveText(/^On, paid/);
  const expiresAt = Date.parse(before.autoRenewal!.expiresAt!);

  // Past the expiry: the renewal ran the night before, and the plan now ends 30 days later.
  const now = Date.parse(((await (await request.post('/sandbox/api/clock/advance', { data: { ms: 1 } })).json()) as { data: { now: string } }).data.now);
  await advanceClock(request, expiresAt - now + 3_600_000);
  // Sessions last less than the time moved: log in again, as the customer would.
  await new LoginPage(page, request).loginAsDemo();
  await expect.poll(async () => Date.parse((await planLife(page)).autoRenewal?.expiresAt ?? '0'), { timeout: 20_000 }).toBe(expiresAt + 30 * 86_400_000);
  await page.reload();
  await expect(page.getByTestId('home-renewal-state')).toHaveText(/^On, paid/);
  await expect(page.getByTestId('home-expires')).toBeVisible();
  await page.goto('/mybill');
  await expect(page.getByRole('cell', { name: /^Plan renewal/ }).first()).toBeVisible();
});

test('a line suspended by customer service: /personal says so first, with the reason, in the customer\'s language; lifted, it is gone', async ({ page, request, baseURL }) => {
  const made = ((await (await request.post('/sandbox/api/testLine', { data: {} })).json()) as { data: { username: string; phone: string; password: string } }).data;
  await addSessionCookies(page, await sessionToken(request, made.username, made.password), baseURL!);
  const suspend = await request.post('/sandbox/api/staff', { data: { act: 'suspend', line: made.phone, reason: 'Commercial use: resale of service' } });
  expect(((await suspend.json()) as { data: { state: string } }).data.state).toBe('suspended.byStaff');
  await page.goto('/personal');
  await sharedSwitchTo(page, '繁體中文', 'zh-Hant');
  const notice = page.getByTestId('suspension-by-staff');
  await expect(notice).toContainText('您的門號已被客服暫停服務');
  await expect(notice).toContainText('原因：Commercial use: resale of service');
  // First thing on the page after its title: above the SIM and plan cards.
  const [noticeBox, simBox] = [await notice.boundingBox(), await page.locator('#sim-title').boundingBox()];
  expect(noticeBox!.y).toBeLessThan(simBox!.y);
  expect(await sharedViolations(page), 'axe on /personal, suspended by staff').toEqual([]);

  await request.post('/sandbox/api/staff', { data: { act: 'restore', line: made.phone } });
  await page.reload();
  await expect(page.getByTestId('plan-life')).toHaveAttribute('data-service', 'active');
  await expect(page.getByTestId('suspension-by-staff')).toHaveCount(0);
});
