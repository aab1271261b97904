/**
 * Page object of the checkout (/plans/bundleForm and its result pages) for Playwright. Its verbs are the checkout
 * chart's events (machines/checkout.machine.ts): open (checkout.open), change (field.change), applyCodes
 * (codes.apply), turnAutoRenewOn / acceptAutoRenewTerms / declineAutoRenewTerms / turnAutoRenewOff, submit
 * (order.submit), editOrder (order.edit), repay (payment.repay), newOrder (order.new); its checks are the chart's
 * states. Fields are found by the draft field they edit (`data-field`), buttons by their words in the page's language.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { textOf, type Lang } from './i18nText';

export interface Buyer {
  firstNameEn: string; lastNameEn: string; firstNameZh?: string; lastNameZh?: string; phone: string; email: string; country?: 'US' | 'CN';
}
export interface Address { country?: 'US' | 'CN'; address1: string; address2?: string; city: string; state: string; zip: string }

export const BUYER: Buyer = { firstNameEn: 'Mei', lastNameEn: 'Lin', firstNameZh: '美', lastNameZh: '林', phone: '6265550123', email: 'mei.lin@example.com' };
export const CA_ADDRESS: Address = { country: 'US', address1: '100 Main St', city: 'Alhambra', state: 'CA', zip: '91801' };

export class CheckoutPage {
  constructor(readonly page: Page, readonly lang: Lang = 'en') {}

  t(key: string, values?: Record<string, string | number>) { return textOf(this.lang, key, values); }

  field(name: string): Locator { return this.page.locator(`[data-field="${name}"]`).first(); }

  /** The chart's state as the screen shows it. */
  async state(): Promise<unknown> {
    return JSON.parse((await this.page.getByTestId('checkout').getAttribute('data-state')) ?? 'null');
  }

  async expectState(matcher: (value: unknown) => boolean, what: string) {
    await expect.poll(async () => matcher(await this.state()), { message: `checkout in ${what}` }).toBe(true);
  }

  async expectEditing() {
    await this.expectState((v) => (v as { form?: { submission?: string } })?.form?.submission === 'editing', 'form.submission.editing');
  }

  async useLanguage() {
    if (this.lang === 'en') return;
    await this.page.addInitScript((l) => sessionStorage.setItem('lang', JSON.stringify({ type: 'string', content: l, storage: 'session', timestamp: Date.now() })), this.lang);
  }

  /** checkout.open from a plan page's link. */
  async open(query = 'plan=5gb-plan&months=3&simType=esim&count=1') {
    await this.useLanguage();
    await this.page.goto(`/plans/bundleForm?${query}`);
    await this.expectEditing();
  }

  async change(name: string, value: string | boolean) {
    const el = this.field(name);
    const tag = await el.evaluate((e) => `${e.tagName}:${(e as HTMLInputElement).type}`);
    if (tag.startsWith('SELECT')) await el.selectOption(String(value));
    else if (tag === 'INPUT:checkbox') await el.setChecked(Boolean(value));
    else await el.fill(String(value));
  }

  async chooseRadio(name: string, value: string) {
    await this.page.locator(`input[type=radio][name="${name}"][value="${value}"]`).check();
  }

  async fillBuyer(b: Buyer = BUYER) {
    if (b.country) await this.change('shipping.country', b.country);
    await this.change('shipping.firstNameEn', b.firstNameEn);
    await this.change('shipping.lastNameEn', b.lastNameEn);
    if (b.lastNameZh) await this.change('shipping.lastNameZh', b.lastNameZh);
    if (b.firstNameZh) await this.change('shipping.firstNameZh', b.firstNameZh);
    await this.change('shipping.phone', b.phone);
    await this.change('shipping.email', b.email);
  }

  async fillAddress(part: 'shipping' | 'billing', a: Address = CA_ADDRESS) {
    if (a.country) await this.change(`${part}.country`, a.country);
    await this.change(`${part}.address1`, a.address1);
    if (a.address2) await this.change(`${part}.address2`, a.address2);
    await this.change(`${part}.city`, a.city);
    await this.change(`${part}.state`, a.state);
    await this.change(`${part}.zip`, a.zip);
  }

  async confirmAll(channel = 'friend') {
    await this.change('channel', channel);
    await this.change('termsAccepted', true);
    await this.change('confirmPersonalUse', true);
    await this.change('confirmUsOnly', true);
  }

  /** codes.apply with a discount and/or referral code. */
  async applyCodes(codes: { coupon?: string; referral?: string }) {
    if (codes.coupon !== undefined) await this.change('couponCode', codes.coupon);
    if (codes.referral !== undefined) await this.change('referralCode', codes.referral);
    await this.page.getByRole('button', { name: this.t(codes.coupon !== undefined ? 'checkout:codes.applyCoupon' : 'checkout:codes.applyReferral') }).click();
  }

  async turnAutoRenewOn() { await this.page.getByRole('switch', { name: this.t('checkout:autoRenew.label') }).click(); }
  async acceptAutoRenewTerms() { await this.page.getByRole('dialog').getByRole('button', { name: this.t('checkout:autoRenew.accept') }).click(); }
  async declineAutoRenewTerms() { await this.page.getByRole('dialog').getByRole('button', { name: this.t('checkout:autoRenew.decline') }).click(); }
  async turnAutoRenewOff() { await this.page.getByRole('switch', { name: this.t('checkout:autoRenew.label') }).click(); }

  /** order.submit */
  async submit() { await this.page.getByRole('button', { name: this.t('checkout:confirm.placeOrder') }).click(); }

  /** The summary's total once the gateway's quote is shown. */
  async summaryTotal(): Promise<string> {
    await this.expectState((v) => (v as { form?: { quote?: string } })?.form?.quote === 'quoted', 'form.quote.quoted');
    const summary = this.page.getByRole('region', { name: this.t('checkout:summary.title') });
    return (await summary.locator('dl > div').last().locator('dd').textContent()) ?? '';
  }

  async expectFieldError(name: string, message: string) {
    const el = this.field(name);
    await expect(el).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await el.getAttribute('aria-describedby')) ?? '';
    const ids = describedBy.split(' ').filter(Boolean);
    const texts = await Promise.all(ids.map((id) => this.page.locator(`[id="${id}"]`).textContent()));
    expect(texts.join(' ')).toContain(message);
  }

  async expectPaying() { await this.expectState((v) => v === 'paying' || (typeof v === 'object' && v !== null && 'paying' in v), 'paying'); }

  /** order.edit */
  async editOrder() { await this.page.getByRole('button', { name: this.t('checkout:review.edit') }).click(); }
  /** payment.repay */
  async repay() { await this.page.getByRole('button', { name: this.t('errors:other.repay') }).click(); }
  async viewMore() { await this.page.getByRole('button', { name: this.t('errors:other.viewMore') }).click(); }
  /** order.new */
  async newOrder() { await this.page.getByRole('button', { name: this.t('checkout:result.buyAgain') }).click(); }

  async expectResult(orderNo?: string) {
    await expect(this.page).toHaveURL(orderNo ? new RegExp(`/plans/bundleResult/${orderNo}$`) : /\/plans\/bundleResult\/[^/?]+$/);
    await expect(this.page.getByRole('heading', { level: 1, name: this.t('checkout:result.title') })).toBeVisible();
  }

  orderNoFromUrl(): string {
    return decodeURIComponent(new URL(this.page.url()).pathname.split('/').pop() ?? '');
  }
}
