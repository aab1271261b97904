/**
 * Issue 13, section 1 (decision 0022): every prerendered public page arrives as HTML in the visitor's language, and
 * the hydrated page shows the same: the same visible text, headings, links, buttons and fields at the same place, in
 * en, zh-Hans and zh-Hant, with no hydration error on the console. The server's HTML is read in a browser with
 * JavaScript off (what a visitor sees before the scripts run); the hydrated page in one with it on.
 */
import { expect, test, type Page } from './fixtures';
import { LoginPage } from '../support/pages/LoginPage';
import { boughtEsim } from './sandbox';

const PAGES = [
  '/', '/plans/propagate', '/plans/global', '/plans/5gb-plan', '/esim/cardPurchase/index', '/activation/first',
  '/tracking/search', '/serviceTerms/serviceClause', '/serviceTerms/serviceClause?isPolicy=2', '/404',
  // Issue 18: the help centre, the how-to videos and the company introduction.
  '/helpSupport/commonProblem', '/videoSupport', '/aboutUs/companyIntro',
];
const LANGS = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'zh-Hans', locale: 'zh-CN' },
  { lang: 'zh-Hant', locale: 'zh-TW' },
] as const;

interface Outline {
  lang: string;
  title: string;
  text: string;
  /** Every visible heading, link, button, field and label: its tag, its words or name, and where it points. */
  parts: string[];
  /** Where the page's main heading stands and how tall the header is (CSS pixels): the layout does not move. */
  h1Top: number | null;
  headerHeight: number | null;
}

/** What a visitor sees of the page, in the page. */
const outline = (): Outline => {
  const root = document.getElementById('root')!;
  // checkVisibility: not inside a closed <details> either (its content is `content-visibility: hidden`, whose boxes
  // Chromium may or may not have laid out at the moment of reading, so their size says nothing).
  const visible = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  const words = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const parts = [...root.querySelectorAll('h1, h2, h3, a, button, input, select, textarea, label')].filter(visible).map((el) => {
    const name = words(el.getAttribute('aria-label') ?? (el as HTMLElement).innerText);
    const extra = el instanceof HTMLAnchorElement ? el.getAttribute('href') : el instanceof HTMLInputElement ? `${el.type}:${el.name || el.id}:${el.value}` : '';
    return `${el.tagName.toLowerCase()}|${name}|${extra ?? ''}`;
  });
  const h1 = root.querySelector('main h1');
  const header = [...root.querySelectorAll('header')].find(visible);
  return {
    lang: document.documentElement.lang,
    title: document.title,
    text: words(root.innerText),
    parts,
    h1Top: h1 ? Math.round(h1.getBoundingClientRect().top + window.scrollY) : null,
    headerHeight: header ? Math.round(header.getBoundingClientRect().height) : null,
  };
};

/** Console errors and uncaught errors of a page (React reports a hydration mismatch there: src/app/main.tsx). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Reads the outline the moment hydration is committed (src/app/main.tsx marks <html data-hydrated>), before anything
 * the page fetches afterwards (the tracking page's image code) changes it.
 */
const outlineAtHydration = (read: () => Outline) => {
  new MutationObserver((_, observer) => {
    if (!document.documentElement?.dataset.hydrated) return;
    observer.disconnect();
    (window as unknown as { hydratedOutline: Outline }).hydratedOutline = read();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
};

async function hydrated(page: Page, path: string): Promise<Outline> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return page.evaluate(() => (window as unknown as { hydratedOutline: Outline }).hydratedOutline);
}

test.describe('prerendered pages hydrate to what the server sent', () => {
  for (const { lang, locale } of LANGS) {
    test(`every prerendered page in ${lang} (Accept-Language ${locale})`, async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      const server = await browser.newContext({ baseURL, locale, javaScriptEnabled: false });
      const client = await browser.newContext({ baseURL, locale });
      try {
        const before = await server.newPage();
        const after = await client.newPage();
        await after.addInitScript(`(${outlineAtHydration.toString()})(${outline.toString()})`);
        const errors = watchErrors(after);
        for (const path of PAGES) {
          const response = await before.goto(path);
          expect(response?.headers()['content-language'], path).toBe(lang);
          const sent = await before.evaluate(outline);
          expect(sent.lang, path).toBe(lang);
          expect(sent.text.length, `${path}: the server's HTML shows the page`).toBeGreaterThan(200);
          expect(sent.h1Top, `${path}: the server's HTML has the page's heading`).not.toBeNull();
          const shown = await hydrated(after, path);
          expect(shown, path).toEqual(sent);
          expect(errors, `${path}: no hydration error`).toEqual([]);
        }
      } finally {
        await server.close();
        await client.close();
      }
    });
  }

  test('the language comes from ?lang=, then the language chosen in the session, then Accept-Language', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.addInitScript(`(${outlineAtHydration.toString()})(${outline.toString()})`);
      const errors = watchErrors(page);
      expect((await hydrated(page, '/plans/propagate?lang=zh-Hans')).lang).toBe('zh-Hans');
      // The link's language is kept for the session: the next page, loaded anew, is rendered in it by the server.
      const next = await page.goto('/');
      expect(next?.headers()['content-language']).toBe('zh-Hans');
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      // The switch in the header: a reload is rendered in the chosen language at once.
      await page.getByRole('group', { name: /语言/ }).first().getByRole('button', { name: '繁體中文' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
      const reload = await page.reload();
      expect(reload?.headers()['content-language']).toBe('zh-Hant');
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.locator('main h1').first()).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a tab that chose another language than the server saw renders in its own, with no hydration error', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'en-US' });
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.addInitScript(() => sessionStorage.setItem('lang', JSON.stringify({ type: 'string', content: 'zh-Hant', storage: 'session', timestamp: Date.now() })));
      const response = await page.goto('/activation/first');
      expect(response?.headers()['content-language']).toBe('en');
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
      await expect(page.locator('main h1')).toHaveText('開通 SIM 卡');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('what a visitor types before the page is hydrated is kept, and the form is not sent by the browser itself', async ({ page, request, baseURL }) => {
    // A card of its own: the seeded fresh cards are activated by the activation specs, which may run before on this gateway.
    const card = await boughtEsim(request, baseURL!);
    // The scripts are held back until the step-1 form is filled in, as on a slow phone.
    let release = () => {};
    const scripts = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/assets\/.*\.js$/, async (route) => { await scripts; await route.continue(); });
    // The load event waits for the scripts: the page is used as soon as its HTML is there.
    await page.goto('/activation/first', { waitUntil: 'commit' });
    await page.locator('input[name="activationCode"]').waitFor();
    await page.locator('input[name="collected"][value="online"]').check();
    await page.locator('input[name="iccid"]').fill(card.iccid);
    await page.locator('input[name="activationCode"]').fill(card.code);
    await expect(page.locator('form button[type="submit"]').first()).toBeDisabled();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.locator('form button[type="submit"]').first().click();
    await expect(page).toHaveURL(/\/activation\/second$/);
    expect(page.url()).not.toContain(card.code);
  });

  test('a logged-in visitor gets the account header in the HTML, and it does not move when the page hydrates', async ({ browser, baseURL, page, request }) => {
    await new LoginPage(page, request).loginAsDemo();
    const server = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      await server.addCookies(await page.context().cookies());
      for (const path of ['/', '/plans/propagate']) {
        const before = await server.newPage();
        await before.goto(path);
        const logout = before.getByRole('button', { name: 'Log out' }).first();
        await expect(logout).toBeVisible();
        const sent = await logout.boundingBox();
        const errors = watchErrors(page);
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        await expect(page.getByTestId('greeting').first()).toContainText('(626) 555-0100');
        const shown = await page.getByRole('button', { name: 'Log out' }).first().boundingBox();
        expect(shown, path).toEqual(sent);
        expect(errors, path).toEqual([]);
        await before.close();
      }
    } finally {
      await server.close();
    }
  });
});
