import { expect, test, type Page } from './fixtures';
import { seriousViolations } from './checks';

/**
 * /coverage and /store in the browser (issue 18, decision 0040), in the three languages: a ZIP's coverage written out
 * and marked on the map, a ZIP without data answered with the nearest places by distance, a city typed in Chinese,
 * invalid input refused in place with what was typed kept; stores by state and city and nearest to a ZIP. The map is
 * drawn from the app's own files: no request leaves the site, and the home page never loads the map. axe-core finds
 * nothing serious.
 */

const LANGS = [
  { lang: 'en', coverage: 'Coverage map', field: 'ZIP code or city', submit: 'Check coverage', fiveG: '5G', excellent: 'Excellent', city: 'San Francisco', cityName: 'San Francisco', noData: 'We have no coverage data for ZIP code 11358 yet.', zipError: 'A US ZIP code is 5 digits, for example 11354.', stores: 'Find a store', state: 'State', city2: 'City', stateName: 'California', zip: 'ZIP code', find: 'Find nearest stores', nearest: 'Nearest to 91776 (San Gabriel, CA)', storeZipError: 'A US ZIP code is 5 digits.' },
  { lang: 'zh-Hans', coverage: '信号覆盖地图', field: '邮编或城市', submit: '查询覆盖', fiveG: '5G', excellent: '很好', city: '三藩市', cityName: '旧金山', noData: '我们暂时没有邮编 11358 的覆盖数据。', zipError: '美国邮编为 5 位数字，例如 11354。', stores: '查找门店', state: '州', city2: '城市', stateName: '加利福尼亚州', zip: '邮编', find: '查找最近的门店', nearest: '离 91776（圣盖博，CA）最近的门店', storeZipError: '美国邮政编码为 5 位数字。' },
  { lang: 'zh-Hant', coverage: '訊號涵蓋地圖', field: '郵遞區號或城市', submit: '查詢涵蓋', fiveG: '5G', excellent: '極佳', city: '旧金山', cityName: '舊金山', noData: '我們目前沒有郵遞區號 11358 的涵蓋資料。', zipError: '美國郵遞區號為 5 位數字，例如 11354。', stores: '尋找門市', state: '州', city2: '城市', stateName: '加利福尼亞州', zip: '郵遞區號', find: '尋找最近的門市', nearest: '離 91776（聖蓋博，CA）最近的門市', storeZipError: '美國郵遞區號為 5 位數字。' },
] as const;

/** Every request the page makes to another origin than the site's own. */
function offSite(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http') && url.origin !== new URL(page.url() || 'http://x').origin && !['localhost', '127.0.0.1'].includes(url.hostname)) seen.push(r.url());
  });
  return seen;
}

const coverageCards = (page: Page) => page.getByTestId('coverage-area');

test.describe('/coverage', () => {
  for (const l of LANGS) {
    test(`a ZIP, a ZIP without data, a city in Chinese, invalid input (${l.lang})`, async ({ page }) => {
      const away = offSite(page);
      await page.goto(`/coverage?lang=${l.lang}`);
      await expect(page.getByRole('heading', { level: 1, name: l.coverage })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
      const field = page.getByRole('textbox', { name: l.field });
      const submit = page.getByRole('button', { name: l.submit });

      // Invalid: refused next to the field, in the language, what was typed kept.
      await field.fill('1135');
      await submit.click();
      await expect(page.getByText(l.zipError)).toBeVisible();
      await expect(field).toHaveValue('1135');
      await expect(field).toHaveAttribute('aria-invalid', 'true');

      await field.fill('11354');
      await submit.click();
      await expect(page.getByTestId('coverage')).toHaveAttribute('data-state', 'covered');
      const card = coverageCards(page);
      await expect(card).toHaveCount(1);
      await expect(card).toHaveAttribute('data-technology', '5g');
      await expect(card).toContainText(l.fiveG);
      await expect(card).toContainText(l.excellent);
      await expect(page.getByTestId('us-map')).toHaveAttribute('data-markers', '1');

      await field.fill('11358');
      await submit.click();
      await expect(page.getByTestId('coverage')).toHaveAttribute('data-state', 'nearestShown');
      await expect(page.getByText(l.noData)).toBeVisible();
      await expect(coverageCards(page)).toHaveCount(3);
      await expect(coverageCards(page).first()).toHaveAttribute('data-zip', '11355');
      await expect(page.getByTestId('us-map')).toHaveAttribute('data-markers', '4');

      await field.fill(l.city);
      await submit.click();
      await expect(page.getByTestId('coverage')).toHaveAttribute('data-state', 'covered');
      await expect(coverageCards(page)).toHaveCount(5);
      await expect(coverageCards(page).first()).toContainText(l.cityName);
      expect(await seriousViolations(page)).toEqual([]);

      await field.fill('Nowhereville');
      await submit.click();
      await expect(page.getByTestId('coverage')).toHaveAttribute('data-state', 'notFound');
      await expect(field).toHaveValue('Nowhereville');
      expect(away).toEqual([]);
    });
  }
});

test.describe('/store', () => {
  for (const l of LANGS) {
    test(`by state and city, then nearest to a ZIP (${l.lang})`, async ({ page }) => {
      const away = offSite(page);
      await page.goto(`/store?lang=${l.lang}`);
      await expect(page.getByRole('heading', { level: 1, name: l.stores })).toBeVisible();
      await expect(page.getByTestId('stores')).toHaveAttribute('data-state', 'listed');
      await expect(page.getByTestId('store')).toHaveCount(30);

      await page.getByRole('combobox', { name: l.state, exact: true }).selectOption({ label: l.stateName });
      await expect(page.getByTestId('store')).toHaveCount(13);
      await page.getByRole('combobox', { name: l.city2, exact: true }).selectOption('San Francisco');
      await expect(page.getByTestId('store')).toHaveCount(3);
      await expect(page.getByTestId('us-map')).toHaveAttribute('data-markers', '3');

      const zip = page.getByRole('textbox', { name: l.zip, exact: true });
      await zip.fill('9177');
      await page.getByRole('button', { name: l.find }).click();
      await expect(page.getByText(l.storeZipError)).toBeVisible();
      await expect(zip).toHaveValue('9177');
      await zip.fill('91776');
      await page.getByRole('button', { name: l.find }).click();
      await expect(page.getByRole('heading', { level: 2, name: l.nearest })).toBeVisible();
      await expect(page.getByTestId('store')).toHaveCount(10);
      await expect(page.getByTestId('store').first()).toHaveAttribute('data-code', 'CA-SGV-01');
      await expect(page.getByTestId('us-map')).toHaveAttribute('data-markers', '11');
      expect(await seriousViolations(page)).toEqual([]);
      expect(away).toEqual([]);
    });
  }

  test('the home page does not load the map', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()); });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /UsMap|usMapData|CoverageScreen|StoreScreen/.test(s))).toEqual([]);
  });
});
