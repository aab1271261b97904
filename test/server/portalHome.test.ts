/**
 * The portal home's gateway (issue 14, HOME): portalHome, Wi-Fi calling's E911 address through the network sandbox,
 * the eSIM install details after re-authentication; each for the session's own customer only.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { PortalHome, WifiCallInfo } from '../../src/contract/portal';
import { hashPassword } from '../../src/server/accounts';
import { balances, customers, lines, planSubscriptions, plans, sandboxE911Updates, sims } from '../../src/server/db/schema';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call, passwordLogin, randomIp, randomPhone } from './helpers';

const PASSWORD = 'Lotus#2917';
const DAY = 86_400_000;
const E911 = { country: 'US', address1: '100 Main St', address2: 'Apt 2', city: 'San Gabriel', state: 'CA', zip: '91776' };
const iccidOf = (prefix: string) => `${prefix}${String(randomInt(0, 1e9)).padStart(9, '0')}`.slice(0, 19).padEnd(19, '0');

interface Fixture { customerId: number; token: string; msisdn: string | null; iccid: string; email: string }

async function customerWith(server: TestServer, opts: { kind?: 'us' | 'global'; simType?: 'physical' | 'esim'; plan?: boolean; email?: string | null } = {}): Promise<Fixture> {
  const kind = opts.kind ?? 'us';
  const simType = opts.simType ?? 'esim';
  const username = `portal${randomInt(1e6, 1e7)}`;
  const msisdn = kind === 'us' ? randomPhone() : null;
  const iccid = iccidOf(kind === 'us' ? '8901260099' : '8985230099');
  const email = opts.email === undefined ? `${username}@example.com` : opts.email;
  const now = server.clock.now();
  const [customer] = await server.db.insert(customers).values({ username, phone: msisdn, passwordHash: await hashPassword(PASSWORD), email }).returning();
  await server.db.insert(balances).values({ customerId: customer!.id, generalCents: 1250, ildCents: 300 });
  await server.db.insert(sims).values({
    iccid, kind, simType, status: 'activated', activationCodeHash: 'x', smdpAddress: simType === 'esim' ? 'smdp.example.com' : null,
    matchingId: simType === 'esim' ? `M-${iccid.slice(-8)}` : null,
  });
  const [line] = await server.db.insert(lines).values({ customerId: customer!.id, kind, msisdn, iccid, simType, simStatus: 'activated' }).returning();
  if (opts.plan ?? true) {
    const [five] = await server.db.select().from(plans).where(eq(plans.slug, '5gb-plan'));
    const [two] = await server.db.select().from(plans).where(eq(plans.slug, '2gb-plan'));
    const start = new Date(now.getTime() - 10 * DAY);
    await server.db.insert(planSubscriptions).values([
      { lineId: line!.id, planId: five!.id, status: 'main', startsAt: start, expiresAt: new Date(start.getTime() + 30 * DAY), dataUsedMb: 6000 },
      { lineId: line!.id, planId: two!.id, status: 'pending', startsAt: new Date(start.getTime() + 30 * DAY), expiresAt: new Date(start.getTime() + 60 * DAY) },
    ]);
  }
  const login = await passwordLogin(server, username, PASSWORD);
  return { customerId: customer!.id, token: login.body.data!.access_token, msisdn, iccid, email: email ?? '' };
}

describe.each(testDatabases())('portal home on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  describe('portalHome', () => {
    it('shows the plan in force with its data (used up: 128 kbps), the plan that follows, the SIM and balances', async () => {
      const me = await customerWith(server);
      const res = await call<PortalHome>(server, endpoints.portalHome, { headers: bearer(me.token) });
      expect(res.body.code).toBe('200');
      const home = res.body.data!;
      expect(home).toMatchObject({
        msisdn: me.msisdn, global: false, isSmsUser: 0, showAutonewSetBtn: 1,
        sim: { iccid: me.iccid, type: 'esim', status: 'activated', kind: 'us' },
        balances: { generalCents: 1250, ildCents: 300 },
      });
      expect(home.plan).toMatchObject({ name: '5GB', status: 'main', validityDays: 30, cycleDays: 30, data: { usedMb: 5120, totalMb: 5120, remainingMb: 0, slowed: true } });
      expect(home.upcoming.map((p) => p.name)).toEqual(['2GB']);
    });

    it('a global data SIM customer is a global account without a US line (isSmsUser 1)', async () => {
      const me = await customerWith(server, { kind: 'global', plan: false });
      const home = (await call<PortalHome>(server, endpoints.portalHome, { headers: bearer(me.token) })).body.data!;
      expect(home).toMatchObject({ global: true, isSmsUser: 1, showAutonewSetBtn: 0, plan: null, upcoming: [], sim: { kind: 'global' } });
    });

    it('needs a session', async () => {
      expect((await call(server, endpoints.portalHome)).status).toBe(401);
    });
  });

  describe('Wi-Fi calling', () => {
    const update = (token: string, body: unknown, key = `e911-${randomInt(1e9)}`) =>
      call<WifiCallInfo>(server, endpoints.wifiCallUpdate, { body, headers: { ...bearer(token), 'Idempotency-Key': key } });

    it('changes the E911 address once per key, and the network keeps one request', async () => {
      const me = await customerWith(server);
      expect((await call<WifiCallInfo>(server, endpoints.wifiCallInfo, { headers: bearer(me.token) })).body.data).toMatchObject({ e911: null });
      const key = `e911-${randomInt(1e9)}`;
      const [a, b] = await Promise.all([update(me.token, E911, key), update(me.token, E911, key)]);
      expect([a.body.code, b.body.code]).toEqual(['200', '200']);
      expect(a.body.data!.e911).toEqual(E911);
      const requests = await server.db.select().from(sandboxE911Updates).where(eq(sandboxE911Updates.iccid, me.iccid));
      expect(requests).toHaveLength(1);
      expect((await call<WifiCallInfo>(server, endpoints.wifiCallInfo, { headers: bearer(me.token) })).body.data!.e911).toEqual(E911);
    });

    it('the network refuses house number 0 (e911Invalid) and the address stays as it was', async () => {
      const me = await customerWith(server);
      await update(me.token, E911);
      const refused = await update(me.token, { ...E911, address1: '0 Nowhere St' }, `e911-${randomInt(1e9)}`);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'e911Invalid', data: { field: 'address1' } });
      expect((await call<WifiCallInfo>(server, endpoints.wifiCallInfo, { headers: bearer(me.token) })).body.data!.e911).toEqual(E911);
    });

    it('validates again on the server (ZIP matching the state) and needs an Idempotency-Key', async () => {
      const me = await customerWith(server);
      expect((await update(me.token, { ...E911, zip: '10001' })).body.code).toBe('validation');
      const noKey = await call(server, endpoints.wifiCallUpdate, { body: E911, headers: bearer(me.token) });
      expect(noKey.body.code).toBe('idempotencyKey');
    });

    it('an account without a US line (isSmsUser 1) is refused on the gateway', async () => {
      const me = await customerWith(server, { kind: 'global' });
      expect((await call(server, endpoints.wifiCallInfo, { headers: bearer(me.token) })).body.code).toBe('noUsLine');
      expect((await update(me.token, E911)).body.code).toBe('noUsLine');
    });
  });

  describe('eSIM install details', () => {
    const send = (token: string, body: object, ip = randomIp()) => call<{ to: string }>(server, endpoints.installSendCode, { body, headers: bearer(token), ip });
    const reveal = (token: string, body: object) => call<{ activationCode: string; iccid: string }>(server, endpoints.installReveal, { body, headers: bearer(token) });
    const codeIn = async (to: string) => (await server.outbox(to))[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '';

    it('shows the QR text after the code sent to the line and the password', async () => {
      const me = await customerWith(server);
      const sent = await send(me.token, { line: 'us', channel: 'sms' });
      expect(sent.body).toMatchObject({ code: '200', data: { to: `••• ${me.msisdn!.slice(-4)}` } });
      const code = await codeIn(me.msisdn!);
      const wrong = await reveal(me.token, { line: 'us', code, password: 'Wrong#1234' });
      expect(wrong.body.code).toBe('passwordWrong');
      const shown = await reveal(me.token, { line: 'us', code, password: PASSWORD });
      expect(shown.body.data).toMatchObject({ iccid: me.iccid, activationCode: `LPA:1$smdp.example.com$M-${me.iccid.slice(-8)}` });
      // Single use.
      expect((await reveal(me.token, { line: 'us', code, password: PASSWORD })).body.code).toBe('codeExpired');
    });

    it('sends the code to the account email when the SIM is gone, and says when there is none', async () => {
      const me = await customerWith(server);
      expect((await send(me.token, { line: 'us', channel: 'email' })).body.data!.to).toBe(`${me.email[0]}•••@example.com`);
      expect(await codeIn(me.email)).toMatch(/^\d{6}$/);
      const noEmail = await customerWith(server, { email: null });
      expect((await send(noEmail.token, { line: 'us', channel: 'email' })).body.code).toBe('noEmail');
    });

    it('a physical SIM has no eSIM to install', async () => {
      const me = await customerWith(server, { simType: 'physical' });
      expect((await send(me.token, { line: 'us', channel: 'sms' })).body.code).toBe('noEsim');
    });

    it("another customer's code never shows my eSIM", async () => {
      const me = await customerWith(server);
      const other = await customerWith(server);
      await send(me.token, { line: 'us', channel: 'sms' });
      const myCode = await codeIn(me.msisdn!);
      const theirs = await reveal(other.token, { line: 'us', code: myCode, password: PASSWORD });
      expect(theirs.body.code).toBe('codeExpired');
      expect(JSON.stringify(theirs.body)).not.toContain(me.iccid);
    });

    it('sends one code a minute per account even when asked in parallel', async () => {
      const me = await customerWith(server);
      const answers = await Promise.all(Array.from({ length: 6 }, () => send(me.token, { line: 'us', channel: 'email' })));
      expect(answers.filter((a) => a.body.code === '200')).toHaveLength(1);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
      expect(await server.outbox(me.email)).toHaveLength(1);
    });
  });
});
