/**
 * The server depth of the plan, autoRenewal and service charts: every generated path (test/model, the same paths as
 * the pure depth) is driven through the line's lifecycle row (line_lifecycles) by the gateway's own apply functions:
 * after each event the row holds the state the path says, a state_history row records it, and the chart's named
 * actions ran. Coverage is computed from what the rows went through and reported as depth 'server'. A refused event
 * answers the chart's business code and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EventObject } from 'xstate';
import type { PlanEvent } from '../../machines/plan.machine';
import type { AutoRenewalEvent } from '../../machines/autoRenewal.machine';
import type { ServiceEvent } from '../../machines/service.machine';
import { lineLifecycles } from '../../src/server/db/schema';
import { GatewayError } from '../../src/server/http/errors';
import { applyAutoRenewalEvent, applyPlanEvent, applyServiceEvent, type LineRef } from '../../src/server/plan/lifecycles';
import { models } from '../../machines/models/index';
import { INSIDE, OUTSIDE } from '../../machines/models/planLifecycles';
import { startTestServer, type TestServer } from '../support/server';
import { historyOf, newActiveLine, type Recorders, walkDatabases, walkEveryPath } from './lifecycleDepth';

type Column = 'planState' | 'autoRenewalState' | 'serviceState';

describe.each(walkDatabases())('plan, autoRenewal and service lifecycles on the server (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  const newLine = (): Promise<LineRef> => newActiveLine(server, 'pl');
  const stateOf = async (line: LineRef, column: Column) =>
    (await server.db.select().from(lineLifecycles).where(eq(lineLifecycles.lineId, line.id)))[0]?.[column] ?? null;
  const history = (chart: string, line: LineRef) => historyOf(server, chart, String(line.id));

  const cases: Array<[chart: string, column: Column, initial: string, actions: string[], apply: (line: LineRef, event: EventObject, actions: Recorders) => Promise<unknown>]> = [
    ['plan', 'planState', 'none', ['startTerm', 'recordPendingPlan', 'extendTerm', 'startNextCycle', 'startPendingPlan', 'endTerm'],
      (line, event, actions) => applyPlanEvent(server.app.deps, line, event as PlanEvent, actions)],
    ['autoRenewal', 'autoRenewalState', 'notOpen', ['recordOpening', 'recordMethod', 'recordClosing'],
      (line, event, actions) => applyAutoRenewalEvent(server.app.deps, line, event as AutoRenewalEvent, actions)],
    ['service', 'serviceState', 'active', ['barLine', 'barLineForStaff', 'unbarLine', 'releaseNumber', 'stopNumberClock', 'restartNumberClock'],
      (line, event, actions) => applyServiceEvent(server.app.deps, line, event as ServiceEvent, actions)],
  ];

  it.each(cases)('%s: every path, on a line\'s lifecycle row', async (chart, column, initial, actionNames, apply) => {
    await walkEveryPath({
      server, model: models[chart]!, initial, actions: actionNames,
      create: newLine, load: (line) => stateOf(line, column), historyRef: (line) => String(line.id), apply,
    });
  });

  it('plan: a change without a plan is refused with 120079, a second change with 120080; nothing is written', async () => {
    const line = await newLine();
    const change: PlanEvent = { type: 'plan.orderChange', planId: 1, months: 1 };
    const noop = { startTerm: async () => undefined, recordPendingPlan: async () => undefined };
    await expect(applyPlanEvent(server.app.deps, line, change, noop)).rejects.toSatisfy((e) => e instanceof GatewayError && e.code === '120079');
    await applyPlanEvent(server.app.deps, line, { type: 'plan.start', planId: 1, months: 1 }, noop);
    await applyPlanEvent(server.app.deps, line, change, noop);
    await expect(applyPlanEvent(server.app.deps, line, change, noop)).rejects.toSatisfy((e) => e instanceof GatewayError && e.code === '120080');
    expect((await history('plan', line)).map((r) => r.toState)).toEqual(['main.only', 'main.pending']);
  });

  it('autoRenewal: refused between 0 and 3 AM Pacific with when to come back (3:00 AM Pacific); without the terms as a field error', async () => {
    const line = await newLine();
    const open: AutoRenewalEvent = { type: 'autoRenewal.open', method: 'balance', termsAccepted: true, hasCard: false, at: INSIDE };
    const refused = await applyAutoRenewalEvent(server.app.deps, line, open, { recordOpening: async () => undefined }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).code).toBe('autoRenewalMaintenance');
    // INSIDE is 1:30 AM PST on November 25, 2026: back at 3:00 AM PST, 11:00 UTC.
    expect((refused as GatewayError).options.data).toEqual({ retryAt: '2026-11-25T11:00:00.000Z' });
    const noTerms = await applyAutoRenewalEvent(server.app.deps, line, { ...open, termsAccepted: false, at: OUTSIDE }, { recordOpening: async () => undefined }).catch((e: unknown) => e);
    expect((noTerms as GatewayError).code).toBe('validation');
    // The refusal rolled back everything, even the lifecycle row the first event of a line creates.
    expect(await stateOf(line, 'autoRenewalState')).toBeNull();
    expect(await history('autoRenewal', line)).toEqual([]);
  });
});
