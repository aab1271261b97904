import { expect, test } from './fixtures';
import { seriousViolations } from './checks';
import { ActivationPage } from '../support/pages/ActivationPage';
import type { Lang } from '../support/pages/i18nText';
import { englishLeftovers } from './i18n-check';
import { boughtEsim } from './sandbox';

/**
 * Issue 12, section 5 "What a new customer hit", in Chromium in the three languages: a wrong activation code said once
 * with the tries left (the step indicator stays in view), a port-in the carrier refuses for its PIN corrected with the
 * PIN alone (the account number kept), and the terms and privacy pages. The checkout's parts (the state list in
 * Chinese, the cardholder name, the payment-failed page, the paid time in Pacific time, the terms links opening in a
 * new tab) are in checkoutA11y.spec.ts, which walks the checkout in the three languages.
 */

/**
 * Each journey in English and one Chinese: the two Chinese take turns across the specs, and every Chinese resource is
 * read for English leftovers by test/unit/i18n.test.ts (decision 0049).
 */
const WITH_SIMPLIFIED: Lang[] = ['en', 'zh-Hans'];
const WITH_TRADITIONAL: Lang[] = ['en', 'zh-Hant'];

/** Seeded cards whose code nothing else gets wrong (a right code elsewhere clears their count): one per language. */
const WRONG_CODE_CARDS: Partial<Record<Lang, string>> = { en: '8901260010000000047', 'zh-Hans': '8901260010000000096' };

test.describe('a wrong activation code', () => {
  for (const lang of WITH_SIMPLIFIED) {
    test(`is said once, in the dialog, with the tries left, and the steps stay in view (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 760 });
      const activation = new ActivationPage(page, lang);
      await activation.open();
      const steps = page.getByRole('list', { name: activation.t('activation:steps.label') });
      for (const left of [4, 3]) {
        await activation.checkSim({ iccid: WRONG_CODE_CARDS[lang]!, code: '000001' });
        const dialog = page.getByRole('dialog');
        const said = activation.t(`activation:first.wrongCode_${left === 1 ? 'one' : 'other'}`, { count: left, minutes: 15 });
        await expect(dialog).toContainText(said);
        // Once: nothing under the form says it again.
        await expect(page.getByText(said)).toHaveCount(1);
        await expect(activation.root().getByText(activation.t('activation:advice.120019'))).toHaveCount(0);
        expect(await seriousViolations(page), 'dialog').toEqual([]);
        await dialog.getByRole('button', { name: activation.t('activation:first.dialogOk') }).click();
        await expect(dialog).toHaveCount(0);
        await expect(activation.field('activationCode')).toBeFocused();
        await expect(activation.field('activationCode')).toHaveValue('000001');
        await expect(steps).toBeInViewport();
      }
      if (lang !== 'en') expect(await englishLeftovers(page), 'step 1').toEqual([]);
    });
  }
});

test.describe('a port-in the carrier refuses for its PIN', () => {
  for (const lang of ['zh-Hans'] as const) {
    test(`is corrected with the PIN alone: the account number is kept, and step 3 shows the transfer once it is done (${lang})`, async ({ page, request, baseURL }) => {
      test.setTimeout(240_000);
      const card = await boughtEsim(request, baseURL!);
      const activation = new ActivationPage(page, lang);
      await activation.open();
      await activation.checkSim(card);
      await expect(page).toHaveURL(/\/activation\/second$/);
      const stamp = `${lang.replace('-', '')}${Date.now().toString(36)}`;
      await activation.choosePortIn({ carrier: 'T-Mobile', msisdn: `626555${String(Date.now() % 9000 + 1000)}`, accountNumber: '123456789', pin: '0000', accountZip: '91801' });
      await activation.fillPersonal(`port.${stamp}@example.com`, { username: `p${stamp}`, password: 'Activate1x' });
      await activation.submit();
      await expect(page).toHaveURL(/\/activation\/third$/);
      await activation.expectHeadline('attention', 90_000);
      await expect(activation.root()).toContainText(activation.t('activation:status.reason.pin'));
      // The details come back filled in, but for the account number and PIN: they are never sent back, and are kept.
      await expect(activation.field('port.carrier')).toHaveValue('T-Mobile');
      await expect(activation.field('port.accountNumber')).toHaveValue('');
      await expect(activation.root()).toContainText(activation.t('activation:port.keptAccountNumber', { last2: '89' }));
      expect(await seriousViolations(page), 'correction').toEqual([]);
      expect(await englishLeftovers(page), 'correction').toEqual([]);
      await activation.correctPortIn({ pin: '1234' });
      await expect(activation.root()).toContainText(activation.t('activation:notice.portCorrected'));
      await activation.expectHeadline('success', 90_000);
      await expect(activation.root()).toContainText(activation.t('activation:status.port.completed'));
    });
  }
});

test.describe('the terms of service and the privacy policy', () => {
  for (const lang of WITH_TRADITIONAL) {
    test(`read in ${lang}: a table of contents to every section, no English left, axe clean; the footer reaches both`, async ({ page }) => {
      const activation = new ActivationPage(page, lang);
      await activation.useLanguage();
      await page.goto('/');
      for (const [doc, link] of [['terms', 'layout:footer.terms'], ['privacy', 'layout:footer.privacy']] as const) {
        await page.getByRole('contentinfo').getByRole('link', { name: activation.t(link), exact: true }).click();
        await expect(page).toHaveURL(doc === 'privacy' ? /\/serviceTerms\/serviceClause\?isPolicy=2$/ : /\/serviceTerms\/serviceClause$/);
        const article = page.getByRole('article');
        await expect(article.getByRole('heading', { level: 1 })).toHaveText(activation.t(`legal:${doc}.title`));
        await expect(page).toHaveTitle(new RegExp(`^${activation.t(`meta:${doc}.title`)} \\| `));
        const toc = page.getByRole('navigation', { name: activation.t('legal:toc') });
        const entries = toc.getByRole('link');
        expect(await entries.count()).toBeGreaterThan(8);
        // Each entry leads to its section's heading.
        const last = entries.last();
        const target = (await last.getAttribute('href'))!;
        await last.click();
        await expect(page.locator(target).getByRole('heading', { level: 2 })).toBeInViewport();
        expect(await seriousViolations(page), doc).toEqual([]);
        if (lang !== 'en') expect(await englishLeftovers(page), `${doc} in ${lang}`).toEqual([]);
      }
      await expect(page.getByRole('article')).toContainText(activation.t('legal:privacy.s.cpni.title'));
    });
  }

  test('a link to a section opens at it, and /serviceTerms goes to the terms', async ({ page }) => {
    await page.goto('/serviceTerms/serviceClause#refunds');
    await expect(page.locator('#refunds').getByRole('heading', { level: 2 })).toBeInViewport();
    await page.goto('/serviceTerms');
    await expect(page).toHaveURL(/\/serviceTerms\/serviceClause$/);
    await page.goto('/serviceTerms?isPolicy=2');
    await expect(page).toHaveURL(/\/serviceTerms\/serviceClause\?isPolicy=2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  });
});
