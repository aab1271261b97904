/**
 * Page object of the line-order pages (screens/business, issue 15) for Playwright. Its verbs are the line-order
 * charts' events (machines/lineOrder.machine.ts): chooseOffer (offer.choose), chooseMonths (months.choose), acceptTerms
 * (terms.toggle), submit (lineOrder.submit), again (lineOrder.again); payment goes through PaymentPage.
 */
import { expect, type Page } from '@playwright/test';
import { PaymentPage } from './PaymentPage';
import { textOf, type Lang } from './i18nText';

export class LineOrderPage {
  readonly payment: PaymentPage;
  constructor(readonly page: Page, readonly lang: Lang = 'en') { this.payment = new PaymentPage(page, lang); }

  t(key: string, values?: Record<string, string | number>) { return textOf(this.lang, key, values); }

  async state(): Promise<string> { return (await this.page.getByTestId('line-order').getAttribute('data-state')) ?? ''; }

  async expectIn(state: string) {
    await expect.poll(() => this.state(), { message: `line order in ${state}` }).toContain(state);
  }

  /** offer.choose: the Choose button of the offer whose card names `title`. */
  async chooseOffer(title: string) {
    const card = this.page.getByTestId('line-offer').filter({ hasText: title }).first();
    await card.getByRole('button').click();
    await this.expectIn('confirming');
  }

  async chooseMonths(months: number) {
    const label = months === 1 ? this.t('business:months_one', { count: 1 }) : this.t('business:months_other', { count: months });
    await this.page.getByRole('radio', { name: label }).check();
  }

  async acceptTerms() { await this.page.locator('[data-field="terms"]').check(); }

  /** lineOrder.submit, whatever the form's rules answer. */
  async clickSubmit() { await this.page.getByRole('button', { name: this.t('business:submit') }).click(); }

  /** lineOrder.submit of a valid form: the order is created and paid next. */
  async submit() {
    await this.clickSubmit();
    await this.expectIn('paying');
  }

  /** The payment chart pays from the General account. */
  async payFromBalance() {
    await this.payment.chooseMethod('account');
    await this.payment.submit();
    await this.expectIn('"paid"');
  }

  async again() { await this.page.getByRole('button', { name: this.t('business:again') }).click(); }
}
