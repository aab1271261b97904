/**
 * Auto-renewal on the server's clock (issue 15) as a customer lives it: /personal/autosubscription/subscription
 * in three languages (axe-core clean, no English left in Chinese), auto-renewal opened with the terms, the clock moved
 * past the plan's expiry, the renewal in the bills (/mybill) and the new expiry on /personal; and a line suspended by
 * customer service (spec section 1) as its customer sees it.
 */
import { expect, test, type Page } from './fixtures';
import { englishLeftovers } from './i18n-check';
import { advanceClock, saveCard, testLine } from './sandbox';
import { seriousViolations, switchTo } from './checks';
import { addSessionCookies, sessionToken } from './session';

const LANGS = [
  { code: 'en', button: 'English' },
  { code: 'zh-Hans', button: '简体中文' },
  { code: 'zh-Hant', button: '繁體中文' },
] as const;

interface Life { autoRenewal?: { state: string; expiresAt: string | null; maintenance: boolean; maintenanceEndsAt: string | null } }
const planLife = async (page: Page): Promise<Life> =>
  ((await (await page.request.post('/gateway/pcapp/api/v1/personalcenter/planLife', { headers: { CHANNEL: 'eshop' } })).json()) as { data: Life }).data;

test('open auto-renewal, move the clock past expiry, see the renewal in bills and the new expiry', async ({ page, request, baseURL }) => {
  // Three languages with axe, two sessions and the jobs of two days of clock.
  test.setTimeout(180_000);
  // A customer of its own, with a saved card and a plan that ends in two days: its renewal is charged at 0:00 Pacific
  // the day before, always ahead of now, and the clock moves two days, not a month, on this worker's gateway.
  const line = await testLine(request, { endsInHours: 48 });
  const logIn = async () => {
    const token = await sessionToken(request, line.username, line.password);
    await addSessionCookies(page, token, baseURL!);
    return token;
  };
  await saveCard(request, baseURL!, await logIn());
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
  expect(before.autoRenewal!.state).toBe('notOpen');
  await page.getByRole('button', { name: 'Turn on auto-renewal' }).click();
  await expect(page.getByText('Please read and accept the auto-renewal terms first.').first()).toBeVisible();
  await page.getByLabel('I have read and accept the auto-renewal terms.').check();
  await page.getByRole('button', { name: 'Turn on auto-renewal' }).click();
  await expect(page.getByTestId('renewal-state')).toHaveText(/^On, paid by card/);
  const expiresAt = Date.parse(before.autoRenewal!.expiresAt!);

  // Past the expiry: the renewal ran the night before, and the plan now ends 30 days later.
  const now = Date.parse(((await (await request.post('/sandbox/api/clock/advance', { data: { ms: 1 } })).json()) as { data: { now: string } }).data.now);
  await advanceClock(request, expiresAt - now + 3_600_000);
  // Sessions last less than the time moved: log in again, as the customer would.
  await logIn();
  await page.goto('/personal');
  await expect.poll(async () => Date.parse((await planLife(page)).autoRenewal?.expiresAt ?? '0'), { timeout: 20_000 }).toBe(expiresAt + 30 * 86_400_000);
  await page.reload();
  await expect(page.getByTestId('home-renewal-state')).toHaveText(/^On, paid/);
  await expect(page.getByTestId('home-expires')).toBeVisible();
  await page.goto('/mybill');
  await expect(page.getByRole('cell', { name: /^Plan renewal/ }).first()).toBeVisible();
});

test('a line suspended by customer service: /personal says so first, with the reason, in the customer\'s language; lifted, it is gone', async ({ page, request, baseURL }) => {
  const made = await testLine(request);
  await addSessionCookies(page, await sessionToken(request, made.username, made.password), baseURL!);
  const suspend = await request.post('/sandbox/api/staff', { data: { act: 'suspend', line: made.phone, reason: 'Commercial use: resale of service' } });
  expect(((await suspend.json()) as { data: { state: string } }).data.state).toBe('suspended.byStaff');
  await page.goto('/personal');
  await switchTo(page, '繁體中文', 'zh-Hant');
  const notice = page.getByTestId('suspension-by-staff');
  await expect(notice).toContainText('您的門號已被客服暫停服務');
  await expect(notice).toContainText('原因：Commercial use: resale of service');
  // First thing on the page after its title: above the SIM and plan cards.
  const [noticeBox, simBox] = [await notice.boundingBox(), await page.locator('#sim-title').boundingBox()];
  expect(noticeBox!.y).toBeLessThan(simBox!.y);
  expect(await seriousViolations(page), 'axe on /personal, suspended by staff').toEqual([]);

  await request.post('/sandbox/api/staff', { data: { act: 'restore', line: made.phone } });
  await page.reload();
  await expect(page.getByTestId('plan-life')).toHaveAttribute('data-service', 'active');
  await expect(page.getByTestId('suspension-by-staff')).toHaveCount(0);
});
