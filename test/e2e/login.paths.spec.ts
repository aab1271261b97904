import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { browserDepth } from './browserDepth';
import { LoginPage } from '../support/pages/LoginPage';
import { advanceClock } from './sandbox';

/**
 * The login chart's browser depth: what the jsdom depth cannot take (machines/index.ts exempts it there, "taken at
 * browser"), taken in Chromium on the real app and gateway.
 * - The resend countdown: the page's clock (Playwright's `page.clock`) runs the minute; the gateway's sandbox clock
 *   moves on with it, so the gateway accepts the resend as it would a minute later.
 * - A resend the network loses (the request aborted), one refused on the page (no image code), one that goes through.
 * - The image code failing to load, then loading again on the customer's refresh.
 * - The ticket that proves the number expiring on its way to checkIsRegistered (the gateway's clock moved past its
 *   10 minutes while the request waits): the number must be proven again.
 * Each step is checked on the page (the chart's state in `data-state`) before the transition it shows is counted.
 * Afterwards the two screen depths together (this file and test/model/login.screens.test.tsx) take every transition.
 */

const depth = browserDepth('login');
const took = depth.took;

const uniquePhone = () => `626${String(2000000 + Math.floor(Math.random() * 7_000_000)).padStart(7, '0')}`;

type Value = { loginPage: { captcha: string; path: Record<string, unknown> } };
const stateOf = async (page: Page): Promise<Value> => JSON.parse((await page.getByTestId('login').getAttribute('data-state')) ?? '{}') as Value;
const resendOf = async (page: Page, path: string): Promise<unknown> =>
  ((await stateOf(page)).loginPage.path[path] as { enteringCode?: { resend?: unknown } } | undefined)?.enteringCode?.resend;

const PURPOSES = [
  { path: 'smsLogin', actor: 'resendLoginCode' },
  { path: 'register', actor: 'resendRegisterCode' },
  { path: 'reset', actor: 'resendResetCode' },
] as const;

test.describe('login chart: the browser depth', () => {
  test.afterAll(() => depth.finish(PURPOSES.length + 1 + 2));

  for (const { path, actor } of PURPOSES) {
    test(`${path}: the resend countdown runs out; a resend lost, one without the image code, one sent`, async ({ page, request }) => {
      await page.clock.install();
      const login = new LoginPage(page, request);
      const phone = uniquePhone();
      await login.open();
      if (path !== 'smsLogin') await login.choosePath(path);
      await login.typePhone(phone);
      await login.solveCaptcha();
      await login.sendCode();
      const base = `login.loginPage.path.${path}.enteringCode.resend`;
      await expect.poll(() => resendOf(page, path)).toEqual({ waiting: 'ticking' });
      const resend = page.getByRole('button', { name: 'Resend code', exact: true });
      await expect(resend).toHaveAttribute('aria-disabled', 'true');

      // The minute runs, second by second, on the page's clock; the gateway's clock follows.
      await advanceClock(request, 61_000);
      await page.clock.runFor(61_000);
      await expect.poll(() => resendOf(page, path)).toBe('ready');
      took(`${base}.waiting.ticking:xstate.after.1000.${base}.waiting.ticking:0`, `${base}.waiting.ticking`);
      took(`${base}.waiting:xstate.after.60000.${base}.waiting:0`, `${base}.ready`);

      // No image code typed (the last one was spent by the first send): refused on the page, nothing sent.
      await page.getByLabel('Image code', { exact: true }).fill('');
      await resend.click();
      await expect(page.getByText('Please enter the image code.')).toBeVisible();
      expect(await resendOf(page, path)).toBe('ready');
      took(`${base}.ready:code.send:1`);

      // The network loses the resend: the page says so and the customer may try again.
      await page.route('**/loginorregist/sendMobileVerificationCode', (route) => route.abort('internetdisconnected'));
      await login.solveCaptcha();
      await resend.click();
      await expect.poll(() => resendOf(page, path)).toBe('ready');
      await expect(page.getByText('Network error. Please check your connection and try again.').first()).toBeVisible();
      took(`${base}.ready:code.send:0`, `${base}.sending`);
      took(`${base}.sending:xstate.error.actor.${actor}:0`, `${base}.ready`);
      await page.unroute('**/loginorregist/sendMobileVerificationCode');

      // Through: a new code is sent and the countdown starts again.
      await login.solveCaptcha();
      await resend.click();
      await expect.poll(() => resendOf(page, path)).toEqual({ waiting: 'ticking' });
      took(`${base}.sending:xstate.done.actor.${actor}:0`, `${base}.waiting`);
      expect((await login.readCode(phone)).length).toBe(6);
    });
  }

  test('the image code fails to load; the customer asks for another, and it shows', async ({ page, request }) => {
    await page.route('**/gateway/pcapp/createImg**', (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await expect.poll(async () => (await stateOf(page)).loginPage.captcha).toBe('failed');
    await expect(page.getByText("We couldn't load the image code. Tap the refresh button to try again.")).toBeVisible();
    took('login.loginPage.captcha.loading:xstate.error.actor.loadCaptcha:0', 'login.loginPage.captcha.failed');

    await page.unroute('**/gateway/pcapp/createImg**');
    const login = new LoginPage(page, request);
    const image = login.nextCaptcha();
    await page.getByRole('button', { name: 'Show a new image code' }).click();
    await image;
    await expect.poll(async () => (await stateOf(page)).loginPage.captcha).toBe('ready');
    took('login.loginPage.captcha.failed:captcha.refresh:0', 'login.loginPage.captcha.loading');
    // The refreshed code works: a code is sent with it.
    const phone = uniquePhone();
    await login.typePhone(phone);
    await login.solveCaptcha();
    await login.sendCode();
    await expect.poll(() => resendOf(page, 'smsLogin')).toEqual({ waiting: 'ticking' });
  });

  for (const path of ['register', 'reset'] as const) {
    test(`${path}: the ticket expires on its way to checkIsRegistered; the number must be proven again`, async ({ page, request }) => {
      const login = new LoginPage(page, request);
      const phone = uniquePhone();
      await login.open();
      await login.choosePath(path);
      await login.typePhone(phone);
      await login.solveCaptcha();
      await login.sendCode();
      await login.enterCode(await login.readCode(phone));
      // The ticket lives 10 minutes: the gateway's clock moves past them while the request waits.
      await page.route('**/loginorregist/checkIsRegistered**', async (route) => {
        await advanceClock(request, 11 * 60_000);
        await route.continue();
      });
      await login.submitCode('Next');
      await expect.poll(async () => (await stateOf(page)).loginPage.path[path]).toBe('enteringPhone');
      await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue(phone);
      const actor = path === 'register' ? 'checkRegisteredForRegister' : 'checkRegisteredForReset';
      took(`login.loginPage.path.${path}.checkingRegistered:xstate.error.actor.${actor}:0`, `login.loginPage.path.${path}.enteringPhone`);
    });
  }
});
