/**
 * The walkthroughs `npm run videos` records (decision 0044): each a customer's task done on the product in the
 * sandbox, step by step, in the customer's language. A step acts on the page, then `shot` takes the picture the step's
 * caption (videos:guides.<guide>.steps.<step>.caption) describes, with the part it speaks of outlined. The step ids
 * here are the manifest's and the captions' (test/unit/videoGuides.test.ts checks that they agree).
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { CheckoutPage, BUYER, CA_ADDRESS } from '../test/support/pages/CheckoutPage';
import { PaymentPage } from '../test/support/pages/PaymentPage';
import { ActivationPage, SEEDED } from '../test/support/pages/ActivationPage';
import { textOf } from '../test/support/pages/i18nText';
import { signIn } from '../test/e2e/sandbox';
import { TEST_CARDS } from '../src/server/adapters/payments/testValues';
import type { GuideLanguage } from '../screens/videos/guides';

export interface Recording {
  page: Page;
  request: APIRequestContext;
  baseURL: string;
  lang: GuideLanguage;
  /** Takes the step's picture; `focus` is outlined and brought into view first. */
  shot(step: string, focus?: Locator): Promise<void>;
  t(key: string, values?: Record<string, string | number>): string;
}

export interface GuideScript {
  id: string;
  /** The step ids in the order they are shown. */
  steps: readonly string[];
  /** Which step's picture is the poster. */
  poster: string;
  record(r: Recording): Promise<void>;
}

/** Waits, longer than the page objects' checks (a busy machine), until the chart state on `testId` satisfies `ok`. */
async function untilState(page: Page, testId: string, ok: (state: string) => boolean, timeout = 60_000) {
  const started = Date.now();
  for (;;) {
    const state = (await page.getByTestId(testId).first().getAttribute('data-state').catch(() => null)) ?? '';
    if (ok(state)) return;
    if (Date.now() - started > timeout) throw new Error(`${testId} never reached the state expected; last: ${state}`);
    await page.waitForTimeout(200);
  }
}

/** A fresh SIM card of the seeded test cards for each language (a card is activated once). */
const SIM_FOR: Record<GuideLanguage, { iccid: string; code: string }> = { en: SEEDED.fresh, 'zh-Hans': SEEDED.fresh2, 'zh-Hant': SEEDED.fresh3 };
/** Names a customer of each language types (each run has a fresh data directory: no name is taken yet). */
const NAMES: Record<GuideLanguage, { first: string; last: string; firstZh: string; lastZh: string }> = {
  en: { first: 'Emily', last: 'Chen', firstZh: '美玲', lastZh: '陈' },
  'zh-Hans': { first: 'Wei', last: 'Zhang', firstZh: '伟', lastZh: '张' },
  'zh-Hant': { first: 'Ya-Ting', last: 'Lin', firstZh: '雅婷', lastZh: '林' },
};

export const GUIDES: readonly GuideScript[] = [
  {
    id: 'buyPlan',
    steps: ['plans', 'planPage', 'details', 'summary', 'card', 'result'],
    poster: 'result',
    async record({ page, lang, shot, t }) {
      const name = NAMES[lang];
      await page.goto('/plans/propagate');
      const card = page.locator('a[href^="/plans/5gb-plan"]').first().locator('xpath=ancestor::*[self::article or self::li][1]');
      await card.waitFor();
      await shot('plans', card);

      await page.goto('/plans/5gb-plan?months=3&simType=esim');
      const buyBox = page.getByRole('complementary', { name: t('plans:detail.buyBox') });
      await buyBox.waitFor();
      await shot('planPage', buyBox);

      const checkout = new CheckoutPage(page, lang);
      await buyBox.getByRole('link').filter({ hasText: t('plans:plan.buy') }).click();
      await page.waitForURL(/\/plans\/bundleForm/);
      await untilState(page, 'checkout', (s) => s.includes('"editing"'));
      const email = `${name.first}.${name.last}@example.com`.toLowerCase();
      await checkout.fillBuyer({ ...BUYER, firstNameEn: name.first, lastNameEn: name.last, firstNameZh: name.firstZh, lastNameZh: name.lastZh, email });
      await checkout.fillAddress('billing', CA_ADDRESS);
      await shot('details', page.getByRole('region', { name: t('checkout:shipping.titleEsim') }));

      await checkout.confirmAll();
      await untilState(page, 'checkout', (s) => s.includes('"quote":"quoted"'));
      await shot('summary', page.getByRole('region', { name: t('checkout:summary.title') }));

      const payment = new PaymentPage(page, lang);
      await checkout.submit();
      await untilState(page, 'payment', (s) => s.includes('"entering"'));
      await payment.typeCard({ ...TEST_CARDS.visa, postalCode: CA_ADDRESS.zip });
      await payment.typeCardholder(`${name.first} ${name.last}`);
      await shot('card', payment.panel());

      await payment.submit();
      await page.waitForURL(/\/plans\/bundleResult\//, { timeout: 60_000 });
      const qr = page.getByRole('img', { name: t('checkout:result.esim.qrAlt', { index: 1 }) });
      await qr.waitFor({ timeout: 60_000 });
      await shot('result', qr.locator('xpath=ancestor::section[1]').or(qr).first());
    },
  },
  {
    id: 'activateSim',
    steps: ['simCard', 'number', 'account', 'wifiCalling', 'settingUp', 'active'],
    poster: 'number',
    async record({ page, lang, shot, t }) {
      const activation = new ActivationPage(page, lang);
      const sim = SIM_FOR[lang];
      await page.goto('/activation/first');
      await activation.field('iccid').waitFor();
      await page.locator('input[name="collected"][value="online"]').check();
      await activation.field('iccid').fill(sim.iccid);
      await activation.field('activationCode').fill(sim.code);
      await shot('simCard', activation.field('iccid').locator('xpath=ancestor::form[1]'));

      await activation.root().getByRole('button', { name: t('activation:first.submit') }).click();
      await page.waitForURL(/\/activation\/second/, { timeout: 30_000 });
      await activation.field('areaCode').waitFor();
      await activation.searchNumbers('626');
      await page.locator('input[name="newNumber"]').first().waitFor({ timeout: 30_000 });
      await activation.pickNumber();
      await shot('number', page.locator('input[name="newNumber"]').first().locator('xpath=ancestor::fieldset[1]'));

      const name = NAMES[lang];
      const user = `${name.first}${name.last}`.toLowerCase().replace(/[^a-z]/g, '');
      await activation.fillPersonal(`${user}@example.com`, { username: user, password: 'Guide2468x' });
      await shot('account', page.getByRole('region', { name: t('activation:account.heading') }));

      await activation.turnOnWifiCalling();
      await shot('wifiCalling', page.getByRole('region', { name: t('activation:wifi.heading') }));

      await activation.submit();
      await activation.expectHeadline('progress', 60_000);
      await shot('settingUp', activation.root().getByText(t('activation:status.headline.progress')));

      await activation.expectHeadline('success', 120_000);
      await shot('active', activation.root().getByText(t('activation:status.headline.success')));
    },
  },
  {
    id: 'topUp',
    steps: ['balances', 'amount', 'payMethod', 'done'],
    poster: 'amount',
    async record({ page, request, baseURL, lang, shot, t }) {
      await signIn(page, request, baseURL, { username: 'demo', password: 'Demo@2468' });
      await page.goto('/personal');
      const general = page.getByTestId('balance-general');
      await general.waitFor({ timeout: 30_000 });
      await shot('balances', general.locator('xpath=ancestor::section[1]'));

      await page.getByRole('link', { name: t('layout:account.topUp') }).first().click();
      await page.waitForURL(/\/personal\/pay\/changeAccount/);
      await page.getByRole('button', { name: '$20' }).click();
      await shot('amount', page.locator('[data-field="amount"]').locator('xpath=ancestor::form[1]'));

      await page.getByRole('button', { name: t('portalMoney:topUp.next') }).click();
      await page.waitForURL(/\/personal\/pay\/confirmPay/);
      const payment = new PaymentPage(page, lang);
      await payment.chooseMethod('default_card');
      await shot('payMethod', payment.panel());

      await payment.submit();
      await page.waitForURL(/\/personal\/pay\/payStatus\//, { timeout: 60_000 });
      const done = page.getByText(t('portalMoney:topUp.paid'));
      await done.waitFor({ timeout: 60_000 });
      await shot('done', done.locator('xpath=..'));
    },
  },
  {
    id: 'phoneCheck',
    steps: ['form', 'compatible', 'noEsim'],
    poster: 'compatible',
    async record({ page, shot, t }) {
      await page.goto('/phone-detection');
      const field = (name: 'brand' | 'model' | 'imei') => page.getByLabel(t(`phoneCheck:form.${name}`), { exact: true });
      await field('brand').fill('Apple');
      await field('model').fill('iPhone 15 Pro');
      await field('imei').fill('354672141234565');
      await shot('form', field('imei').locator('xpath=ancestor::form[1]'));

      await page.getByRole('button', { name: t('phoneCheck:form.submit') }).click();
      const result = page.getByTestId('phone-result');
      await result.waitFor();
      await result.getByText(t('phoneCheck:verdict.fullyCompatible.title')).waitFor();
      await shot('compatible', result);

      await field('model').fill('iPhone 15');
      await field('imei').fill('868012062045113');
      await page.getByRole('button', { name: t('phoneCheck:form.submit') }).click();
      await result.getByText(t('phoneCheck:verdict.partlyCompatible.title')).waitFor();
      await shot('noEsim', result);
    },
  },
];

export const textFor = (lang: GuideLanguage) => (key: string, values?: Record<string, string | number>) => textOf(lang, key, values);
