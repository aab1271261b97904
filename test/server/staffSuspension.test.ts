/**
 * Suspension by staff (issue 15; spec section 1: "Commercial or illegal use may lead to suspension"), through the
 * sandbox's customer-service acts (the staff console of issue 16 will call the same module): the service chart moves
 * to suspended.byStaff with its reason, the network bars the line, the customer is told why on /personal and by
 * email and SMS in their language; paying does not lift it and the clock never removes its number; staff lift it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { PlanLife } from '../../src/contract/planLife';
import { lineLifecycles, lines, stateHistory } from '../../src/server/db/schema';
import { runDueJobs } from '../../src/server/jobs/runner';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call, passwordLogin } from './helpers';

describe.each(testDatabases({ postgres: false, because: 'one line moved by one request at a time; the service chart\'s SQL is the renewal suite\'s, run on both databases' }))('suspension by staff (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  const staff = (payload: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: '/sandbox/api/staff', payload, remoteAddress: '127.0.0.1', headers: { Language: 'zh-Hans' } });

  async function testLine() {
    const res = await server.app.inject({ method: 'POST', url: '/sandbox/api/testLine', payload: {}, remoteAddress: '127.0.0.1' });
    const { phone, password } = res.json().data as { phone: string; password: string };
    const [line] = await server.db.select().from(lines).where(eq(lines.msisdn, phone));
    // The customer last used the site in Traditional Chinese: the messages follow.
    await server.db.update(lineLifecycles).set({ lang: 'zh-Hant' }).where(eq(lineLifecycles.lineId, line!.id));
    const token = (await passwordLogin(server, phone, password)).body.data!.access_token;
    return { phone, line: line!, token };
  }

  it('suspends with the reason, bars the line, tells the customer why; paying does not lift it; staff do', async () => {
    const c = await testLine();
    const suspended = await staff({ act: 'suspend', line: `+1 ${c.phone}`, reason: 'Commercial use: SIM box traffic' });
    expect(suspended.json(), suspended.body).toMatchObject({ code: '200', data: { lineId: c.line.id, state: 'suspended.byStaff' } });
    await runDueJobs(server.app.deps);
    expect(await server.app.deps.network.isBarred(c.line.iccid)).toBe(true);

    const life = await call<PlanLife>(server, endpoints.planLife, { headers: bearer(c.token) });
    expect(life.body.data!.service).toMatchObject({ state: 'suspended.byStaff', reason: 'Commercial use: SIM box traffic', toPayCents: null });
    const sms = (await server.outbox(c.phone)).find((m) => m.body.includes('客服暫停'));
    expect(sms?.body).toContain('Commercial use: SIM box traffic');

    // Paying is no way out of a staff suspension, and a second suspension changes nothing.
    const recover = await call(server, endpoints.serviceRecover, { body: { method: 'balance' }, headers: bearer(c.token) });
    expect(recover.body.code).toBe('notSuspended');
    expect((await staff({ act: 'suspend', line: c.line.iccid, reason: 'Again' })).statusCode).toBe(409);

    // 200 days on, the number is still the customer's: the clock removes numbers of unpaid lines only.
    server.clock.advance(200 * 86_400_000);
    await runDueJobs(server.app.deps);
    const [still] = await server.db.select().from(lines).where(eq(lines.id, c.line.id));
    expect(still!.msisdn).toBe(c.phone);
    expect((await server.db.select().from(lineLifecycles).where(eq(lineLifecycles.lineId, c.line.id)))[0]!.serviceState).toBe('suspended.byStaff');

    const restored = await staff({ act: 'restore', line: c.line.iccid });
    expect(restored.json()).toMatchObject({ code: '200', data: { state: 'active' } });
    await runDueJobs(server.app.deps);
    expect(await server.app.deps.network.isBarred(c.line.iccid)).toBe(false);
    expect((await staff({ act: 'restore', line: c.line.iccid })).json().code).toBe('serviceUnchanged');

    const history = await server.db.select().from(stateHistory)
      .where(and(eq(stateHistory.chart, 'service'), eq(stateHistory.entityRef, String(c.line.id)))).orderBy(asc(stateHistory.id));
    expect(history.map((h) => [h.fromState, h.event, h.toState])).toEqual([
      ['active', 'service.staffSuspend', 'suspended.byStaff'],
      ['suspended.byStaff', 'service.staffRestore', 'active'],
    ]);
  });

  it('answers this machine only: from anywhere else the customer-service acts do not exist', async () => {
    const c = await testLine();
    const remote = await server.app.inject({ method: 'POST', url: '/sandbox/api/staff', payload: { act: 'suspend', line: c.phone, reason: 'Commercial use' }, remoteAddress: '192.0.2.10' });
    expect(remote.statusCode).toBe(404);
    const form = await server.app.inject({ method: 'POST', url: '/sandbox/staff', payload: `act=suspend&line=${c.phone}&reason=Commercial+use`, remoteAddress: '192.0.2.10', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(404);
    expect((await server.db.select().from(lineLifecycles).where(eq(lineLifecycles.lineId, c.line.id)))[0]!.serviceState).toBe('active');
  });

  it('refuses an unknown line and a missing reason, in the caller\'s language, changing nothing', async () => {
    const unknown = await staff({ act: 'suspend', line: '2015550000', reason: 'Commercial use' });
    expect(unknown.json().code).toBe('noRecord');
    const c = await testLine();
    const noReason = await staff({ act: 'suspend', line: c.phone, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/[\u4e00-\u9fff]/);
    expect((await server.db.select().from(lineLifecycles).where(eq(lineLifecycles.lineId, c.line.id)))[0]!.serviceState).toBe('active');
  });

  it('the clock page acts as customer service with a plain form', async () => {
    const c = await testLine();
    const form = (body: string) => server.app.inject({ method: 'POST', url: '/sandbox/staff', payload: body, remoteAddress: '127.0.0.1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const done = await form(`act=suspend&line=${c.phone}&reason=${encodeURIComponent('Resale of service')}`);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toContain('suspended.byStaff');
    const page = await server.app.inject({ method: 'GET', url: done.headers.location as string, remoteAddress: '127.0.0.1' });
    expect(page.body).toContain('is now suspended.byStaff');
    expect(page.body).toContain('Suspend the line');
    expect((await form(`act=suspend&line=${c.phone}&reason=x`)).statusCode).toBe(400);
    expect((await form('act=restore&line=0000000000')).statusCode).toBe(404);
  });
});
