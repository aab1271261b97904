import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { captchaAnswer, messagesTo } from '../../e2e/sandbox';
import { trackingCodeFor, trackingSubjects } from '../../model/trackingOrders';

/**
 * Page object of /tracking for Playwright. Its verbs are the tracking chart's events (machines/tracking.machine.ts):
 * sendCode (code.send), search (search.submit), openModify (modify.open), submitAddress (address.submit),
 * cancelModify (modify.cancel), searchAgain (search.again); `expectState` checks the chart's state on the page.
 * The image code is read the way a person reads it, here through the sandbox's answer for the token shown.
 */
export class TrackingPage {
  private readonly tokens = new Map<string, string>();

  constructor(readonly page: Page, readonly request: APIRequestContext) {
    page.on('response', async (res) => {
      if (!res.url().includes('/gateway/pcapp/createImg') || !res.ok()) return;
      this.tokens.set(await res.text().catch(() => ''), res.headers()['x-image-code-token'] ?? '');
    });
  }

  async open(query: { orderNo?: string; email?: string } = {}) {
    const captcha = this.page.waitForResponse((r) => r.url().includes('/gateway/pcapp/createImg'));
    const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v) as [string, string][]);
    await this.page.goto(`/tracking/search${params.size ? `?${params}` : ''}`);
    await captcha;
  }

  state(): Promise<unknown> {
    return this.page.getByTestId('tracking').getAttribute('data-state').then((s) => JSON.parse(s ?? 'null'));
  }

  /** A state of the chart: 'result', or a partial state value such as { modify: 'editing' }. */
  async expectState(value: string | Record<string, unknown>) {
    if (typeof value === 'string') await expect.poll(() => this.state()).toBe(value);
    else await expect.poll(() => this.state()).toMatchObject(value);
  }

  async typeOrder(orderNo: string, email: string) {
    await this.page.getByLabel('Order number', { exact: true }).fill(orderNo);
    await this.page.getByLabel('Email', { exact: true }).fill(email);
  }

  /** How many code emails for this order had arrived before the last code.send: readCode waits for a newer one. */
  private codesBefore = 0;

  private async codeEmails(email: string, orderNo: string) {
    const subjects = trackingSubjects(orderNo);
    return (await messagesTo(this.request, email)).filter((m) => m.subject && subjects.includes(m.subject));
  }

  /** code.send: the button, then the code as the email says it. */
  async sendCode() {
    const orderNo = await this.page.getByLabel('Order number', { exact: true }).inputValue();
    const email = await this.page.getByLabel('Email', { exact: true }).inputValue();
    this.codesBefore = (await this.codeEmails(email, orderNo.toUpperCase())).length;
    await this.page.getByRole('button', { name: /^(Send code|Resend code)$/ }).click();
    // The wait is said once; the button keeps its name and focus and waits (aria-disabled).
    await expect(this.page.getByRole('status').filter({ hasText: /^You can request a new code in \d+ seconds?\.$/ })).toHaveCount(1);
    await expect(this.page.getByRole('button', { name: 'Resend code', exact: true })).toHaveAttribute('aria-disabled', 'true');
  }

  /** The code of the email sent by the last code.send (the job runner sends it a moment after the request). */
  async readCode(email: string, orderNo: string): Promise<string> {
    let code: string | null = null;
    await expect.poll(async () => {
      const emails = await this.codeEmails(email, orderNo);
      code = emails.length > this.codesBefore ? trackingCodeFor(emails, orderNo) : null;
      return code;
    }, { message: `a new tracking code for ${orderNo}` }).not.toBeNull();
    return code!;
  }

  async enterCode(code: string) {
    await this.page.getByLabel('Email verification code', { exact: true }).fill(code);
  }

  private async shownCaptchaToken(): Promise<string> {
    const image = this.page.getByRole('img', { name: 'Image code to type in' });
    let token: string | undefined;
    await expect.poll(async () => {
      const src = (await image.getAttribute('src').catch(() => null)) ?? '';
      const svg = src.startsWith('data:') ? decodeURIComponent(src.slice(src.indexOf(',') + 1)) : '';
      token = this.tokens.get(svg);
      return token;
    }).toBeTruthy();
    return token!;
  }

  async solveCaptcha() {
    const answer = await captchaAnswer(this.request, await this.shownCaptchaToken());
    await this.page.getByLabel('Image code', { exact: true }).fill(answer);
  }

  /** search.submit */
  async search() {
    await this.page.getByRole('button', { name: 'Track order', exact: true }).click();
  }

  async seeFieldError(label: string, text: string | RegExp) {
    const input = this.page.getByLabel(label, { exact: true });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
    await expect(this.page.locator(`[id="${errorId}"]`)).toContainText(text);
  }

  /** modify.open */
  async openModify() {
    await this.page.getByRole('button', { name: 'Change shipping address', exact: true }).click();
    await expect(this.page).toHaveURL(/\/tracking\/modify$/);
  }

  async fillAddress(a: { address1: string; address2?: string; city: string; state: string; zip: string }) {
    await this.page.getByLabel('Street address', { exact: true }).fill(a.address1);
    await this.page.getByLabel(/^Apartment, suite, unit/).fill(a.address2 ?? '');
    await this.page.getByLabel('City', { exact: true }).fill(a.city);
    await this.page.getByLabel('State', { exact: true }).selectOption(a.state);
    await this.page.getByLabel('ZIP code', { exact: true }).fill(a.zip);
  }

  /** address.submit */
  async submitAddress() {
    await this.page.getByRole('button', { name: 'Save new address', exact: true }).click();
  }

  /** modify.cancel */
  async cancelModify() {
    await this.page.getByRole('button', { name: 'Keep the current address', exact: true }).click();
  }

  /** search.again */
  async searchAgain() {
    await this.page.getByRole('button', { name: 'Track another order', exact: true }).click();
  }

  shipment() {
    return this.page.getByRole('region', { name: 'Shipment' });
  }
}
