/**
 * The staff console's API (issue 16; spec section 6: "Staff review IDs"): its own login, limited and audited; its own
 * cookie (HttpOnly, SameSite=Strict, only sent to the staff API); a customer's credentials never open it and a staff
 * token opens nothing of the storefront; cookie-authenticated changes only from the console itself; the real-name
 * queue oldest first with the reviews that ran over; one application in full, each view and photo logged with who and
 * when; a decision needs a reason to fail; the decided list says who decided.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import { CHANNEL, CHANNEL_HEADER, SESSION_COOKIE } from '../../src/contract/auth';
import type { EndpointDef } from '../../src/contract/endpoint';
import { STAFF_API, STAFF_COOKIE } from '../../src/contract/staff';
import { DAY_MS } from '../../src/domain/planCalendar';
import { hashPassword } from '../../src/server/accounts';
import { newIccid } from '../../src/server/activation/sims';
import { balances, customers, lines, outboxMessages, planSubscriptions, plans, realNameApplications, staffAccounts, staffAudit, staffSessions } from '../../src/server/db/schema';
import { applyForDualNumber, submitRealName, uploadPhoto } from '../../src/server/dual';
import { createSession } from '../../src/server/http/sessions';
import { runDueJobs } from '../../src/server/jobs/runner';
import { seedSandboxStaff, SANDBOX_STAFF } from '../../src/server/staff';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call, randomIp, randomPhone } from './helpers';
import { errorText } from './ordersHelpers';

interface Review { id: number; status: string; usNumber: string; overdue: boolean; submittedAt: string; reviewDueAt: string; decidedBy: string | null; reason: string | null; decidedAt: string | null }
interface Detail extends Review { idNumber: string; issuePlace: string; address: string; photos: Array<{ slot: string }>; log: Array<{ action: string; staff: string; at: string }> }

const [REVIEWER, REVIEWER2] = SANDBOX_STAFF;

describe.each(testDatabases())('staff console (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  let planId: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    await seedSandboxStaff(server.db);
    planId = (await server.db.select().from(plans).where(eq(plans.slug, '5gb-plan')))[0]!.id;
  });
  afterAll(async () => { await server?.close(); });

  async function login(email: string, password: string, ip = randomIp()) {
    return call<{ email: string; name: string; role: string }>(server, endpoints.staffLogin, { body: { email, password }, ip });
  }
  async function staffToken(who: { email: string; password: string } = REVIEWER): Promise<string> {
    const answer = await login(who.email, who.password);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe('200');
    return new RegExp(`${STAFF_COOKIE}=([^;]+)`).exec(answer.headers.get('set-cookie') ?? '')![1]!;
  }

  interface Customer { customerId: number; lineId: number; phone: string }
  async function customer(): Promise<Customer> {
    const phone = randomPhone();
    const [c] = await server.db.insert(customers).values({ username: `staff${randomBytes(5).toString('hex')}`, phone, email: `c${phone}@example.com` }).returning({ id: customers.id });
    const [l] = await server.db.insert(lines).values({ customerId: c!.id, msisdn: phone, iccid: newIccid('us'), simType: 'esim', simStatus: 'activated' }).returning({ id: lines.id });
    const now = server.clock.now();
    await server.db.insert(planSubscriptions).values({ lineId: l!.id, planId, status: 'main', startsAt: new Date(now.getTime() - DAY_MS), expiresAt: new Date(now.getTime() + 300 * DAY_MS) });
    await server.db.insert(balances).values({ customerId: c!.id, generalCents: 1000 });
    return { customerId: c!.id, lineId: l!.id, phone };
  }
  const customerToken = async (c: Customer) => (await createSession(server.app.deps, c.customerId, 'password')).access_token;

  /** A customer's application waiting for review, made through the gateway's own functions (its HTTP path is dualNumber.test.ts's). */
  async function application(idNumber = `P${randomBytes(4).toString('hex').toUpperCase()}`) {
    const c = await customer();
    const deps = server.app.deps;
    await applyForDualNumber(deps, c.customerId);
    const photos: Record<string, string> = {};
    for (const slot of ['handheld', 'front', 'back'] as const) {
      const body = await sharp({ create: { width: 160, height: 100, channels: 3, background: { r: 20, g: 120, b: 200 } } }).jpeg().toBuffer();
      photos[slot] = (await uploadPhoto(deps, { customerId: c.customerId, slot, body })).ref;
    }
    await submitRealName(deps, c.customerId, {
      nationality: 'HK', idType: 'hkId', idName: 'Chan Tai Man', idNumber, issuePlace: 'Hong Kong', address: '8 Queen\'s Road, Central', photos: photos as never,
    });
    const [app] = await server.db.select().from(realNameApplications).where(eq(realNameApplications.lineId, c.lineId));
    return { c, app: app!, idNumber };
  }

  const audits = (subject: string) => server.db.select().from(staffAudit).where(eq(staffAudit.subject, subject)).orderBy(asc(staffAudit.id));
  const staffIdOf = async (email: string) => (await server.db.select().from(staffAccounts).where(eq(staffAccounts.email, email)))[0]!.id;
  const setClock = (at: Date) => server.clock.advance(Math.max(0, at.getTime() - server.clock.now().getTime()));

  it('login: a wrong password or an unknown email is the same 401; the 6th try in 15 minutes is refused (429), even with the right password', async () => {
    const email = `locked${randomBytes(3).toString('hex')}@linkbridge.test`;
    await server.db.insert(staffAccounts).values({ email, name: 'Lock Test', passwordHash: await hashPassword('Right@2468'), role: 'reviewer' });
    const unknown = await login(`nobody${randomBytes(3).toString('hex')}@linkbridge.test`, 'Right@2468');
    expect(unknown).toMatchObject({ status: 401, body: { code: 'staffLoginFailed', message: errorText('en', 'staffLoginFailed') } });
    expect(unknown.headers.get('set-cookie')).toBeNull();
    for (let i = 1; i <= 5; i += 1) {
      const wrong = await login(email, `Wrong@${i}xyz`);
      expect({ i, status: wrong.status, code: wrong.body.code }).toEqual({ i, status: 401, code: 'staffLoginFailed' });
    }
    const sixth = await login(email, 'Right@2468');
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('rateLimited');
    expect(sixth.headers.get('set-cookie')).toBeNull();
    const id = await staffIdOf(email);
    expect(await server.db.select().from(staffSessions).where(eq(staffSessions.staffId, id))).toEqual([]);
    // 15 minutes later the right password works, and the login is written down.
    server.clock.advance(15 * 60_000 + 1000);
    const later = await login(email, 'Right@2468');
    expect(later.body).toMatchObject({ code: '200', data: { email, name: 'Lock Test', role: 'reviewer' } });
    expect((await audits(`staff:${id}`)).map((a) => a.action)).toEqual(['login']);
  });

  it('the Staff-Token cookie is HttpOnly, SameSite=Strict and sent to the staff API only; logout revokes the session and clears it', async () => {
    const answer = await login(REVIEWER.email, REVIEWER.password);
    expect(answer.body).toMatchObject({ code: '200', data: { email: REVIEWER.email, role: 'reviewer' } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const cookie = answer.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^${STAFF_COOKIE}=[A-Za-z0-9_-]{20,}; `));
    const attributes = cookie.split(';').slice(1).map((a) => a.trim());
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', `Path=${STAFF_API}`, 'Max-Age=28800']));
    expect(STAFF_API).toBe('/gateway/staff/api/v1');
    expect(JSON.stringify(answer.body)).not.toContain(/=([^;]+)/.exec(cookie)![1]!);

    const token = /=([^;]+)/.exec(cookie)![1]!;
    const withCookie = { cookie: `${STAFF_COOKIE}=${token}`, [CHANNEL_HEADER]: CHANNEL };
    expect((await call(server, endpoints.staffWho, { headers: withCookie })).body).toMatchObject({ code: '200', data: { email: REVIEWER.email } });
    const out = await call(server, endpoints.staffLogout, { headers: withCookie });
    expect(out.body.code).toBe('200');
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`^${STAFF_COOKIE}=; .*Max-Age=0`));
    const [session] = await server.db.select().from(staffSessions).where(eq(staffSessions.staffId, await staffIdOf(REVIEWER.email))).orderBy(sql`${staffSessions.id} desc`).limit(1);
    expect(session!.revokedAt).not.toBeNull();
    for (const headers of [withCookie, bearer(token)]) {
      const after = await call(server, endpoints.staffWho, { headers });
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('unauthorized');
    }
    // An 8-hour session ends by itself.
    const other = await staffToken(REVIEWER2);
    server.clock.advance(8 * 3_600_000 + 1000);
    expect((await call(server, endpoints.staffWho, { headers: bearer(other) })).status).toBe(401);
  });

  it('a customer\'s Bearer token or session cookie answers 401 on every staff endpoint; a staff token 401 on the customer\'s', async () => {
    const { c, app } = await application();
    const customerAuth = await customerToken(c);
    const staff: Array<[EndpointDef, { body?: unknown; query?: Record<string, string> }]> = [
      [endpoints.staffWho, {}],
      [endpoints.staffLogout, {}],
      [endpoints.staffReviews, { query: { status: 'waiting' } }],
      [endpoints.staffReview, { query: { id: String(app.id) } }],
      [endpoints.staffReviewPhoto, { query: { id: String(app.id), slot: 'front' } }],
      [endpoints.staffDecide, { body: { id: app.id, decision: 'approve' } }],
    ];
    const asCustomer = [bearer(customerAuth), { cookie: `${SESSION_COOKIE}=${customerAuth}`, [CHANNEL_HEADER]: CHANNEL }];
    for (const [endpoint, init] of staff) {
      for (const headers of asCustomer) {
        const answer = await call(server, endpoint, { ...init, headers });
        expect({ endpoint: endpoint.id, status: answer.status, code: answer.body.code }).toEqual({ endpoint: endpoint.id, status: 401, code: 'unauthorized' });
        // Not "your session has expired": the customer's session is fine; this is the staff console's sign-in.
        expect(answer.body.message).toBe("Sign in to the staff console with your staff account. A customer's login can't open it.");
      }
    }
    // Nothing of it happened: still waiting, no decision logged, the customer's session untouched.
    expect((await server.db.select().from(realNameApplications).where(eq(realNameApplications.id, app.id)))[0]!.status).toBe('underReview');
    expect(await audits(`application:${app.id}`)).toEqual([]);
    expect((await call(server, endpoints.dualNumberInfo, { headers: bearer(customerAuth) })).body.code).toBe('200');

    const token = await staffToken();
    const asStaff = [bearer(token), { cookie: `${SESSION_COOKIE}=${token}`, [CHANNEL_HEADER]: CHANNEL }, { cookie: `${STAFF_COOKIE}=${token}`, [CHANNEL_HEADER]: CHANNEL }];
    for (const headers of asStaff) {
      for (const [endpoint, init] of [[endpoints.dualNumberInfo, {}], [endpoints.dualNumberApply, {}], [endpoints.dualNumberAction, { body: { action: 'close' } }]] as const) {
        const answer = await call(server, endpoint, { ...init, headers });
        expect({ endpoint: endpoint.id, status: answer.status }).toEqual({ endpoint: endpoint.id, status: 401 });
      }
    }
  });

  it('a change authenticated by the staff cookie must come from the console (CHANNEL header, own origin): 403 crossSiteRequest otherwise', async () => {
    const { app } = await application();
    const token = await staffToken();
    const cookie = `${STAFF_COOKIE}=${token}`;
    const decide = (headers: Record<string, string>) => call(server, endpoints.staffDecide, { body: { id: app.id, decision: 'approve' }, headers: { cookie, ...headers } });
    const crossSite: Array<Record<string, string>> = [{}, { [CHANNEL_HEADER]: CHANNEL, origin: 'https://evil.example' }, { [CHANNEL_HEADER]: CHANNEL, 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossSite) {
      const refused = await decide(headers);
      expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'crossSiteRequest' });
    }
    const logout = await call(server, endpoints.staffLogout, { headers: { cookie } });
    expect(logout.status).toBe(403);
    expect((await server.db.select().from(realNameApplications).where(eq(realNameApplications.id, app.id)))[0]!.status).toBe('underReview');
    // Reading needs no header; the change with it goes through.
    expect((await call(server, endpoints.staffWho, { headers: { cookie } })).status).toBe(200);
    const done = await decide({ [CHANNEL_HEADER]: CHANNEL });
    expect(done.body).toMatchObject({ code: '200', data: { status: 'approved' } });
  });

  it('the queue: waiting oldest first, overdue past the 3 working days (reviewers reminded once); staff decide, not the clock', async () => {
    const first = await application();
    server.clock.advance(60_000);
    const second = await application();
    const token = await staffToken();
    const waiting = async (headers: Record<string, string>) => {
      const answer = await call<{ reviews: Review[] }>(server, endpoints.staffReviews, { query: { status: 'waiting' }, headers });
      expect(answer.body.code).toBe('200');
      return answer.body.data!.reviews.filter((r) => [first.app.id, second.app.id].includes(r.id));
    };
    const before = await waiting(bearer(token));
    expect(before.map((r) => [r.id, r.overdue])).toEqual([[first.app.id, false], [second.app.id, false]]);
    expect(before[0]).toMatchObject({ status: 'underReview', usNumber: first.c.phone, reviewDueAt: first.app.reviewDueAt.toISOString(), decidedBy: null });
    const all = (await call<{ reviews: Review[] }>(server, endpoints.staffReviews, { query: { status: 'waiting' }, headers: bearer(token) })).body.data!.reviews;
    expect(all.map((r) => r.submittedAt)).toEqual([...all.map((r) => r.submittedAt)].sort());

    setClock(first.app.reviewDueAt);
    await runDueJobs(server.app.deps);
    const after = await waiting(bearer(await staffToken()));
    expect(after.map((r) => [r.id, r.overdue])).toEqual([[first.app.id, true], [second.app.id, second.app.reviewDueAt <= server.clock.now()]]);
    expect(after.every((r) => r.status === 'underReview')).toBe(true);
    const [reminded] = await server.db.select().from(realNameApplications).where(eq(realNameApplications.id, first.app.id));
    expect(reminded!.remindedAt).not.toBeNull();
    const reminders = await server.db.select().from(outboxMessages)
      .where(and(eq(outboxMessages.to, REVIEWER.email), sql`${outboxMessages.meta}->>'kind' = 'dual.reviewOverdue'`, sql`${outboxMessages.subject} like ${`%#${first.app.id}`}`));
    expect(reminders).toHaveLength(1);
    await runDueJobs(server.app.deps);
    expect(await server.db.select().from(outboxMessages)
      .where(and(eq(outboxMessages.to, REVIEWER.email), sql`${outboxMessages.subject} like ${`%#${first.app.id}`}`))).toHaveLength(1);
  });

  it('one application in full: the document number decrypted for the reviewer, the view and each photo logged with who and when', async () => {
    const { app, idNumber } = await application();
    expect(app.idNumberCipher).not.toContain(idNumber);
    const token = await staffToken(REVIEWER2);
    const staffId = await staffIdOf(REVIEWER2.email);
    const at = server.clock.now().getTime();
    const detail = await call<Detail>(server, endpoints.staffReview, { query: { id: String(app.id) }, headers: bearer(token) });
    expect(detail.body.data, JSON.stringify(detail.body)).toMatchObject({ id: app.id, idNumber, issuePlace: 'Hong Kong', address: '8 Queen\'s Road, Central', idType: 'hkId', nationality: 'HK', status: 'underReview' });
    expect(detail.body.data!.photos.map((p) => p.slot).sort()).toEqual(['back', 'front', 'handheld']);
    const photo = await fetch(new URL(`${endpoints.staffReviewPhoto.path}?id=${app.id}&slot=handheld`, server.url), { headers: bearer(token) });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).format).toBe('jpeg');
    const log = await audits(`application:${app.id}`);
    expect(log.map((l) => [l.action, l.staffId, l.detail])).toEqual([['review.view', staffId, {}], ['review.photo', staffId, { slot: 'handheld' }]]);
    expect(log.every((l) => Math.abs(l.at.getTime() - at) < 60_000)).toBe(true);
    // The next view shows the log, with who.
    const again = await call<Detail>(server, endpoints.staffReview, { query: { id: String(app.id) }, headers: bearer(token) });
    expect(again.body.data!.log.map((l) => [l.action, l.staff])).toEqual([['review.view', REVIEWER2.email], ['review.photo', REVIEWER2.email], ['review.view', REVIEWER2.email]]);
    // An application nobody has: 404, nothing logged.
    const missing = await call(server, endpoints.staffReview, { query: { id: '99999999' }, headers: bearer(token) });
    expect(missing).toMatchObject({ status: 404, body: { code: 'noRecord' } });
    expect(await audits('application:99999999')).toEqual([]);
  });

  it('failing an application needs a reason (validation, nothing decided); the decided list says who decided, newest first', async () => {
    const rejectedOne = await application();
    const approvedOne = await application();
    const token = await staffToken();
    for (const body of [{ id: rejectedOne.app.id, decision: 'reject' }, { id: rejectedOne.app.id, decision: 'reject', reason: '   ' }, { id: rejectedOne.app.id, decision: 'maybe' }]) {
      const refused = await call(server, endpoints.staffDecide, { body, headers: bearer(token) });
      expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 400, code: 'validation' });
    }
    expect((await server.db.select().from(realNameApplications).where(eq(realNameApplications.id, rejectedOne.app.id)))[0]!.status).toBe('underReview');
    expect(await audits(`application:${rejectedOne.app.id}`)).toEqual([]);

    const reason = 'The document has expired.';
    expect((await call(server, endpoints.staffDecide, { body: { id: rejectedOne.app.id, decision: 'reject', reason }, headers: bearer(token) })).body.code).toBe('200');
    server.clock.advance(1000);
    expect((await call(server, endpoints.staffDecide, { body: { id: approvedOne.app.id, decision: 'approve' }, headers: bearer(await staffToken(REVIEWER2)) })).body.code).toBe('200');
    // Decided once: a second decision is refused and writes nothing.
    const twice = await call(server, endpoints.staffDecide, { body: { id: approvedOne.app.id, decision: 'reject', reason: 'Changed my mind' }, headers: bearer(token) });
    expect(twice).toMatchObject({ status: 409, body: { code: 'dualUnchanged' } });

    const decided = (await call<{ reviews: Review[] }>(server, endpoints.staffReviews, { query: { status: 'decided' }, headers: bearer(token) })).body.data!.reviews;
    const ours = decided.filter((r) => [rejectedOne.app.id, approvedOne.app.id].includes(r.id));
    expect(ours.map((r) => [r.id, r.status, r.decidedBy, r.reason])).toEqual([
      [approvedOne.app.id, 'approved', REVIEWER2.email, null],
      [rejectedOne.app.id, 'rejected', REVIEWER.email, reason],
    ]);
    expect(decided.map((r) => r.decidedAt)).toEqual([...decided.map((r) => r.decidedAt)].sort().reverse());
    const log = await audits(`application:${rejectedOne.app.id}`);
    expect(log.map((l) => [l.action, l.detail])).toEqual([['review.reject', { reason }]]);
    expect((await audits(`application:${approvedOne.app.id}`)).map((l) => l.action)).toEqual(['review.approve']);
    const waiting = (await call<{ reviews: Review[] }>(server, endpoints.staffReviews, { query: { status: 'waiting' }, headers: bearer(token) })).body.data!.reviews;
    expect(waiting.map((r) => r.id)).not.toContain(approvedOne.app.id);
  });
});
