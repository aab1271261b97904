import { expect, test, type Page } from './fixtures';
import { seriousViolations } from './checks';
import { englishLeftovers } from './i18n-check';

/**
 * /rates and /phone-detection in the browser (issue 18, decision 0038), in the three languages: the rates of every
 * country as the gateway charges them, found by a name in any language or a dialling code, the included calls marked;
 * the phone check's form with its errors in place, and each answer of the spec from the sample device table and the
 * sandbox's locked and blocked IMEIs. axe-core finds nothing serious on either page.
 */

const LANGS = [
  { lang: 'en', title: 'International calling rates', search: 'Find a country or region', free: 'Included', japan: '日本', jpName: 'Japan', perMinute: (p: string) => `${p}/min` },
  { lang: 'zh-Hans', title: '国际通话资费', search: '查找国家或地区', free: '套餐已含', japan: 'Japan', jpName: '日本', perMinute: (p: string) => `${p}/分钟` },
  { lang: 'zh-Hant', title: '國際通話費率', search: '查詢國家或地區', free: '方案已含', japan: 'JP', jpName: '日本', perMinute: (p: string) => `${p}/分鐘` },
] as const;

interface Rate { countryCode: string; dialCode: string; landlineCents: number; mobileCents: number; popularRank: number | null }

async function ratesOf(page: Page): Promise<Rate[]> {
  const res = await page.request.get('/gateway/pcapp/api/v1/common/ildRates');
  return ((await res.json()) as { data: { rates: Rate[] } }).data.rates;
}

/** US dollars as the page writes them, in every language ("$0.05"). */
const money = (cents: number, lang: string) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).format(cents / 100);

test.describe('/rates', () => {
  for (const l of LANGS) {
    test(`every country, searched in another language, with the charged rates (${l.lang})`, async ({ page }) => {
      const rates = await ratesOf(page);
      await page.goto(`/rates?lang=${l.lang}`);
      await expect(page.getByRole('heading', { level: 1, name: l.title })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
      // Every country of the table the calls are charged from, A to Z, and the popular ones first.
      await expect(page.getByTestId('rates-all').locator('tbody tr')).toHaveCount(rates.length);
      await expect(page.getByTestId('rates-popular').locator('tbody tr').first()).toHaveAttribute('data-country', 'CN');
      const cn = page.getByTestId('rates-popular').locator('tr[data-country="CN"]');
      await expect(cn.locator('td').nth(1)).toHaveText(l.free);
      const us = page.getByTestId('rates-popular').locator('tr[data-country="US"]');
      await expect(us.locator('td').nth(1)).toHaveText(l.free);
      await expect(us.locator('td').nth(2)).toHaveText(l.free);

      if (l.lang !== 'en') expect(await englishLeftovers(page), `English left on /rates in ${l.lang}`).toEqual([]);
      const search = page.getByRole('searchbox', { name: l.search });
      await search.fill(l.japan);
      const jp = rates.find((r) => r.countryCode === 'JP')!;
      const row = page.getByTestId('rates-results').locator('tbody tr').first();
      await expect(row).toHaveAttribute('data-country', 'JP');
      await expect(row.getByRole('rowheader', { name: l.jpName, exact: true })).toBeVisible();
      await expect(row.locator('td')).toHaveText(['+81', l.perMinute(money(jp.landlineCents, l.lang)), l.perMinute(money(jp.mobileCents, l.lang))]);

      await search.fill('+852');
      await expect(page.getByTestId('rates-results').locator('tbody tr').first()).toHaveAttribute('data-country', 'HK');
      await search.fill('qqqzzz');
      await expect(page.getByTestId('rates-count')).toContainText('qqqzzz');
      await expect(page.getByTestId('rates-results')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

const IMEI = {
  fully: '354672141234565', partlyCn: '868012062045113', notCompatible: '869301057712038', uncertified: '862478095500182',
  locked: '353250110000175', blocked: '356184209000423',
};

class PhoneCheckPage {
  constructor(readonly page: Page, readonly labels: { brand: string; model: string; imei: string; submit: string }) {}
  async open(lang: string) { await this.page.goto(`/phone-detection?lang=${lang}`); }
  field(name: 'brand' | 'model' | 'imei') { return this.page.getByLabel(this.labels[name], { exact: true }); }
  async fieldChange(values: Partial<Record<'brand' | 'model' | 'imei', string>>) {
    for (const [name, value] of Object.entries(values)) await this.field(name as 'brand').fill(value);
  }
  async checkSubmit() { await this.page.getByRole('button', { name: this.labels.submit }).click(); }
  result() { return this.page.getByTestId('phone-result'); }
}

const FORM = {
  en: { brand: 'Brand', model: 'Model', imei: 'IMEI', submit: 'Check my phone' },
  'zh-Hans': { brand: '品牌', model: '型号', imei: 'IMEI', submit: '检测我的手机' },
  'zh-Hant': { brand: '品牌', model: '型號', imei: 'IMEI', submit: '檢測我的手機' },
} as const;

test.describe('/phone-detection', () => {
  test('errors next to each field keep what was typed; the answer names the phone the IMEI belongs to (en)', async ({ page }) => {
    const check = new PhoneCheckPage(page, FORM.en);
    await check.open('en');
    await check.checkSubmit();
    await expect(page.getByText('Please enter the phone\'s brand, e.g. Apple.')).toBeVisible();
    await expect(page.getByText('Please enter the phone\'s model, e.g. iPhone 15.')).toBeVisible();
    await expect(page.getByText('Please enter the phone\'s IMEI.')).toBeVisible();
    await expect(check.field('brand')).toBeFocused();
    await check.fieldChange({ brand: 'Apple', model: 'iPhone 15', imei: '86 801206 204511 4' });
    await check.checkSubmit();
    await expect(page.getByText('This IMEI is not valid: its last digit does not match the others.', { exact: false })).toBeVisible();
    await expect(check.field('imei')).toHaveValue('86 801206 204511 4');
    await expect(check.field('imei')).toBeFocused();
    await expect(check.field('imei')).toHaveAttribute('aria-invalid', 'true');
    await expect(check.field('brand')).toHaveValue('Apple');
    expect(await seriousViolations(page)).toEqual([]);

    await check.fieldChange({ imei: '86 801206 204511 3' });
    await check.checkSubmit();
    await expect(check.result()).toHaveAttribute('data-verdict', 'partlyCompatible');
    await expect(check.result().getByRole('heading', { name: 'Partly compatible' })).toBeFocused();
    await expect(check.result()).toContainText('iPhone 15 (A3092)');
    await expect(check.result()).toContainText('A model made for mainland China');
    await expect(check.result().getByTestId('phone-limits')).toContainText('No eSIM: choose a physical SIM card.');
    await expect(check.result().getByRole('link', { name: 'Buy a physical SIM' })).toHaveAttribute('href', '/plans/propagate?simType=physical');
    expect(await seriousViolations(page)).toEqual([]);

    // Typing again asks again: the answer goes, what was typed stays.
    await check.fieldChange({ brand: 'Samsung', imei: IMEI.fully });
    await expect(check.result()).toHaveCount(0);
    await check.checkSubmit();
    await expect(check.result()).toHaveAttribute('data-verdict', 'fullyCompatible');
    await expect(check.result()).toContainText('You typed “Samsung”, but this IMEI belongs to a phone made by Apple.');
  });

  const ANSWERS = [
    { lang: 'en', imei: IMEI.notCompatible, verdict: 'notCompatible', title: 'Not compatible' },
    { lang: 'en', imei: IMEI.uncertified, verdict: 'uncertified', title: 'Uncertified' },
    { lang: 'zh-Hans', imei: IMEI.blocked, verdict: 'blocked', title: '已被封锁' },
    { lang: 'zh-Hans', imei: IMEI.partlyCn, verdict: 'partlyCompatible', title: '部分兼容' },
    { lang: 'zh-Hant', imei: IMEI.locked, verdict: 'locked', title: '已鎖定' },
    { lang: 'zh-Hant', imei: IMEI.fully, verdict: 'fullyCompatible', title: '完全相容' },
  ] as const;
  for (const a of ANSWERS) {
    test(`${a.verdict} in ${a.lang}`, async ({ page }) => {
      const check = new PhoneCheckPage(page, FORM[a.lang]);
      await check.open(a.lang);
      await check.fieldChange({ brand: 'Apple', model: 'iPhone', imei: a.imei });
      await check.checkSubmit();
      await expect(check.result()).toHaveAttribute('data-verdict', a.verdict);
      await expect(check.result().getByRole('heading', { level: 2 })).toHaveText(a.title);
      if (a.lang !== 'en') expect(await englishLeftovers(page), `English left on /phone-detection in ${a.lang}`).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('a short IMEI is refused in the page\'s language, what was typed kept (zh-Hant)', async ({ page }) => {
    const check = new PhoneCheckPage(page, FORM['zh-Hant']);
    await check.open('zh-Hant');
    await check.fieldChange({ brand: '蘋果', model: 'iPhone 15', imei: '35467214123456' });
    await check.checkSubmit();
    await expect(page.getByText('IMEI 為 15 到 17 位數字。在手機上撥 *#06# 即可查看。')).toBeVisible();
    await expect(check.field('imei')).toHaveValue('35467214123456');
  });
});
