/**
 * The auto-renewal endpoints (issue 15): /personal's view of the line's auto-renewal and service, a change by the
 * session, and the login-free change through the signed link of a renewal email, which is the credential for one
 * change of that line only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { AutoRenewalInfo, PlanLife } from '../../src/contract/planLife';
import { customers, lines } from '../../src/server/db/schema';
import { renewalLinkToken } from '../../src/server/plan/link';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call } from './helpers';
import { demoToken } from './ordersHelpers';

describe.each(testDatabases({ postgres: false, because: 'routes over the same SQL the renewal suite runs on both databases' }))('auto-renewal endpoints (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  let demo: string;
  let lineId: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    const [c] = await server.db.select().from(customers).where(eq(customers.username, 'demo'));
    lineId = (await server.db.select().from(lines).where(eq(lines.customerId, c!.id)))[0]!.id;
    // 10:00 AM Pacific of a later day: outside maintenance, whatever time the suite runs at.
    const now = server.clock.now();
    const tenAm = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 18));
    server.clock.advance(tenAm.getTime() - now.getTime());
    demo = await demoToken(server);
  });
  afterAll(async () => { await server?.close(); });

  const change = (body: Record<string, unknown>, headers: Record<string, string> = bearer(demo)) =>
    call<AutoRenewalInfo>(server, endpoints.autoRenewalUpdate, { body, headers: { Language: 'zh-Hant', ...headers } });

  it('opens with the terms by the session, shows the next renewal on /personal, and asks to confirm closing', async () => {
    const before = await call<PlanLife>(server, endpoints.planLife, { headers: bearer(demo) });
    expect(before.body.code, JSON.stringify(before.body)).toBe('200');
    expect(before.body.data).toMatchObject({ autoRenewal: { state: 'notOpen', nextRenewalAt: null }, service: { state: 'active', toPayCents: null } });
    const noTerms = await change({ change: { action: 'open', method: 'card', termsAccepted: false } });
    expect(noTerms.body.code).toBe('validation');
    const opened = await change({ change: { action: 'open', method: 'card', termsAccepted: true } });
    expect(opened.body.data).toMatchObject({ state: 'open.card', method: 'card', hasCard: true });
    expect(opened.body.data!.nextRenewalAt).not.toBeNull();
    expect(opened.body.data!.amountCents).toBeGreaterThan(0);
    expect((await change({ change: { action: 'requestClose' } })).body.data!.state).toBe('closing');
    expect((await change({ change: { action: 'keepOpen' } })).body.data!.state).toBe('open.card');
    // Not logged in, no link: nothing.
    expect((await change({ change: { action: 'requestClose' } }, {})).body.code).toBe('unauthorized');
  });

  it('the signed link reads and changes this line once, without login; forged, expired or used links are refused', async () => {
    const token = renewalLinkToken(server.app.deps, lineId);
    const read = await call<AutoRenewalInfo>(server, endpoints.autoRenewalByLink, { body: { token } });
    expect(read.body.data!.state).toBe('open.card');
    expect((await change({ token, change: { action: 'requestClose' } }, {})).body.data!.state).toBe('closing');
    const again = await change({ token, change: { action: 'confirmClose' } }, {});
    expect(again.body.code).toBe('renewalLinkInvalid');
    expect(again.body.message).toBe('此連結已過期或已使用。請登入後管理自動續約。');
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await call(server, endpoints.autoRenewalByLink, { body: { token: forged } })).body.code).toBe('renewalLinkInvalid');
    const fresh = renewalLinkToken(server.app.deps, lineId);
    server.clock.advance(8 * 86_400_000);
    expect((await call(server, endpoints.autoRenewalByLink, { body: { token: fresh } })).body.code).toBe('renewalLinkInvalid');
  });
});
