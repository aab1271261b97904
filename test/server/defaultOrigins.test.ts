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
