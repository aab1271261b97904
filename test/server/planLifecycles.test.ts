/**
 * The server depth of the plan, autoRenewal and service charts: every generated path (test/model, the same paths as
 * the pure depth) is driven through the line's lifecycle row (line_lifecycles) by the gateway's own apply functions:
 * after each event the row holds the state the path says, a state_history row records it, and the chart's named
 * actions ran. Coverage is computed from what the rows went through and reported as depth 'server'. A refused event
 * answers the chart's business code and changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { EventObject } from 'xstate';
import type { PlanEvent } from '../../machines/plan.machine';
import type { AutoRenewalEvent } from '../../machines/autoRenewal.machine';
import type { ServiceEvent } from '../../machines/service.machine';
import { customers, lineLifecycles, lines, stateHistory } from '../../src/server/db/schema';
import { GatewayError } from '../../src/server/http/errors';
import { applyAutoRenewalEvent, applyPlanEvent, applyServiceEvent, type LineRef } from '../../src/server/plan/lifecycles';
import { stateName } from '../../src/server/db/lifecycle';
import { newIccid } from '../../src/server/activation/sims';
import { models } from '../../machines/models/index';
import { INSIDE, OUTSIDE } from '../../machines/models/planLifecycles';
import { coverageOf, formatTable, isComplete, writeCoverage } from '../model/toolkit/coverage';
import { generatePaths, type PathCase } from '../../machines/paths';
import { newRecorder } from '../model/toolkit/run';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { recordMove, recordState } from './lifecycleDepth';

type Column = 'planState' | 'autoRenewalState' | 'serviceState';

describe.each(testDatabases({ postgres: false, because: 'chart paths applied row by row, one request at a time: the same SQL on both databases' }))('plan, autoRenewal and service lifecycles on the server (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  async function newLine(): Promise<LineRef> {
    const [c] = await server.db.insert(customers).values({ username: `pl${randomBytes(5).toString('hex')}` }).returning({ id: customers.id });
    const [l] = await server.db.insert(lines).values({ customerId: c!.id, iccid: newIccid('us'), simType: 'physical', simStatus: 'activated' }).returning({ id: lines.id });
    return { id: l!.id, customerId: c!.id };
  }

  const stateOf = async (line: LineRef, column: Column) =>
    (await server.db.select().from(lineLifecycles).where(eq(lineLifecycles.lineId, line.id)))[0]?.[column] ?? null;
  const history = (chart: string, line: LineRef) => server.db.select().from(stateHistory)
    .where(and(eq(stateHistory.chart, chart), eq(stateHistory.entityRef, String(line.id)))).orderBy(asc(stateHistory.id));

  const cases: Array<[chart: string, column: Column, initial: string, actions: string[], apply: (line: LineRef, event: EventObject, actions: Record<string, () => Promise<void>>) => Promise<unknown>]> = [
    ['plan', 'planState', 'none', ['startTerm', 'recordPendingPlan', 'extendTerm', 'startNextCycle', 'startPendingPlan', 'endTerm'],
      (line, event, actions) => applyPlanEvent(server.app.deps, line, event as PlanEvent, actions)],
    ['autoRenewal', 'autoRenewalState', 'notOpen', ['recordOpening', 'recordMethod', 'recordClosing'],
      (line, event, actions) => applyAutoRenewalEvent(server.app.deps, line, event as AutoRenewalEvent, actions)],
    ['service', 'serviceState', 'active', ['barLine', 'barLineForStaff', 'unbarLine', 'releaseNumber', 'stopNumberClock', 'restartNumberClock'],
      (line, event, actions) => applyServiceEvent(server.app.deps, line, event as ServiceEvent, actions)],
  ];

  it.each(cases)('%s: every path, on a line\'s lifecycle row', async (chart, column, initial, actionNames, apply) => {
    const model = models[chart]!;
    const machine = model.entry.machine;
    const recorder = newRecorder();
    const paths: PathCase[] = generatePaths(model);
    for (const path of paths) {
      const line = await newLine();
      const ran: string[] = [];
      const expectedActions = path.events.flatMap((e, i) => {
        const before = machine.resolveState({ value: path.values[i]!, context: {} });
        return machine.getTransitionData(before, e).flatMap((t) => t.actions.map((a) => (typeof a === 'string' ? a : (a as { type: string }).type)));
      });
      const actions = Object.fromEntries(actionNames.map((name) => [name, async () => { ran.push(name); }]));
      recordState(machine, recorder, initial);
      expect(stateName(path.values[0]!)).toBe(initial);
      for (const [i, event] of path.events.entries()) {
        const from = (await stateOf(line, column)) ?? initial;
        await apply(line, event, actions);
        const to = (await stateOf(line, column))!;
        expect(to, `${path.transition.id} step ${i + 1} (${event.type})`).toBe(stateName(path.values[i + 1]!));
        recordMove(machine, recorder, from, event, to);
      }
      const rows = await history(chart, line);
      expect(rows.map((r) => `${r.fromState}>${r.event}>${r.toState}`))
        .toEqual(path.events.map((e, i) => `${stateName(path.values[i]!)}>${e.type}>${stateName(path.values[i + 1]!)}`));
      expect(ran, 'the chart\'s named actions, run by the host in order').toEqual(expectedActions);
    }
    const row = coverageOf(model.entry, recorder, 'server', paths.length);
    console.log(`\n${formatTable([row])}`);
    writeCoverage([row]);
    expect({ states: row.states.missing, transitions: row.transitions.missing }).toEqual({ states: [], transitions: [] });
    expect(isComplete(row)).toBe(true);
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
