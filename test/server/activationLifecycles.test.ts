/**
 * The server depth of the simLifecycle and portIn charts: every generated path (test/model, the same paths as the
 * pure depth) is driven through the gateway's own stores (sims.status / sims.voided_at / lines.sim_status, and
 * port_ins.state) by applyLifecycleEvent, on real rows: after each event the row holds the state the path says, a
 * state_history row records it, and the chart's named actions ran. Coverage is computed from what the rows went
 * through and reported as depth 'server'; an event the chart refuses changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { AnyStateMachine, EventObject } from 'xstate';
import { portInMachine, type PortInEvent } from '../../machines/portIn.machine';
import type { SimLifecycleEvent } from '../../machines/simLifecycle.machine';
import { activations, customers, lines, portIns, sims, stateHistory } from '../../src/server/db/schema';
import { GatewayError } from '../../src/server/http/errors';
import { applySimEvent, portInStore, simStore } from '../../src/server/activation/jobs';
import { applyLifecycleEvent, stateName } from '../../src/server/db/lifecycle';
import { newIccid } from '../../src/server/activation/sims';
import { models } from '../../machines/models/index';
import { EXPIRE } from '../../machines/models/simLifecycle';
import { coverageOf, formatTable, isComplete, writeCoverage } from '../model/toolkit/coverage';
import { generatePaths, type PathCase } from '../../machines/paths';
import { newRecorder, type Recorder } from '../model/toolkit/run';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { recordMove, recordState } from './lifecycleDepth';

/** What the row's store answers now, as the chart's state. */
type Load = () => Promise<string | null>;
type Apply = (event: EventObject) => Promise<void>;

/** Records the transitions a stored move took and every state node it passed (ancestors included). */
async function drive(path: PathCase, machine: AnyStateMachine, recorder: Recorder, load: Load, apply: Apply) {
  expect(await load()).toBe(stateName(path.values[0]!));
  recordState(machine, recorder, stateName(path.values[0]!));
  for (const [i, event] of path.events.entries()) {
    const from = (await load())!;
    await apply(event);
    const to = (await load())!;
    expect(to, `${path.transition.id} step ${i + 1} (${event.type})`).toBe(stateName(path.values[i + 1]!));
    recordMove(machine, recorder, from, event, to);
  }
}

describe.each(testDatabases({ postgres: false, because: 'chart paths applied row by row, one request at a time: the same SQL on both databases' }))('SIM and port-in lifecycles on the server (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  const history = (chart: string, ref: string) => server.db.select().from(stateHistory)
    .where(and(eq(stateHistory.chart, chart), eq(stateHistory.entityRef, ref))).orderBy(asc(stateHistory.id));

  async function newCustomer() {
    const [c] = await server.db.insert(customers).values({ username: `lc${randomBytes(5).toString('hex')}` }).returning({ id: customers.id });
    return c!.id;
  }

  async function newCardWithLine(simType: 'physical' | 'esim') {
    const iccid = newIccid('us');
    await server.db.insert(sims).values({ iccid, simType, activationCodeHash: 'unused', status: 'inactive' });
    await server.db.insert(lines).values({ customerId: await newCustomer(), iccid, simType, simStatus: 'inactive' });
    return iccid;
  }

  it('simLifecycle: every path, on a card and its line', async () => {
    const model = models.simLifecycle!;
    const recorder = newRecorder();
    const paths = generatePaths(model);
    for (const path of paths) {
      // The card is of the type the path's events speak of (the host puts the card's own type on them).
      const typed = path.events.find((e) => 'simType' in e) as { simType?: 'physical' | 'esim' } | undefined;
      const iccid = await newCardWithLine(typed?.simType ?? 'physical');
      const ran: string[] = [];
      const actions = Object.fromEntries(['startProvisioning', 'recordActivation', 'recordProvisioningFailure']
        .map((name) => [name, async () => { ran.push(name); }]));
      await drive(path, model.entry.machine, recorder,
        () => server.db.transaction((tx) => simStore(iccid, server.clock.now()).load(tx as never)),
        async (event) => { await applySimEvent(server.app.deps, iccid, event as SimLifecycleEvent, actions); });

      const rows = await history('simLifecycle', iccid);
      expect(rows.map((r) => r.event)).toEqual(path.events.map((e) => e.type));
      const [card] = await server.db.select().from(sims).where(eq(sims.iccid, iccid));
      const [line] = await server.db.select().from(lines).where(eq(lines.iccid, iccid));
      const last = stateName(path.values.at(-1)!);
      // A void card carries no line (decision 0037: its line moved to the replacement before it stopped): the line keeps
      // the status it had; every other state is the line's too.
      const before = stateName(path.values.at(-2) ?? path.values[0]!);
      expect(line!.simStatus).toBe(last === 'void' ? before.split('.')[0] : card!.status);
      expect(card!.voidedAt !== null).toBe(last === 'activated.convertedToEsim' || last === 'void');
      const expectedActions = path.events.flatMap((e) => ({ 'sim.activate': ['startProvisioning'], 'sim.provisioned': ['recordActivation'], 'sim.provisioningFailed': ['recordProvisioningFailure'] } as Record<string, string[]>)[e.type] ?? []);
      expect(ran).toEqual(expectedActions);
    }
    const row = coverageOf(model.entry, recorder, 'server', paths.length);
    console.log(`\n${formatTable([row])}`);
    writeCoverage([row]);
    expect({ states: row.states.missing, transitions: row.transitions.missing }).toEqual({ states: [], transitions: [] });
    expect(isComplete(row)).toBe(true);
  });

  it('simLifecycle: the clock cannot expire a card inside its window; the refused event writes nothing', async () => {
    const iccid = await newCardWithLine('physical');
    await expect(applySimEvent(server.app.deps, iccid, { type: 'sim.expire', ...EXPIRE.physicalWithinWindow }, {}, { rejectWith: '120018' }))
      .rejects.toSatisfy((e) => e instanceof GatewayError && e.code === '120018');
    expect((await server.db.select().from(sims).where(eq(sims.iccid, iccid)))[0]!.status).toBe('inactive');
    expect(await history('simLifecycle', iccid)).toEqual([]);
  });

  it('portIn: every path, on a port request of an activation', async () => {
    const model = models.portIn!;
    const recorder = newRecorder();
    const paths = generatePaths(model);
    for (const path of paths) {
      const iccid = await newCardWithLine('physical');
      const customerId = await newCustomer();
      const publicId = `ACTLC${randomBytes(4).toString('hex').toUpperCase()}`;
      const now = server.clock.now();
      const [a] = await server.db.insert(activations).values({
        publicId, iccid, customerId, kind: 'us', simType: 'physical', numberKind: 'port', msisdn: '6265550190', birthday: '1990-01-01',
        email: `${publicId}@example.com`, zip: '91776', status: 'activated', idempotencyKey: publicId, requestHash: 'x', lang: 'en', submittedAt: now,
      }).returning({ id: activations.id });
      const [p] = await server.db.insert(portIns).values({
        activationId: a!.id, carrier: 'T-Mobile', msisdn: '6265550190', accountZip: '91776', accountNumberCipher: 'x', pinCipher: 'x', accountNumberHint: '00',
      }).returning({ id: portIns.id });
      const ran: string[] = [];
      const actions = Object.fromEntries(['recordCarrierRef', 'assignPortedNumber', 'askCustomerToCorrect', 'recordDecline', 'keepCorrectedDetails']
        .map((name) => [name, async () => { ran.push(name); }]));
      const store = portInStore(p!.id, now);
      await drive(path, model.entry.machine, recorder,
        () => server.db.transaction((tx) => store.load(tx as never)),
        async (event) => {
          await applyLifecycleEvent<PortInEvent>(server.db, {
            chart: 'portIn', machine: portInMachine, entityRef: publicId, store, event: event as PortInEvent, actions, at: now, rejectWith: 'portInNotCorrectable',
          });
        });
      expect((await history('portIn', publicId)).map((r) => `${r.fromState}>${r.toState}`))
        .toEqual(path.events.map((_, i) => `${stateName(path.values[i]!)}>${stateName(path.values[i + 1]!)}`));
      expect(ran).toHaveLength(path.events.length);
    }
    const row = coverageOf(model.entry, recorder, 'server', paths.length);
    console.log(`\n${formatTable([row])}`);
    writeCoverage([row]);
    expect({ states: row.states.missing, transitions: row.transitions.missing }).toEqual({ states: [], transitions: [] });
  });
});
