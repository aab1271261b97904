import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { captchaAnswer, latestCode } from '../../e2e/sandbox';

/**
 * Page object of /login for Playwright. Its verbs are the login chart's events (machines/login.machine.ts):
 * choosePath, typePhone, solveCaptcha, sendCode, enterCode, submitCode, setPassword, submitPassword.
 * The captcha is solved the way a person would read it, here through the sandbox's answer for its token.
 */
export class LoginPage {
  /** Token of every image code the page received, by its picture: the shown picture tells which token is live. */
  private readonly tokens = new Map<string, string>();

  constructor(readonly page: Page, readonly request: APIRequestContext) {
    page.on('response', async (res) => {
      if (!res.url().includes('/gateway/pcapp/createImg') || !res.ok()) return;
      const token = res.headers()['x-image-code-token'] ?? '';
      // A page that shows an image code (the password reset) may be left before its picture was read: nothing to keep.
      const picture = await res.text().catch(() => null);
      if (picture !== null) this.tokens.set(picture, token);
    });
  }

  private async shownCaptchaToken(): Promise<string> {
    const image = this.page.getByRole('img', { name: 'Image code to type in' });
    // A new picture after a refused or lost send can take seconds on a loaded machine (seen on 2 busy cores: over 5 s).
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const src = (await image.getAttribute('src').catch(() => null)) ?? '';
      const svg = src.startsWith('data:') ? decodeURIComponent(src.slice(src.indexOf(',') + 1)) : '';
      const token = this.tokens.get(svg);
      if (token) return token;
      await this.page.waitForTimeout(50);
    }
    throw new Error('no image code shown');
  }

  async open(path = '/login') {
    const captcha = this.page.waitForResponse((r) => r.url().includes('/gateway/pcapp/createImg'));
    await this.page.goto(path);
    await captcha;
  }

  /** `path.register`, `path.reset`, `path.passwordLogin` of the chart. */
  async choosePath(path: 'register' | 'reset' | 'passwordLogin' | 'smsLogin') {
    // The register and reset paths may show a fresh image code, and its picture must be in before it is read: no image
    // within 2 s is fine. The login tabs keep the current one (the chart's captcha region stays as it is), so they
    // wait for nothing. The wait is handled from the start: on a busy machine the click can take longer than the 2 s,
    // and a wait rejected with nobody listening yet is an unhandled rejection, which fails the test (seen on a
    // clean-clone run).
    const tab = path === 'passwordLogin' || path === 'smsLogin';
    const captcha = tab ? undefined : this.page.waitForResponse((r) => r.url().includes('/gateway/pcapp/createImg'), { timeout: 2_000 }).catch(() => undefined);
    const names = { register: 'Create an account', reset: 'Forgot password?', passwordLogin: 'Password', smsLogin: 'SMS code' } as const;
    await this.page.getByRole(tab ? 'tab' : 'button', { name: names[path], exact: true }).click();
    await captcha;
  }

  async typePhone(phone: string) {
    await this.page.getByLabel('Phone number', { exact: true }).fill(phone);
  }

  /** Types the captcha's answer, or a wrong one. */
  async solveCaptcha(options: { wrong?: boolean } = {}) {
    const token = await this.shownCaptchaToken();
    const answer = await captchaAnswer(this.request, token);
    const typed = options.wrong ? [...answer].map((c) => (c === 'Z' || c === 'z' ? 'Y' : 'Z')).join('') : answer;
    await this.page.getByLabel('Image code', { exact: true }).fill(typed);
  }

  /** Arms a wait for the next captcha image (the chart loads a fresh one after every use). */
  nextCaptcha() {
    return this.page.waitForResponse((r) => r.url().includes('/gateway/pcapp/createImg'));
  }

  async sendCode() {
    await this.page.getByRole('button', { name: 'Send code', exact: true }).click();
  }

  async readCode(phone: string) {
    return latestCode(this.request, phone);
  }

  async enterCode(code: string) {
    await this.page.getByLabel('SMS verification code', { exact: true }).fill(code);
  }

  async submitCode(name: 'Log in' | 'Next' = 'Log in') {
    await this.page.getByRole('button', { name, exact: true }).click();
  }

  async setPassword(password: string) {
    await this.page.getByLabel('New password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm new password', { exact: true }).fill(password);
    await this.solveCaptcha();
  }

  async submitPassword(name: 'Create account' | 'Save new password' | 'Log in') {
    await this.page.getByRole('button', { name, exact: true }).click();
  }

  async loginWithPassword(username: string, password: string) {
    await this.page.getByLabel('Username or phone number', { exact: true }).fill(username);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.solveCaptcha();
    await this.submitPassword('Log in');
  }

  /** The demo customer of the README, by password, landing on /personal. */
  async loginAsDemo() {
    await this.open('/login?redirect=%2Fpersonal');
    await this.choosePath('passwordLogin');
    await this.loginWithPassword('demo', 'Demo@2468');
    await expect(this.page).toHaveURL(/\/personal$/);
  }

  async seeError(text: string | RegExp) {
    await expect(this.page.getByText(text).first()).toBeVisible();
  }
}
