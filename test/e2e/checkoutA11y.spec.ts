import { expect, test, type Page } from './fixtures';
import { seriousViolations } from './checks';
import { CheckoutPage, BUYER, CA_ADDRESS } from '../support/pages/CheckoutPage';
import { PaymentPage } from '../support/pages/PaymentPage';
import type { Lang } from '../support/pages/i18nText';
import { TEST_CARDS } from '../../src/server/adapters/payments/testValues';
import { englishLeftovers } from './i18n-check';

/**
 * axe-core finds no serious or critical violation on the form (with its errors), payment and result pages, in each
 * language; in Chinese no English is left on them (test/e2e/i18n-check.ts: brand and technical names it allows,
 * and what the page marks translate="no": order numbers, what the buyer typed).
 */

/** Nothing in English on a page shown in Chinese (English pages have nothing to check). */
async function expectNoEnglish(page: Page, lang: Lang, where: string) {
  if (lang === 'en') return;
  expect(await englishLeftovers(page), `English left on the ${where} page in ${lang}`).toEqual([]);
}

/**
 * English and simplified Chinese; traditional Chinese fills the same form and payment on the dealer card's plan purchase
 * (activationPlan.spec.ts), and test/unit/i18n.test.ts reads every Chinese resource (decision 0049).
 */
const LANGS: { lang: Lang; html: string }[] = [{ lang: 'en', html: 'en' }, { lang: 'zh-Hans', html: 'zh-Hans' }];

test.describe('checkout accessibility (axe-core: no serious or critical violation)', () => {
  for (const { lang, html } of LANGS) {
    test(`form, payment, payment failed and result pages in ${lang}`, async ({ page }) => {
      // Eight pages and states, each scanned by axe-core and read for English: longer than one page's journey.
      test.slow();
      const checkout = new CheckoutPage(page, lang);
      const payment = new PaymentPage(page, lang);
      await checkout.open('plan=5gb-plan&months=3&simType=physical');
      await expect(page.locator('html')).toHaveAttribute('lang', html);
      await checkout.summaryTotal();
      expect(await seriousViolations(page), 'form').toEqual([]);
      await expectNoEnglish(page, lang, 'form');

      await checkout.submit();
      await checkout.expectFieldError('shipping.firstNameEn', checkout.t('validation:nameEn.required'));
      expect(await seriousViolations(page), 'form with errors').toEqual([]);
      await expectNoEnglish(page, lang, 'form with errors');

      await checkout.turnAutoRenewOn();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page), 'auto-renewal terms').toEqual([]);
      await checkout.acceptAutoRenewTerms();

      // The state list is in the reader's language (issue 12: it was in English on the Chinese pages).
      await expect(page.locator('[data-field="shipping.state"] option[value="CA"]'))
        .toHaveText(checkout.t('common:address.stateOption', { name: checkout.t('usStates:CA'), code: 'CA' }));
      await checkout.fillBuyer({ ...BUYER, email: `a11y.${lang}.${Date.now()}@example.com` });
      await checkout.fillAddress('shipping', CA_ADDRESS);

      // The terms and the privacy policy open in a new tab, in the customer's language; the form keeps what was typed.
      for (const [doc, name] of [['terms', 'service'], ['privacy', 'privacy']] as const) {
        const link = page.locator('label').getByRole('link').filter({ hasText: doc === 'terms' ? /terms|条款|條款/ : /privacy|隐私|隱私/ });
        await expect(link).toHaveAttribute('target', '_blank');
        const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
        await tab.waitForLoadState();
        await expect(tab.locator('html')).toHaveAttribute('lang', html);
        await expect(tab.getByRole('heading', { level: 1 })).toHaveText(checkout.t(`legal:${doc}.title`));
        expect(await seriousViolations(tab), `${name} page`).toEqual([]);
        await expectNoEnglish(tab, lang, `${name} (new tab)`);
        await tab.close();
      }
      await expect(page.locator('[data-field="shipping.firstNameEn"]')).toHaveValue(BUYER.firstNameEn);
      await checkout.confirmAll();
      await checkout.submit();
      await checkout.expectPaying();
      await payment.expectCardFormReady();
      expect(await seriousViolations(page), 'payment').toEqual([]);
      await expectNoEnglish(page, lang, 'payment');

      await payment.typeCard({ ...TEST_CARDS.declined, postalCode: CA_ADDRESS.zip });
      // The cardholder name starts with the name typed in the form (issue 12).
      await expect(payment.panel().locator('[data-field="cardholderName"]')).toHaveValue(`${BUYER.firstNameEn} ${BUYER.lastNameEn}`);
      const review = page.getByRole('region', { name: checkout.t('checkout:review.title') });
      const amount = (await review.locator('dl > div').last().locator('dd').textContent()) ?? '';
      expect(amount).toMatch(/\d/);
      await payment.submit();
      await expect(page).toHaveURL(/\/plans\/bundleResultError\?/);
      // The order number and the amount first; support is told of the order number and email, not of an ICCID.
      const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
      await expect(page.getByTestId('failed-order')).toContainText(orderNo);
      await expect(page.getByTestId('failed-order')).toContainText(amount);
      await expect(page.getByTestId('failed-contact')).toContainText(orderNo);
      await expect(page.getByTestId('payment-failed')).not.toContainText('ICCID');
      await checkout.viewMore();
      expect(await seriousViolations(page), 'payment failed').toEqual([]);
      await expectNoEnglish(page, lang, 'payment failed');

      await checkout.repay();
      await checkout.expectPaying();
      await payment.chooseMethod('wechat_pay');
      await payment.submit();
      await payment.expectIn('awaitingScan');
      await expect(payment.panel().getByRole('img')).toBeVisible();
      expect(await seriousViolations(page), 'WeChat Pay code').toEqual([]);
      await expectNoEnglish(page, lang, 'WeChat Pay code');

      await payment.chooseMethod('bank_card');
      await payment.typeCard({ ...TEST_CARDS.visa, postalCode: CA_ADDRESS.zip });
      await payment.typeCardholder('Mei Lin');
      await payment.submit();
      await checkout.expectResult();
      // When it was paid, in Pacific time with the zone named as the emails write it (issue 12).
      const paidAt = page.locator('dt', { hasText: checkout.t('checkout:result.info.paidAt') }).locator('xpath=following-sibling::dd[1]');
      await expect(paidAt).toHaveText(new RegExp(`${checkout.t('common:pacificTime', { time: '' }).replace(/[()（）]/g, '\\$&')}$`));
      expect(await seriousViolations(page), 'result').toEqual([]);
      await expectNoEnglish(page, lang, 'result');
    });
  }
});
