/**
 * SIM-swap and port-out protection on the gateway (issue 16 section 5, FCC 23-95), over HTTP:
 * - re-authentication before a SIM change or a lock release: a code to the line (or to the account's email), and the
 *   password; a wrong password leaves the code unspent, 5 wrong codes kill it, 5 minutes expire it, one send a minute;
 * - the number lock: on without a code, off with code and password, an SMS and an email on each change; while on, a
 *   conversion answers 423 numberLocked and changes nothing, and a port-out request is refused, recorded and told;
 * - the transfer PIN: 8 digits, shown once, kept as a digest, single use, 24 hours, 5 wrong tries; the network
 *   sandbox's port-out request checks it with the account number; every request on our numbers is told;
 * - physical to eSIM and back: the line, the cards (sims.voided_at and the simLifecycle chart), activation step 1 of the
 *   void card (120017), the eSIM profile and its QR email, the number and its bar moved at the network; idempotent by
 *   key; two changes at once make one;
 * - /cpni-out: the same answer for any number, a code only to ours, the choice kept on the line.
 * Customers are made in the database; what is under test goes through HTTP.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { SecurityInfo } from '../../src/contract/security';
import { hashPassword } from '../../src/server/accounts';
import { simStore } from '../../src/server/activation';
import { newIccid, simActivationCodeDigest } from '../../src/server/activation/sims';
import {
  customers, jobs, lines, orders, outboxMessages, portOutPins, portOutRequests, sandboxLineBars, sandboxNumbers, simChanges, sims, stateHistory,
} from '../../src/server/db/schema';
import { createSession } from '../../src/server/http/sessions';
import { runDueJobs } from '../../src/server/jobs/runner';
import { accountNumberOf } from '../../src/server/simSecurity';
import { sixDigitCode } from '../../src/server/secrets';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { checkSim } from './activationFixtures';
import { bearer, call, randomIp, randomPhone, type Answer } from './helpers';

const PASSWORD = 'Lotus#2917';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Customer { customerId: number; lineId: number; phone: string; email: string | null; iccid: string; cardCode: string }
type PortOut = { outcome: 'accepted' | 'refused'; reason: string | null };

describe.each(testDatabases())('SIM-swap and port-out protection (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  let passwordHash: string;
  let orderId: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    passwordHash = await hashPassword(PASSWORD);
    orderId = (await server.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, 'LBSEED2222')))[0]!.id;
  });
  afterAll(async () => { await server?.close(); });

  /** A customer with an activated line on a card of its own (physical unless told), its number assigned at the network. */
  async function customer(opts: { simType?: 'physical' | 'esim'; email?: string | null; kind?: 'us' | 'global' } = {}): Promise<Customer> {
    const simType = opts.simType ?? 'physical';
    const kind = opts.kind ?? 'us';
    const phone = randomPhone();
    const username = `sec${randomBytes(5).toString('hex')}`;
    const email = opts.email === undefined ? `${username}@example.com` : opts.email;
    const iccid = newIccid(kind);
    const cardCode = sixDigitCode();
    const now = server.clock.now();
    const [c] = await server.db.insert(customers).values({ username, phone: kind === 'us' ? phone : null, passwordHash, email }).returning({ id: customers.id });
    await server.db.insert(sims).values({
      iccid, kind, simType, status: 'activated', activationCodeHash: simActivationCodeDigest(server.app.deps.config.codePepper, iccid, cardCode),
      collected: 'online', orderId, purchasedAt: now,
    });
    const [l] = await server.db.insert(lines).values({ customerId: c!.id, kind, msisdn: kind === 'us' ? phone : null, iccid, simType, simStatus: 'activated' }).returning({ id: lines.id });
    if (kind === 'us') await server.db.insert(sandboxNumbers).values({ msisdn: phone, areaCode: phone.slice(0, 3), iccid, state: 'assigned', createdAt: now });
    return { customerId: c!.id, lineId: l!.id, phone, email, iccid, cardCode };
  }
  // A session of the moment (the clock moves a day in these tests; a session lasts 12 hours).
  const auth = async (c: Customer) => bearer((await createSession(server.app.deps, c.customerId, 'password')).access_token);
  const lineOf = async (c: Customer) => (await server.db.select().from(lines).where(eq(lines.id, c.lineId)))[0]!;
  const simOf = async (iccid: string) => (await server.db.select().from(sims).where(eq(sims.iccid, iccid)))[0]!;
  const info = async (c: Customer) => {
    const answer = await call<SecurityInfo>(server, endpoints.securityInfo, { headers: await auth(c) });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe('200');
    return answer.body.data!;
  };

  const sendCode = async (c: Customer, channel: 'sms' | 'email' = 'sms', ip = randomIp()) =>
    call<{ channel: string; to: string; resendAfterSeconds: number; expiresInSeconds: number }>(server, endpoints.securitySendCode, { body: { channel }, headers: await auth(c), ip });
  /** The code of the newest verification message to the line (or the email). */
  const codeIn = async (to: string) => {
    const sent = (await server.outbox(to)).filter((m) => m.meta.kind === 'verificationCode');
    const code = sent[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code sent to ${to}`);
    return code;
  };
  /** A fresh code to the line (or email), a minute after the last send so the send limits let it through. */
  const freshCode = async (c: Customer, channel: 'sms' | 'email' = 'sms') => {
    server.clock.advance(MINUTE + 1000);
    const sent = await sendCode(c, channel);
    expect(sent.body.code, JSON.stringify(sent.body)).toBe('200');
    return codeIn(channel === 'sms' ? c.phone : c.email!);
  };
  const lock = async (c: Customer, body: Record<string, unknown>) => call<SecurityInfo>(server, endpoints.securityLock, { body, headers: await auth(c) });
  const newPin = async (c: Customer, reauth: { code: string; password: string }) =>
    call<{ pin: string; expiresAt: string; accountNumber: string }>(server, endpoints.securityPin, { body: reauth, headers: await auth(c) });
  const convert = async (c: Customer, direction: 'toEsim' | 'toPhysical', reauth: { code: string; password: string }, key: string = randomUUID()) =>
    call<SecurityInfo>(server, endpoints.securityConvert, { body: { direction, ...reauth }, headers: { ...(await auth(c)), 'Idempotency-Key': key } });
  const portOut = async (body: { msisdn: string; accountNumber: string; pin: string; carrier?: string }) => {
    const res = await fetch(new URL('/sandbox/api/portOut', server.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = (await res.json()) as Answer<PortOut>['body'];
    expect(answer.code, JSON.stringify(answer)).toBe('200');
    return answer.data!;
  };
  const runJobs = async () => {
    const failed: string[] = [];
    await runDueJobs(server.app.deps, { log: { error: (obj) => { const o = obj as { err: Error; job: { kind: string } }; failed.push(`${o.job.kind}: ${o.err?.message}`); } } });
    expect(failed.filter((f) => f.startsWith('simSecurity.')), 'simSecurity jobs that failed').toEqual([]);
  };
  /** The messages of one kind sent to the customer's line and email, oldest first. */
  const told = (c: Customer, kind: string) => server.db.select().from(outboxMessages)
    .where(and(inArray(outboxMessages.to, [c.phone, c.email ?? c.phone]), sql`${outboxMessages.meta}->>'kind' = ${kind}`)).orderBy(asc(outboxMessages.id));
  /** One SMS to the line and one email to the account, each saying what to do if it was not them. */
  const expectToldOnce = async (c: Customer, kind: string, says: string) => {
    const messages = await told(c, kind);
    expect(messages.map((m) => `${m.channel}:${m.to}`).sort(), kind).toEqual([`email:${c.email}`, `sms:${c.phone}`]);
    const sms = messages.find((m) => m.channel === 'sms')!;
    const email = messages.find((m) => m.channel === 'email')!;
    expect(sms.body).toContain(says);
    expect(sms.body).toContain('Not you? Call 611');
    expect(email.body).toContain("If this wasn't you, call us now");
    expect(email.body).toContain('/personal/security');
  };

  // ---- 1. re-authentication ----------------------------------------------------------------------

  describe('re-authentication', () => {
    it('sends a code to the line, to the email when asked, and says noEmail when the account has none', async () => {
      const c = await customer();
      const sms = await sendCode(c);
      expect(sms.body).toMatchObject({ code: '200', data: { channel: 'sms', to: `••• ${c.phone.slice(-4)}`, expiresInSeconds: 300 } });
      const [text] = await server.outbox(c.phone);
      expect(text).toMatchObject({ channel: 'sms', meta: { kind: 'verificationCode', purpose: 'simChange' } });
      expect(text!.body).toMatch(/\b\d{6}\b/);
      server.clock.advance(MINUTE + 1000);
      const email = await sendCode(c, 'email');
      expect(email.body).toMatchObject({ code: '200', data: { channel: 'email', to: `${c.email![0]}•••@example.com` } });
      expect(await codeIn(c.email!)).toMatch(/^\d{6}$/);

      const without = await customer({ email: null });
      const refused = await sendCode(without, 'email');
      expect(refused.body.code).toBe('noEmail');
      expect(await server.outbox(without.phone)).toEqual([]);
    });

    it('a wrong password answers passwordWrong and leaves the code unspent; a wrong code answers codeWrong', async () => {
      const c = await customer();
      expect((await lock(c, { locked: true })).body.data!.numberLocked).toBe(true);
      const code = await freshCode(c);
      const badPassword = await lock(c, { locked: false, code, password: 'Wrong#1234' });
      expect(badPassword.body).toMatchObject({ code: 'passwordWrong', data: { field: 'password' } });
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await lock(c, { locked: false, code: wrong, password: PASSWORD })).body.code).toBe('codeWrong');
      expect((await lineOf(c)).numberLockedAt).not.toBeNull();
      const unlocked = await lock(c, { locked: false, code, password: PASSWORD });
      expect(unlocked.body, JSON.stringify(unlocked.body)).toMatchObject({ code: '200', data: { numberLocked: false } });
      // Single use.
      expect((await newPin(c, { code, password: PASSWORD })).body.code).toBe('codeExpired');
    });

    it('5 wrong codes kill the code: the right one no longer works', async () => {
      const c = await customer();
      const code = await freshCode(c);
      const wrong = code === '000000' ? '111111' : '000000';
      const answers: string[] = [];
      for (let i = 0; i < 5; i += 1) answers.push((await newPin(c, { code: wrong, password: PASSWORD })).body.code);
      expect(answers).toEqual(['codeWrong', 'codeWrong', 'codeWrong', 'codeWrong', 'codeLocked']);
      expect((await newPin(c, { code, password: PASSWORD })).body.code).toBe('codeLocked');
      expect(await server.db.select().from(portOutPins).where(eq(portOutPins.lineId, c.lineId))).toEqual([]);
    });

    it('a code expires after 5 minutes', async () => {
      const c = await customer();
      const code = await freshCode(c);
      server.clock.advance(5 * MINUTE);
      expect((await newPin(c, { code, password: PASSWORD })).body.code).toBe('codeExpired');
    });

    it('sends one code a minute per account (429, even asked at once), and a new code ends the previous one', async () => {
      const c = await customer();
      const first = await freshCode(c, 'email');
      const again = await sendCode(c);
      expect(again.status).toBe(429);
      expect(again.body.code).toBe('rateLimited');
      const parallel = await Promise.all([sendCode(c, 'email'), sendCode(c, 'sms')]);
      expect(parallel.map((a) => a.status)).toEqual([429, 429]);
      expect((await server.outbox(c.phone)).filter((m) => m.meta.kind === 'verificationCode')).toEqual([]);
      const second = await freshCode(c);
      if (second !== first) expect((await newPin(c, { code: first, password: PASSWORD })).body.code).toBe('codeWrong');
      expect((await newPin(c, { code: second, password: PASSWORD })).body.code).toBe('200');
    });
  });

  // ---- 2. the number lock ------------------------------------------------------------------------

  describe('number lock', () => {
    it('turns on without a code and off with code and password, each change told by SMS and email', async () => {
      const c = await customer();
      const on = await lock(c, { locked: true });
      expect(on.body, JSON.stringify(on.body)).toMatchObject({ code: '200', data: { numberLocked: true } });
      const lockedAt = (await lineOf(c)).numberLockedAt;
      expect(lockedAt).not.toBeNull();
      expect(on.body.data!.lockedAt).toBe(lockedAt!.toISOString());
      // Asked again: nothing changes and nobody is told twice.
      expect((await lock(c, { locked: true })).body.data!.lockedAt).toBe(lockedAt!.toISOString());
      await runJobs();
      await expectToldOnce(c, 'security.locked', 'the number lock of');

      const noCode = await lock(c, { locked: false });
      expect(noCode.body.code).toBe('validation');
      expect((await lineOf(c)).numberLockedAt).toEqual(lockedAt);
      const code = await freshCode(c);
      const off = await lock(c, { locked: false, code, password: PASSWORD });
      expect(off.body, JSON.stringify(off.body)).toMatchObject({ code: '200', data: { numberLocked: false, lockedAt: null } });
      expect((await lineOf(c)).numberLockedAt).toBeNull();
      await runJobs();
      await expectToldOnce(c, 'security.unlocked', 'was turned off');
    });

    it('while on, a conversion answers 423 numberLocked and changes nothing; a port-out request is refused, recorded and told', async () => {
      const c = await customer();
      const pin = await newPin(c, { code: await freshCode(c), password: PASSWORD });
      expect(pin.body.code).toBe('200');
      await lock(c, { locked: true });
      await runJobs();
      const snapshot = async () => ({
        line: await lineOf(c),
        sims: await server.db.select().from(sims).where(eq(sims.iccid, c.iccid)),
        changes: await server.db.select().from(simChanges).where(eq(simChanges.lineId, c.lineId)),
        history: await server.db.select().from(stateHistory).where(and(eq(stateHistory.chart, 'simLifecycle'), eq(stateHistory.entityRef, c.iccid))),
        jobs: (await server.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(sql`${jobs.kind} like 'simSecurity.%' and ${jobs.payload}->>'lineId' = ${String(c.lineId)}`))[0]!.n,
      });
      const before = await snapshot();
      const code = await freshCode(c);
      const refused = await convert(c, 'toEsim', { code, password: PASSWORD });
      expect(refused.status).toBe(423);
      expect(refused.body.code).toBe('numberLocked');
      expect(await snapshot()).toEqual(before);

      const request = await portOut({ msisdn: c.phone, accountNumber: pin.body.data!.accountNumber, pin: pin.body.data!.pin, carrier: 'Swap Wireless' });
      expect(request).toEqual({ outcome: 'refused', reason: 'locked' });
      const recorded = await server.db.select().from(portOutRequests).where(eq(portOutRequests.msisdn, c.phone));
      expect(recorded).toEqual([expect.objectContaining({ lineId: c.lineId, requestingCarrier: 'Swap Wireless', outcome: 'refused', reason: 'locked' })]);
      expect((await info(c)).portOutRequests).toEqual([expect.objectContaining({ carrier: 'Swap Wireless', outcome: 'refused', reason: 'locked' })]);
      // The PIN was not tried: it still works once the lock is off (with the code the refused conversion left unspent).
      expect((await server.db.select().from(portOutPins).where(eq(portOutPins.lineId, c.lineId)))[0]).toMatchObject({ attempts: 0, usedAt: null });
      await runJobs();
      await expectToldOnce(c, 'security.portOutRefused', 'Swap Wireless asked to move');
      expect((await lock(c, { locked: false, code, password: PASSWORD })).body.code).toBe('200');
      expect(await portOut({ msisdn: c.phone, accountNumber: pin.body.data!.accountNumber, pin: pin.body.data!.pin })).toEqual({ outcome: 'accepted', reason: null });
    });

    it('an eSIM reinstall is a SIM change: refused while on, told by SMS and email when made', async () => {
      const c = await customer({ simType: 'esim' });
      await server.db.update(sims).set({ smdpAddress: 'smdp.example.com', matchingId: `M-${c.iccid.slice(-8)}` }).where(eq(sims.iccid, c.iccid));
      await lock(c, { locked: true });
      const sent = await call(server, endpoints.installSendCode, { body: { line: 'us', channel: 'sms' }, headers: await auth(c) });
      expect(sent.body.code, JSON.stringify(sent.body)).toBe('200');
      const code = await codeIn(c.phone);
      const reveal = async () => call<{ activationCode: string }>(server, endpoints.installReveal, { body: { line: 'us', code, password: PASSWORD }, headers: await auth(c) });
      const refused = await reveal();
      expect(refused.status).toBe(423);
      expect(refused.body.code).toBe('numberLocked');
      expect(JSON.stringify(refused.body)).not.toContain(c.iccid.slice(-8));
      await lock(c, { locked: false, code: await freshCode(c), password: PASSWORD });
      const shown = await reveal();
      expect(shown.body, JSON.stringify(shown.body)).toMatchObject({ code: '200', data: { activationCode: `LPA:1$smdp.example.com$M-${c.iccid.slice(-8)}` } });
      await runJobs();
      await expectToldOnce(c, 'security.esimReinstall', 'QR code of');
    });
  });

  // ---- 3. the transfer PIN -----------------------------------------------------------------------

  describe('number transfer PIN', () => {
    it('8 digits, shown once, kept as a digest only; a new PIN ends the old one', async () => {
      const c = await customer();
      const first = await newPin(c, { code: await freshCode(c), password: PASSWORD });
      expect(first.body, JSON.stringify(first.body)).toMatchObject({ code: '200', data: { accountNumber: accountNumberOf({ id: c.lineId, customerId: c.customerId }) } });
      const { pin, expiresAt } = first.body.data!;
      expect(pin).toMatch(/^\d{8}$/);
      expect(new Date(expiresAt).getTime() - server.clock.now().getTime()).toBeGreaterThan(24 * HOUR - MINUTE);
      const rows = await server.db.select().from(portOutPins).where(eq(portOutPins.lineId, c.lineId));
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(pin);
      const shown = await info(c);
      expect(shown.pin).toEqual({ expiresAt });
      expect(JSON.stringify(shown)).not.toContain(pin);
      await runJobs();
      await expectToldOnce(c, 'security.pinCreated', 'a transfer PIN for');

      const second = (await newPin(c, { code: await freshCode(c), password: PASSWORD })).body.data!;
      const all = await server.db.select().from(portOutPins).where(eq(portOutPins.lineId, c.lineId)).orderBy(asc(portOutPins.id));
      expect(all.map((r) => r.usedAt !== null)).toEqual([true, false]);
      expect(JSON.stringify(all)).not.toContain(second.pin);
      const accountNumber = second.accountNumber;
      if (pin !== second.pin) expect(await portOut({ msisdn: c.phone, accountNumber, pin })).toEqual({ outcome: 'refused', reason: 'pinWrong' });
      expect(await portOut({ msisdn: c.phone, accountNumber, pin: second.pin })).toEqual({ outcome: 'accepted', reason: null });
    });

    it('the right account number and PIN are accepted once; the PIN used again is refused (pinExpired); each request told', async () => {
      const c = await customer();
      const { pin, accountNumber } = (await newPin(c, { code: await freshCode(c), password: PASSWORD })).body.data!;
      expect(await portOut({ msisdn: c.phone, accountNumber, pin, carrier: 'Gain Mobile' })).toEqual({ outcome: 'accepted', reason: null });
      expect(await portOut({ msisdn: c.phone, accountNumber, pin, carrier: 'Gain Mobile' })).toEqual({ outcome: 'refused', reason: 'pinExpired' });
      expect((await info(c)).pin).toBeNull();
      const recorded = await server.db.select().from(portOutRequests).where(eq(portOutRequests.lineId, c.lineId)).orderBy(asc(portOutRequests.id));
      expect(recorded.map((r) => `${r.outcome}:${r.reason}`)).toEqual(['accepted:null', 'refused:pinExpired']);
      await runJobs();
      await expectToldOnce(c, 'security.portOutAccepted', 'Gain Mobile is moving');
      await expectToldOnce(c, 'security.portOutRefused', 'Gain Mobile asked to move');
    });

    it('a wrong PIN is counted: 5 end it, and each of the requests is told (even at the same instant)', async () => {
      const c = await customer();
      const { pin, accountNumber } = (await newPin(c, { code: await freshCode(c), password: PASSWORD })).body.data!;
      const wrong = pin === '00000000' ? '11111111' : '00000000';
      // The server's time stands still: requests of one instant are still one notice each.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      let answers: PortOut[];
      try {
        answers = await Promise.all(Array.from({ length: 5 }, () => portOut({ msisdn: c.phone, accountNumber, pin: wrong })));
      } finally {
        vi.useRealTimers();
      }
      expect(answers).toEqual(Array.from({ length: 5 }, () => ({ outcome: 'refused', reason: 'pinWrong' })));
      expect((await server.db.select().from(portOutPins).where(eq(portOutPins.lineId, c.lineId)))[0]!.attempts).toBe(5);
      expect(await portOut({ msisdn: c.phone, accountNumber, pin })).toEqual({ outcome: 'refused', reason: 'pinExpired' });
      expect((await info(c)).pin).toBeNull();
      await runJobs();
      const notices = await told(c, 'security.portOutRefused');
      expect(notices.filter((m) => m.channel === 'sms')).toHaveLength(6);
      expect(notices.filter((m) => m.channel === 'email')).toHaveLength(6);
    });

    it('a PIN lasts 24 hours', async () => {
      const c = await customer();
      const { pin, accountNumber } = (await newPin(c, { code: await freshCode(c), password: PASSWORD })).body.data!;
      server.clock.advance(24 * HOUR);
      expect((await info(c)).pin).toBeNull();
      expect(await portOut({ msisdn: c.phone, accountNumber, pin })).toEqual({ outcome: 'refused', reason: 'pinExpired' });
    });

    it('another account number is refused (accountMismatch); a number not ours is refused and nobody is told', async () => {
      const c = await customer();
      const other = await customer();
      const { pin } = (await newPin(c, { code: await freshCode(c), password: PASSWORD })).body.data!;
      const theirs = accountNumberOf({ id: other.lineId, customerId: other.customerId });
      expect(await portOut({ msisdn: c.phone, accountNumber: theirs, pin })).toEqual({ outcome: 'refused', reason: 'accountMismatch' });
      expect((await server.db.select().from(portOutPins).where(eq(portOutPins.lineId, c.lineId)))[0]).toMatchObject({ attempts: 0, usedAt: null });

      const stranger = randomPhone();
      const jobsBefore = (await server.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(eq(jobs.kind, 'simSecurity.notice')))[0]!.n;
      expect(await portOut({ msisdn: stranger, accountNumber: theirs, pin })).toEqual({ outcome: 'refused', reason: 'unknownNumber' });
      expect(await server.db.select().from(portOutRequests).where(eq(portOutRequests.msisdn, stranger)))
        .toEqual([expect.objectContaining({ lineId: null, outcome: 'refused', reason: 'unknownNumber' })]);
      expect((await server.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(eq(jobs.kind, 'simSecurity.notice')))[0]!.n).toBe(jobsBefore);
      await runJobs();
      expect(await server.outbox(stranger)).toEqual([]);
      await expectToldOnce(c, 'security.portOutRefused', 'asked to move');
      expect(await told(other, 'security.portOutRefused')).toEqual([]);
    });
  });

  // ---- 4. physical to eSIM and back ---------------------------------------------------------------

  describe('conversion', () => {
    const historyOf = (iccid: string) => server.db.select().from(stateHistory)
      .where(and(eq(stateHistory.chart, 'simLifecycle'), eq(stateHistory.entityRef, iccid))).orderBy(asc(stateHistory.id));
    const chartState = (iccid: string) => server.db.transaction((tx) => simStore(iccid, server.clock.now()).load(tx as never));

    it('physical to eSIM (the card void, 120017 at activation, the QR emailed, the number and its bar moved) and back', async () => {
      const c = await customer();
      await server.app.deps.network.setBarring({ requestId: `bar-${c.lineId}`, iccid: c.iccid, barred: true });
      expect((await checkSim(server, c.iccid, c.cardCode)).body.code).toBe('120014');
      expect((await info(c)).canConvert).toBe('toEsim');

      // The line is lost: the code goes to the email.
      const key = randomUUID();
      const code = await freshCode(c, 'email');
      const converted = await convert(c, 'toEsim', { code, password: PASSWORD }, key);
      expect(converted.body, JSON.stringify(converted.body)).toMatchObject({ code: '200', data: { simType: 'esim', canConvert: 'toPhysical', physicalIccidEnd: c.iccid.slice(-4) } });
      const line = await lineOf(c);
      const esim = line.iccid;
      expect(esim).not.toBe(c.iccid);
      expect(esim).toMatch(/^8901260\d{12}$/);
      expect(line).toMatchObject({ simType: 'esim', simStatus: 'activated', msisdn: c.phone });
      expect(converted.body.data!.iccidEnd).toBe(esim.slice(-4));
      expect(await simOf(esim)).toMatchObject({ simType: 'esim', status: 'activated', voidedAt: null, smdpAddress: null });
      expect((await simOf(c.iccid)).voidedAt).not.toBeNull();
      expect(await chartState(c.iccid)).toBe('activated.convertedToEsim');
      expect((await historyOf(c.iccid)).map((h) => `${h.fromState}>${h.event}>${h.toState}`)).toEqual(['activated.physical>sim.convertToEsim>activated.convertedToEsim']);
      expect((await checkSim(server, c.iccid, c.cardCode)).body.code).toBe('120017');
      const changes = await server.db.select().from(simChanges).where(eq(simChanges.lineId, c.lineId));
      expect(changes).toEqual([expect.objectContaining({ kind: 'toEsim', fromIccid: c.iccid, toIccid: esim, reauth: 'email' })]);
      expect(converted.body.data!.changes).toEqual([expect.objectContaining({ kind: 'toEsim', reauth: 'email' })]);

      // The same key again: the same change, made once (no code needed to hear it again).
      const replay = await convert(c, 'toEsim', { code, password: PASSWORD }, key);
      expect(replay.body.code).toBe('200');
      expect(replay.body.data!.iccidEnd).toBe(esim.slice(-4));
      expect(await server.db.select().from(simChanges).where(eq(simChanges.lineId, c.lineId))).toHaveLength(1);
      expect((await lineOf(c)).iccid).toBe(esim);

      await runJobs();
      const profile = await simOf(esim);
      expect(profile.smdpAddress).toBeTruthy();
      expect(profile.matchingId).toBeTruthy();
      const qr = await told(c, 'security.esimQr');
      expect(qr.map((m) => `${m.channel}:${m.to}`)).toEqual([`email:${c.email}`]);
      expect(qr[0]!.body).toContain(profile.matchingId!);
      expect(qr[0]!.body).toContain(esim);
      await expectToldOnce(c, 'security.convertedToEsim', 'moved to an eSIM');
      expect(await server.db.select().from(sandboxLineBars).where(inArray(sandboxLineBars.iccid, [c.iccid, esim])))
        .toEqual([expect.objectContaining({ iccid: esim, barred: true })]);
      expect(await server.app.deps.network.isBarred(esim)).toBe(true);
      expect((await server.db.select().from(sandboxNumbers).where(eq(sandboxNumbers.msisdn, c.phone)))[0]!.iccid).toBe(esim);

      // The key of that change does not name another one.
      const back = await freshCode(c);
      expect((await convert(c, 'toPhysical', { code: back, password: PASSWORD }, key)).body.code).toBe('120086');
      const reverted = await convert(c, 'toPhysical', { code: back, password: PASSWORD });
      expect(reverted.body, JSON.stringify(reverted.body)).toMatchObject({ code: '200', data: { simType: 'physical', canConvert: 'toEsim', iccidEnd: c.iccid.slice(-4) } });
      expect(await lineOf(c)).toMatchObject({ iccid: c.iccid, simType: 'physical', simStatus: 'activated' });
      expect((await simOf(c.iccid)).voidedAt).toBeNull();
      expect((await simOf(esim)).voidedAt).not.toBeNull();
      expect(await chartState(c.iccid)).toBe('activated.physical');
      expect((await historyOf(c.iccid)).map((h) => h.event)).toEqual(['sim.convertToEsim', 'sim.revertConversion']);
      expect((await checkSim(server, c.iccid, c.cardCode)).body.code).toBe('120014');
      const both = await server.db.select().from(simChanges).where(eq(simChanges.lineId, c.lineId)).orderBy(asc(simChanges.id));
      expect(both.map((ch) => `${ch.kind}:${ch.fromIccid}>${ch.toIccid}:${ch.reauth}`)).toEqual([`toEsim:${c.iccid}>${esim}:email`, `toPhysical:${esim}>${c.iccid}:sms`]);
      await runJobs();
      await expectToldOnce(c, 'security.convertedToPhysical', 'moved back to its physical SIM card');
      expect(await server.db.select().from(sandboxLineBars).where(inArray(sandboxLineBars.iccid, [c.iccid, esim])))
        .toEqual([expect.objectContaining({ iccid: c.iccid, barred: true })]);
      expect((await server.db.select().from(sandboxNumbers).where(eq(sandboxNumbers.msisdn, c.phone)))[0]!.iccid).toBe(c.iccid);
    });

    it('two conversions at once with one code make one change: the other is told the code is spent or the SIM changed', async () => {
      const c = await customer();
      const code = await freshCode(c);
      const answers = await Promise.all([convert(c, 'toEsim', { code, password: PASSWORD }), convert(c, 'toEsim', { code, password: PASSWORD })]);
      const codes = answers.map((a) => a.body.code).sort();
      expect(codes.filter((x) => x === '200'), JSON.stringify(codes)).toHaveLength(1);
      expect(['codeExpired', 'simUnchanged']).toContain(codes.find((x) => x !== '200'));
      expect(await server.db.select().from(simChanges).where(eq(simChanges.lineId, c.lineId))).toHaveLength(1);
      const esims = await server.db.select().from(sims).where(eq(sims.iccid, (await lineOf(c)).iccid));
      expect(esims).toEqual([expect.objectContaining({ simType: 'esim' })]);
      // Asked again afterwards, with a new code: the SIM changed already.
      expect((await convert(c, 'toEsim', { code: await freshCode(c), password: PASSWORD })).body.code).toBe('simUnchanged');
    });

    it('the same key twice at once makes one change', async () => {
      const c = await customer();
      const code = await freshCode(c);
      const key = randomUUID();
      const answers = await Promise.all([convert(c, 'toEsim', { code, password: PASSWORD }, key), convert(c, 'toEsim', { code, password: PASSWORD }, key)]);
      expect(answers.map((a) => a.body.code)).toContain('200');
      for (const a of answers) expect(['200', 'codeExpired']).toContain(a.body.code);
      expect(await server.db.select().from(simChanges).where(eq(simChanges.lineId, c.lineId))).toHaveLength(1);
      expect((await convert(c, 'toEsim', { code, password: PASSWORD }, key)).body.code).toBe('200');
    });

    it('a line born on an eSIM has no card to go back to, a physical card is one already (simUnchanged, the code unspent)', async () => {
      const born = await customer({ simType: 'esim' });
      const code = await freshCode(born);
      expect((await info(born)).canConvert).toBeNull();
      const refused = await convert(born, 'toPhysical', { code, password: PASSWORD });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('simUnchanged');
      expect((await convert(born, 'toEsim', { code, password: PASSWORD })).body.code).toBe('simUnchanged');
      expect(await lineOf(born)).toMatchObject({ iccid: born.iccid, simType: 'esim' });
      const physical = await customer();
      expect((await convert(physical, 'toPhysical', { code: await freshCode(physical), password: PASSWORD })).body.code).toBe('simUnchanged');
      // Neither refusal spent the code.
      expect((await lock(born, { locked: true })).body.code).toBe('200');
      expect((await lock(born, { locked: false, code, password: PASSWORD })).body.code).toBe('200');
    });

    it('an account without a US line is refused (noUsLine)', async () => {
      const global = await customer({ kind: 'global', simType: 'esim' });
      expect((await call(server, endpoints.securityInfo, { headers: await auth(global) })).body.code).toBe('noUsLine');
      expect((await sendCode(global)).body.code).toBe('noUsLine');
      expect((await convert(global, 'toEsim', { code: '123456', password: PASSWORD })).body.code).toBe('noUsLine');
      expect((await lock(global, { locked: true })).body.code).toBe('noUsLine');
    });
  });

  // ---- 5. /cpni-out ------------------------------------------------------------------------------

  describe('CPNI opt-out', () => {
    const cpniCode = (phone: string, ip = randomIp()) => call<{ resendAfterSeconds: number; expiresInSeconds: number }>(server, endpoints.cpniSendCode, { body: { phone }, ip });
    const choose = (phone: string, code: string, optOut: boolean) => call<{ optedOut: boolean; at: string }>(server, endpoints.cpniChoice, { body: { phone, code, optOut } });

    it('answers the same for our number and a stranger\'s, texts only ours, and limits both', async () => {
      const c = await customer();
      const stranger = randomPhone();
      const ours = await cpniCode(c.phone);
      const theirs = await cpniCode(stranger);
      expect(ours.status).toBe(200);
      expect({ status: theirs.status, body: theirs.body }).toEqual({ status: ours.status, body: ours.body });
      const [text] = await server.outbox(c.phone);
      expect(text).toMatchObject({ channel: 'sms', meta: { purpose: 'cpni' } });
      expect(await server.outbox(stranger)).toEqual([]);
      const oursAgain = await cpniCode(c.phone);
      const theirsAgain = await cpniCode(stranger);
      expect([oursAgain.status, theirsAgain.status]).toEqual([429, 429]);
      expect(theirsAgain.body).toEqual(oursAgain.body);
      // Nor does the next step tell them apart.
      const ourWrong = await choose(c.phone, '000000' === await codeIn(c.phone) ? '111111' : '000000', true);
      const theirWrong = await choose(stranger, '000000', true);
      expect(ourWrong.body.code).toBe('codeWrong');
      expect({ status: theirWrong.status, body: theirWrong.body }).toEqual({ status: ourWrong.status, body: ourWrong.body });
    });

    it('the right code keeps the choice on the line: opted out, then back in; a wrong code changes nothing', async () => {
      const c = await customer();
      server.clock.advance(MINUTE + 1000);
      expect((await cpniCode(c.phone)).body.code).toBe('200');
      const code = await codeIn(c.phone);
      expect((await choose(c.phone, code === '000000' ? '111111' : '000000', true)).body.code).toBe('codeWrong');
      expect((await lineOf(c)).cpniOptOutAt).toBeNull();
      const out = await choose(c.phone, code, true);
      expect(out.body, JSON.stringify(out.body)).toMatchObject({ code: '200', data: { optedOut: true } });
      expect((await lineOf(c)).cpniOptOutAt?.toISOString()).toBe(out.body.data!.at);
      expect((await choose(c.phone, code, false)).body.code).toBe('codeExpired');
      server.clock.advance(MINUTE + 1000);
      await cpniCode(c.phone);
      const back = await choose(c.phone, await codeIn(c.phone), false);
      expect(back.body).toMatchObject({ code: '200', data: { optedOut: false } });
      expect((await lineOf(c)).cpniOptOutAt).toBeNull();
    });
  });
});
