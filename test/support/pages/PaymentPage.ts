/**
 * Page object of the payment panel (screens/payment/PaymentPanel.tsx) for Playwright. Its verbs are the payment
 * chart's events (machines/payment.machine.ts): chooseMethod (method.choose), typeCard (into the provider's
 * iframe, the customer's keystrokes), typeCardholder (field.change), submit (payment.submit), retry
 * (payment.retry), selectCard (card.select); its checks are the chart's states.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { PayMethod } from '../../../src/contract/personal';
import { textOf, type Lang } from './i18nText';

export interface Card { number: string; exp: string; cvv: string; postalCode: string }

export class PaymentPage {
  constructor(readonly page: Page, readonly lang: Lang = 'en') {}

  t(key: string, values?: Record<string, string | number>) { return textOf(this.lang, key, values); }

  panel() { return this.page.getByTestId('payment'); }

  async state(): Promise<unknown> {
    return JSON.parse((await this.panel().getAttribute('data-state')) ?? 'null');
  }

  async expectIn(path: string) {
    await expect.poll(async () => JSON.stringify(await this.state()), { message: `payment in ${path}` }).toContain(path);
  }

  /** method.choose */
  async chooseMethod(method: PayMethod) {
    await this.panel().getByRole('radio', { name: new RegExp(`^${this.t(`payment:methods.${method}`)}`) }).check();
  }

  /** The provider's card form: an iframe of its own origin; a person types into it. */
  cardFrame() { return this.page.frameLocator('[data-testid="card-form"] iframe'); }

  async expectCardFormReady() { await this.expectIn('"entering"'); }

  async typeCard(card: Card) {
    await this.expectCardFormReady();
    const frame = this.cardFrame();
    await frame.locator('#cardNumber').fill(card.number);
    await frame.locator('#expirationDate').fill(card.exp);
    await frame.locator('#cvv').fill(card.cvv);
    await frame.locator('#postalCode').fill(card.postalCode);
  }

  /** field.change of the cardholder name */
  async typeCardholder(name: string) { await this.panel().locator('[data-field="cardholderName"]').fill(name); }

  async saveCard() { await this.panel().locator('[data-field="saveCard"]').check(); }

  /** payment.submit: pay, or show the WeChat Pay code. */
  async submit() {
    await this.panel().getByRole('button', { name: new RegExp(`^(${[this.t('payment:pay.button', { amount: '.*' }), this.t('payment:wechat.showCode'), this.t('payment:wechat.newCode')].join('|')})$`) }).click();
  }

  /** payment.retry */
  async retry() { await this.panel().getByRole('button', { name: this.t('payment:pay.retry') }).click(); }

  /** The WeChat sandbox "phone" opened from the QR code's link pays (or fails) the code. */
  async payOnSandboxPhone(context: BrowserContext, outcome: 'pay' | 'fail' = 'pay') {
    const link = this.panel().getByRole('link', { name: this.t('payment:wechat.sandboxPhone') });
    await expect(link).toBeVisible();
    const [phone] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await phone.waitForLoadState();
    await phone.getByRole('button', { name: outcome === 'pay' ? /^Pay / : 'Make the payment fail' }).click();
    await expect(phone.getByText(outcome === 'pay' ? 'Payment successful' : 'The payment failed', { exact: false })).toBeVisible();
    await phone.close();
  }
}
