/**
 * The card SDK and its iframe in real Chromium: a merchant page (served by this test, on its own origin, with the
 * gateway's CSP) loads the SDK from the sandbox origin, the buyer types into the iframe, the page tokenizes and
 * gets a token it can pay with, while it can neither read the iframe nor ever hold the card number.
 * One browser for the file; a fresh page per test.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { contentSecurityPolicy } from '../../src/server/http/security';
import type { TokenResult } from '../../src/contract/cardSdk';
import { SANDBOX_TEXTS } from '../../src/server/adapters/payments/texts';
import { startTestServer, type TestServer } from '../support/server';

const PAGE_SCRIPT = `
(async () => {
  const cfg = await (await fetch('/config.json')).json();
  await new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = cfg.sdkUrl; s.onload = resolve; s.onerror = () => reject(new Error('sdk blocked'));
    document.head.appendChild(s);
  });
  const card = await window.PaySandbox.payments(cfg.applicationId, cfg.locationId).card({ lang: 'en' });
  window.events = [];
  card.addEventListener('change', (e) => window.events.push(e));
  await card.attach('#card');
  window.card = card;
  document.body.dataset.ready = '1';
})().catch((e) => { document.body.dataset.error = String(e && e.message || e); });
`;

declare global {
  interface Window { card: { tokenize(): Promise<TokenResult>; setLanguage(lang: string): void }; events: unknown[] }
}

describe('card form in Chromium', () => {
  let server: TestServer;
  let merchant: Server;
  let merchantUrl: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    merchant = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/config.json') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(server.app.deps.payments.card.browserConfig()));
      if (path === '/page.js') return res.writeHead(200, { 'content-type': 'application/javascript' }).end(PAGE_SCRIPT);
      // The gateway's CSP, with and without the sandbox port allowed.
      const csp = path === '/no-provider' ? contentSecurityPolicy() : contentSecurityPolicy(server.paymentsUrl);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp })
        .end('<!doctype html><html lang="en"><head><title>Checkout</title></head><body><main><h1>Pay</h1><div id="card"></div></main><script src="/page.js"></script></body></html>');
    });
    await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
    merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
    // This page is the merchant's storefront: the only origin the card form may be framed by.
    server = await startTestServer({ config: { publicOrigin: merchantUrl } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => merchant?.close(resolve));
    await server?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    page = await context.newPage();
  });
  afterEach(async () => { await context.close(); });

  const open = async (path = '/'): Promise<FrameLocator> => {
    await page.goto(`${merchantUrl}${path}`);
    await page.waitForFunction(() => document.body.dataset.ready === '1' || !!document.body.dataset.error);
    expect(await page.evaluate(() => document.body.dataset.error ?? null)).toBeNull();
    return page.frameLocator('#card iframe');
  };

  it('tokenizes a test card typed into the iframe; the token pays; the page never holds the number', async () => {
    const frame = await open();
    await frame.getByLabel('Card number').pressSequentially('4111111111111111');
    await expect.poll(() => frame.getByLabel('Card number').inputValue()).toBe('4111 1111 1111 1111');
    await expect.poll(() => frame.locator('#cardNumber-brand').textContent()).toBe('Visa');
    await frame.getByLabel('Expiry date (MM/YY)').pressSequentially('1230');
    expect(await frame.getByLabel('Expiry date (MM/YY)').inputValue()).toBe('12/30');
    await frame.getByLabel('Security code (CVV)').fill('111');
    await frame.getByLabel('Billing ZIP code').fill('94103');

    const result = await page.evaluate(() => window.card.tokenize());
    expect(result).toMatchObject({ status: 'OK', details: { card: { brand: 'visa', last4: '1111', expMonth: 12, expYear: 2030 }, billing: { postalCode: '94103' } } });
    const token = result.status === 'OK' ? result.token : '';
    expect(await server.app.deps.payments.card.createPayment({ idempotencyKey: `browser-${Date.now()}`, sourceId: token, amountCents: 1999, referenceId: 'ORDBROWSER1', billingPostalCode: '94103' }))
      .toMatchObject({ status: 'COMPLETED' });

    const pageSees = await page.evaluate(() => JSON.stringify({ html: document.documentElement.outerHTML, events: window.events }));
    expect(pageSees).not.toContain('4111');
    expect(JSON.parse(pageSees).events.at(-1)).toEqual({ complete: true, field: 'postalCode' });
  });

  it('the page cannot read the iframe, and ignores messages that do not come from it', async () => {
    await open();
    const reach = await page.evaluate(() => {
      const iframe = document.querySelector('#card iframe') as HTMLIFrameElement;
      let read: string;
      try { read = iframe.contentWindow!.document.body.innerHTML; } catch (e) { read = (e as Error).name; }
      return { contentDocument: iframe.contentDocument === null, read, src: iframe.src };
    });
    expect(reach.contentDocument).toBe(true);
    expect(reach.read).toBe('SecurityError');
    expect(new URL(reach.src).origin).toBe(new URL(server.app.deps.payments.card.browserConfig().origin).origin);

    // A script on the page forging the iframe's message (even with its channel) is not heard by the SDK.
    const channel = new URL(reach.src).searchParams.get('channel');
    await page.evaluate((ch) => window.postMessage({ protocol: 'paysandbox-card/1', channel: ch, type: 'change', complete: true, field: 'cvv' }, '*'), channel);
    await page.frameLocator('#card iframe').getByLabel('Card number').pressSequentially('4');
    await expect.poll(() => page.evaluate(() => window.events.length)).toBe(1);
    expect(await page.evaluate(() => window.events)).toEqual([{ complete: false, field: 'cardNumber' }]);
  });

  it('shows each problem next to its field in the form language, keeps what was typed, and relabels live', async () => {
    const frame = await open();
    await frame.getByLabel('Card number').fill('4111 1111 1111 1112');
    await frame.getByLabel('Security code (CVV)').fill('12');
    const result = await page.evaluate(() => window.card.tokenize());
    expect(result.status).toBe('Invalid');
    const errors = result.status === 'Invalid' ? result.errors : [];
    expect(errors.map((e) => [e.field, e.type])).toEqual([['cardNumber', 'checkDigit'], ['expirationDate', 'required'], ['cvv', 'invalid'], ['postalCode', 'required']]);
    expect(errors[0]!.message).toBe(SANDBOX_TEXTS.en.error.cardNumber.checkDigit);

    const number = frame.locator('#cardNumber');
    expect(await frame.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(await number.getAttribute('aria-describedby')).toContain('cardNumber-error');
    await expect.poll(() => frame.locator('#cardNumber-error').textContent()).toBe(SANDBOX_TEXTS.en.error.cardNumber.checkDigit);
    await expect.poll(() => frame.locator(':focus').getAttribute('id')).toBe('cardNumber');
    expect(await number.inputValue()).toBe('4111 1111 1111 1112');
    expect(await frame.getByLabel('Security code (CVV)').inputValue()).toBe('12');

    await page.evaluate(() => window.card.setLanguage('zh-Hant'));
    await expect.poll(() => frame.locator('#cardNumber-label').textContent()).toBe(SANDBOX_TEXTS['zh-Hant'].form.cardNumber);
    expect(await frame.locator('#cardNumber-error').textContent()).toBe(SANDBOX_TEXTS['zh-Hant'].error.cardNumber.checkDigit);
    expect(await frame.locator('html').getAttribute('lang')).toBe('zh-Hant');
    expect(await page.locator('#card iframe').getAttribute('title')).toBe(SANDBOX_TEXTS['zh-Hant'].form.title);

    // Fixing the number clears its problem as it is typed (the label now reads 卡號).
    expect(await frame.getByLabel(SANDBOX_TEXTS['zh-Hant'].form.cardNumber).inputValue()).toBe('4111 1111 1111 1112');
    await number.fill('');
    await number.pressSequentially('4111111111111111');
    await expect.poll(() => number.getAttribute('aria-invalid')).toBe('false');
    expect(await frame.locator('#cardNumber-error').isHidden()).toBe(true);
  });

  it('the card form (with its errors showing) and the WeChat phone page pass axe, in each language', async () => {
    const frame = await open();
    await page.evaluate(() => window.card.tokenize());
    await expect.poll(() => frame.locator('#cardNumber').getAttribute('aria-invalid')).toBe('true');
    const created = await server.app.deps.payments.wechat.createNativeOrder({
      outTradeNo: `LBAXE${Date.now()}`, amountCents: 2599, description: '15GB plan', notifyUrl: 'http://127.0.0.1:9/notify',
    });
    for (const lang of ['en', 'zh-Hans', 'zh-Hant']) {
      await page.evaluate((l) => window.card.setLanguage(l), lang);
      await expect.poll(() => frame.locator('html').getAttribute('lang')).toBe(lang);
      expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    }
    for (const lang of ['en', 'zh-Hans', 'zh-Hant']) {
      await page.goto(`${created.sandboxPhoneUrl}&lang=${lang}`);
      expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    }
  });

  it("a page whose CSP does not name the sandbox port cannot load the SDK (the gateway's CSP is what allows it)", async () => {
    await page.goto(`${merchantUrl}/no-provider`);
    await page.waitForFunction(() => !!document.body.dataset.error);
    expect(await page.evaluate(() => document.body.dataset.error)).toBe('sdk blocked');
  });
});
