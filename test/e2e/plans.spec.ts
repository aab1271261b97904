import { expect, test, type Page } from './fixtures';
import { seriousViolations } from './checks';
import { PlansPage } from '../support/pages/PlansPage';
import { englishLeftovers } from './i18n-check';
import { GLOBAL_REGIONS } from '../../src/server/db/catalogue';

/** The seeded catalogue's distinct destinations: the one count every page says. */
const DESTINATIONS = new Set(GLOBAL_REGIONS.flatMap((r) => r.destinations)).size;

/**
 * The plan pages in the browser (spec sections 1 and 2): the US plans with their inclusions, months and SIM type with
 * the prices they make, the buy links to the checkout, the global data SIM in Chinese, the plan detail pages with the
 * 500MB metadata variants, and the eSIM page.
 */

/** The catalogue id of a plan, as the checkout's plan select holds it. */
async function planIdOf(page: Page, slug: string): Promise<number> {
  const res = await page.request.post('/gateway/pcapp/api/v1/order/bundleList', { data: {} });
  const body = (await res.json()) as { data: { plans: { id: number; slug: string }[] } };
  return body.data.plans.find((p) => p.slug === slug)!.id;
}

test.describe('US plans (/plans/propagate)', () => {
  test('five plans with the inclusions of spec section 1; the 500MB plan has 500 minutes and no promotions', async ({ page }) => {
    const plans = new PlansPage(page);
    await plans.open('/plans');
    await expect(page).toHaveURL(/\/plans\/propagate$/);
    for (const slug of ['500mb-plan', '2gb-plan', '5gb-plan', '15gb-plan', 'unlimited-plan']) await expect(plans.plan(slug)).toBeVisible();
    const fiveGb = plans.plan('5gb-plan');
    for (const text of ['Unlimited basic data at 128 kbps after your high-speed data is used', 'Unlimited US calls',
      'Unlimited calls to landlines in mainland China, Hong Kong, Macau and Taiwan', 'Free global texting', 'Free Wi-Fi calling', 'Free hotspot']) {
      await expect(fiveGb.getByText(text, { exact: true })).toBeVisible();
    }
    const small = plans.plan('500mb-plan');
    await expect(small.getByText('500 minutes of US calls', { exact: true })).toBeVisible();
    await expect(small.getByText('Unlimited US calls', { exact: true })).toHaveCount(0);
    await expect(small).toContainText('excluded from discount and referral promotions');
    await expect(plans.perMonth('500mb-plan')).toHaveText('$10.00');
  });

  test('months and SIM type change the prices and the buy link, which lands on the checkout with the choice', async ({ page }) => {
    const plans = new PlansPage(page);
    await plans.open('/plans/propagate');
    await expect(plans.perMonth('5gb-plan')).toHaveText('$25.00');
    await expect(plans.total('5gb-plan')).toHaveCount(0);

    await plans.chooseMonths(3);
    await expect(plans.perMonth('5gb-plan')).toHaveText('$23.25');
    await expect(plans.total('5gb-plan')).toHaveText('$69.75 in total for 3 months');
    await expect(plans.plan('5gb-plan')).toContainText('You save $5.25 (7%)');
    // The 500MB plan is excluded from promotions: the full monthly price every month.
    await expect(plans.perMonth('500mb-plan')).toHaveText('$10.00');
    await expect(plans.total('500mb-plan')).toHaveText('$30.00 in total for 3 months');

    await plans.chooseMonths(12);
    await expect(plans.perMonth('unlimited-plan')).toHaveText('$36.00');
    await expect(plans.total('unlimited-plan')).toHaveText('$432.00 in total for 12 months');

    await plans.chooseMonths(3);
    await plans.chooseSimType('esim');
    await expect(plans.buyLink('5gb-plan')).toHaveAttribute('href', '/plans/bundleForm?plan=5gb-plan&months=3&simType=esim');
    // The choice is in the URL: a reload keeps it.
    await page.reload();
    await expect(plans.perMonth('5gb-plan')).toHaveText('$23.25');
    await expect(page.getByRole('radio', { name: /^eSIM/ })).toBeChecked();

    await plans.buyLink('5gb-plan').click();
    await expect(page).toHaveURL(/\/plans\/bundleForm\?plan=5gb-plan&months=3&simType=esim$/);
    // The checkout form starts from the choice.
    await expect(page.getByLabel('Plan', { exact: true })).toHaveValue(String(await planIdOf(page, '5gb-plan')));
    await expect(page.getByRole('radio', { name: /^3 months/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /^eSIM/ })).toBeChecked();
  });

  test('the home page plan cards open the plan detail pages', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Choose the 15GB plan' }).click();
    await expect(page).toHaveURL(/\/plans\/15gb-plan$/);
    await expect(page.getByRole('heading', { name: '15GB plan', level: 1 })).toBeVisible();
  });
});

test.describe('plan detail (/plans/{slug})', () => {
  test('price by months, SIM or eSIM and the buy link; unknown slugs go to /404', async ({ page }) => {
    const plans = new PlansPage(page);
    await plans.open('/plans/5gb-plan?months=6');
    await expect(page.getByRole('heading', { name: '5GB plan', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Price by number of months' });
    await expect(table.getByRole('row', { name: /^12 months/ })).toContainText('$20.00');
    await expect(table.getByRole('row', { name: /^12 months/ })).toContainText('$240.00');
    await plans.chooseSimType('esim');
    await expect(page.getByRole('link', { name: 'Buy the 5GB plan, eSIM, 6 months' })).toHaveAttribute('href', '/plans/bundleForm?plan=5gb-plan&months=6&simType=esim');
    expect((await plans.meta()).title).toBe('5GB plan: price and what is included | LinkBridge Mobile');

    await page.goto('/plans/10tb-plan');
    await expect(page).toHaveURL(/\/404$/);
    await page.goto('/plans/5gb');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('/plans/500mb-plan?id=1..5 selects the page metadata; any other id the default', async ({ page }) => {
    const plans = new PlansPage(page);
    const titles = new Set<string>();
    for (const id of [1, 2, 3, 4, 5]) {
      await plans.open(`/plans/500mb-plan?id=${id}`);
      const meta = await plans.meta();
      expect(meta.title).toMatch(/ \| LinkBridge Mobile$/);
      expect(meta.description.length).toBeGreaterThan(40);
      titles.add(meta.title);
    }
    expect(titles.size).toBe(5);
    await plans.open('/plans/500mb-plan?id=1');
    expect((await plans.meta()).title).toBe('$10 phone plan for international students | LinkBridge Mobile');
    // The titles' texts load with a language switch (the page keeps the server's title until then): the title follows.
    await plans.switchLanguage('简体中文', 'zh-Hans');
    await expect(page).toHaveTitle('留学生 10 美元手机套餐 | 联桥移动');
    await plans.switchLanguage('English', 'en');
    await expect(page).toHaveTitle('$10 phone plan for international students | LinkBridge Mobile');
    for (const other of ['?id=6', '?id=0', '?id=x', '']) {
      await plans.open(`/plans/500mb-plan${other}`);
      await expect(page, other).toHaveTitle('500MB plan: price and what is included | LinkBridge Mobile');
    }
  });
});

test.describe('global data SIM (/plans/global)', () => {
  test('data only, four regions, destinations named in Chinese, a pack links to the checkout', async ({ page }) => {
    const plans = new PlansPage(page);
    await plans.open('/plans/global');
    await expect(page.getByText('It is data only: no calls and no texts', { exact: false })).toBeVisible();
    // One count, the catalogue's, as the home page says it (issue 12: the home page said 59, this page 57+).
    await expect(page.getByTestId('destination-count')).toHaveText(`${DESTINATIONS} destinations in 4 regions`);

    await plans.switchLanguage('简体中文', 'zh-Hans');
    await expect(page.getByTestId('destination-count')).toHaveText(`覆盖 4 大区域、${DESTINATIONS} 个国家和地区`);
    await page.goto('/');
    await expect(page.getByTestId('destination-count')).toHaveText(`覆盖 ${DESTINATIONS} 个国家和地区`);
    await page.goto('/plans/global');
    const asia = page.getByRole('region', { name: '亚洲' });
    await expect(asia.getByRole('list', { name: '亚洲覆盖的国家和地区' })).toContainText('日本');
    await expect(page.getByRole('region', { name: '欧洲' })).toContainText('德国');
    await expect(page.getByRole('region', { name: '澳大利亚和新西兰' })).toContainText('新西兰');

    await page.getByLabel('您要去哪里？').fill('日本');
    await expect(page.getByRole('list', { name: '匹配的国家和地区' })).toContainText('见亚洲流量包');
    await page.getByLabel('您要去哪里？').fill('japan');
    await expect(page.getByRole('list', { name: '匹配的国家和地区' })).toContainText('日本');

    await plans.switchLanguage('繁體中文', 'zh-Hant');
    await expect(page.getByRole('region', { name: '澳洲及紐西蘭' })).toContainText('紐西蘭');

    await plans.switchLanguage('English', 'en');
    await plans.chooseSimType('esim');
    const buy = page.getByRole('region', { name: 'Asia' }).getByRole('link', { name: /^Buy 1 GB for 7 days in Asia, eSIM$/ });
    await expect(buy).toHaveAttribute('href', /^\/plans\/bundleForm\?pack=\d+&simType=esim$/);
  });
});

test.describe('eSIM (/esim)', () => {
  test('how it arrives, the China-made phone rule, what to check, and the plans as eSIM', async ({ page }) => {
    const plans = new PlansPage(page);
    await plans.open('/esim');
    await expect(page).toHaveURL(/\/esim\/cardPurchase\/index$/);
    await expect(page.getByText('It usually arrives in about 5 minutes.', { exact: false })).toBeVisible();
    await expect(page.getByText('The QR code is valid for 30 days.', { exact: false })).toBeVisible();
    await expect(page.getByText('A phone made for mainland China cannot use eSIM', { exact: false })).toBeVisible();
    // The phone check (/phone-detection, issue 18) is served: the page links to it, and still lists what to check.
    await expect(page.getByRole('main').getByRole('link', { name: 'Check my phone' })).toHaveAttribute('href', '/phone-detection');
    await expect(page.getByText('It is carrier-unlocked', { exact: false })).toBeVisible();
    await expect(page.getByRole('radio', { name: /^eSIM/ })).toHaveCount(0);
    await plans.chooseMonths(6);
    await expect(plans.buyLink('2gb-plan')).toHaveAttribute('href', '/plans/bundleForm?plan=2gb-plan&months=6&simType=esim');
  });
});

test.describe('plan pages accessibility (axe-core: no serious or critical violation)', () => {
  const LANGS = [['zh-Hans', '简体中文'], ['zh-Hant', '繁體中文'], ['en', 'English']] as const;
  for (const path of ['/plans/propagate', '/plans/global', '/plans/5gb-plan', '/plans/500mb-plan?id=2', '/esim/cardPurchase/index']) {
    test(`${path} in English, simplified and traditional Chinese`, async ({ page }) => {
      const plans = new PlansPage(page);
      await plans.open(path);
      for (const [lang, button] of LANGS) {
        await plans.switchLanguage(button, lang);
        expect(await seriousViolations(page), `${path} in ${lang}`).toEqual([]);
      }
    });
  }
});

test.describe('plan pages in Chinese', () => {
  /** Names of apps and phones the pages cite as they are written everywhere (iPhone model suffix CH/A included). */
  const PRODUCT_NAMES = new Set(['WhatsApp', 'FaceTime', 'LINE', 'XS', 'Galaxy', 'CH']);
  for (const path of ['/plans/propagate?months=3', '/plans/global', '/plans/5gb-plan', '/plans/500mb-plan?months=6', '/esim', '/tracking/search']) {
    test(`${path} leaves no English in simplified or traditional Chinese`, async ({ page }) => {
      const plans = new PlansPage(page);
      await plans.open(path);
      for (const [lang, button] of [['zh-Hans', '简体中文'], ['zh-Hant', '繁體中文']] as const) {
        await plans.switchLanguage(button, lang);
        expect((await englishLeftovers(page)).filter((w) => !PRODUCT_NAMES.has(w)), `${path} in ${lang}`).toEqual([]);
      }
    });
  }
});
