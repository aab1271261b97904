/**
 * `npm start` without PUBLIC_ORIGIN (decision 0013): the storefront's origin is http://localhost:<port>, and its
 * loopback aliases (127.0.0.1, [::1]) are the same storefront, so someone trying the product at either address can
 * still open the card form and make changes; any other origin is refused as before. With PUBLIC_ORIGIN configured,
 * only that origin counts (originsAndSession.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import { CHANNEL, CHANNEL_HEADER, SESSION_COOKIE } from '../../src/contract/auth';
import { CARD_FORM_PATH } from '../../src/server/adapters/payments/browser/protocol';
import { startGateway, type RunningGateway } from '../../src/server/start';
import { sandboxApplication } from '../support/payments';

describe('the default storefront origin and its loopback aliases', () => {
  let gateway: RunningGateway;
  let paymentsUrl: string;
  let port: string;
  beforeAll(async () => {
    gateway = await startGateway({ port: 0, paymentsPort: 0, host: '127.0.0.1', dataDir: null, sandbox: true, logLevel: 'silent', config: { jobs: 'manual' } });
    port = new URL(gateway.url).port;
    paymentsUrl = gateway.app.deps.config.paymentsOrigin!.replace('localhost', '127.0.0.1');
  });
  afterAll(async () => { await gateway?.close(); });

  it('the card form may be framed by localhost, 127.0.0.1 or [::1] at the gateway port, nothing else', async () => {
    const { applicationId, locationId } = await sandboxApplication(paymentsUrl);
    const frame = (parent: string) => fetch(`${paymentsUrl}${CARD_FORM_PATH}?applicationId=${applicationId}&locationId=${locationId}&lang=en&channel=abcdefgh12&parent=${encodeURIComponent(parent)}`);
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      const answer = await frame(`http://${host}:${port}`);
      expect(answer.status, host).toBe(200);
      expect(answer.headers.get('content-security-policy')).toContain(`frame-ancestors http://${host}:${port}`);
    }
    for (const parent of [`http://evil.example:${port}`, `http://127.0.0.1:${Number(port) + 7}`, `https://localhost:${port}`]) {
      expect((await frame(parent)).status, parent).toBe(400);
    }
  });

  it('a change the session cookie carries is judged by its Origin: the aliases pass to the session check, another site is refused', async () => {
    const exit = (origin: string) => fetch(`${gateway.url}${endpoints.exit.path}`, {
      method: 'DELETE', headers: { cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}`, [CHANNEL_HEADER]: CHANNEL, origin },
    }).then(async (r) => ({ status: r.status, code: ((await r.json()) as { code: string }).code }));
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      expect(await exit(`http://${host}:${port}`), host).not.toMatchObject({ code: 'crossSiteRequest' });
    }
    expect(await exit(`http://evil.example:${port}`)).toEqual({ status: 403, code: 'crossSiteRequest' });
    expect(gateway.app.deps.config.publicOrigin).toBe(`http://localhost:${port}`);
  });
});

describe('the payment sandbox\'s default origin follows PUBLIC_ORIGIN\'s host', () => {
  // A storefront configured at 127.0.0.1 (the e2e tests) or a LAN address (a phone trying the product) frames a card
  // form on that same host: one site, reachable by the browser that reached the storefront.
  for (const [publicOrigin, host] of [['http://127.0.0.1:8080', '127.0.0.1'], ['http://192.168.1.20:8080', '192.168.1.20'], ['http://[::1]:8080', '[::1]']] as const) {
    it(`PUBLIC_ORIGIN ${publicOrigin} without PAYMENTS_ORIGIN: pay/config and the CSP name http://${host}:<the sandbox's port>`, async () => {
      const gateway = await startGateway({
        port: 0, paymentsPort: 0, host: '0.0.0.0', dataDir: null, sandbox: true, logLevel: 'silent', config: { jobs: 'manual', publicOrigin },
      });
      try {
        const origin = gateway.app.deps.config.paymentsOrigin!;
        expect(origin).toMatch(new RegExp(`^http://${host.replace(/[[\].]/g, '\\$&')}:\\d+$`));
        const answer = await fetch(`${gateway.url}${endpoints.payConfig.path}`);
        const config = ((await answer.json()) as { data: { sdkUrl: string } }).data;
        expect(new URL(config.sdkUrl).origin).toBe(origin);
        // A document's policy frames the card form from there (a JSON answer's frames nothing).
        const page = await fetch(`${gateway.url}/sandbox/inbox`);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        expect(page.headers.get('content-security-policy') ?? '').toContain(`frame-src ${origin}`);
      } finally {
        await gateway.close();
      }
    });
  }

  it('PAYMENTS_ORIGIN, when configured, wins', async () => {
    const gateway = await startGateway({
      port: 0, paymentsPort: 0, host: '127.0.0.1', dataDir: null, sandbox: true, logLevel: 'silent',
      config: { jobs: 'manual', publicOrigin: 'http://127.0.0.1:8080', paymentsOrigin: 'http://pay.example.test:9090' },
    });
    try {
      expect(gateway.app.deps.config.paymentsOrigin).toBe('http://pay.example.test:9090');
    } finally {
      await gateway.close();
    }
  });
});
