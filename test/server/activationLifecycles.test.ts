/**
 * The server depth of the simLifecycle and portIn charts: every generated path (test/model, the same paths as the
 * pure depth) is driven through the gateway's own stores (sims.status / sims.voided_at / lines.sim_status, and
 * port_ins.state) by applyLifecycleEvent, on real rows: after each event the row holds the state the path says, a
 * state_history row records it, and the chart's named actions ran. Coverage is computed from what the rows went
 * through and reported as depth 'server'; an event the chart refuses changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { portInMachine, type PortInEvent } from '../../machines/portIn.machine';
import type { SimLifecycleEvent } from '../../machines/simLifecycle.machine';
import { activations, customers, lines, portIns, sims } from '../../src/server/db/schema';
import { GatewayError } from '../../src/server/http/errors';
import { applySimEvent, portInStore, simStore } from '../../src/server/activation/jobs';
import { applyLifecycleEvent, stateName } from '../../src/server/db/lifecycle';
import { newIccid } from '../../src/server/activation/sims';
import { models } from '../../machines/models/index';
import { EXPIRE } from '../../machines/models/simLifecycle';
import { startTestServer, type TestServer } from '../support/server';
import { historyOf, walkDatabases, walkEveryPath } from './lifecycleDepth';

describe.each(walkDatabases())('SIM and port-in lifecycles on the server (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  const history = (chart: string, ref: string) => historyOf(server, chart, ref);

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
    const actionsOf: Record<string, string[]> = { 'sim.activate': ['startProvisioning'], 'sim.provisioned': ['recordActivation'], 'sim.provisioningFailed': ['recordProvisioningFailure'] };
    await walkEveryPath({
      server, model: models.simLifecycle!, initial: 'inactive', actions: ['startProvisioning', 'recordActivation', 'recordProvisioningFailure'],
      // The card is of the type the path's events speak of (the host puts the card's own type on them).
      create: (path) => newCardWithLine((path.events.find((e) => 'simType' in e) as { simType?: 'physical' | 'esim' } | undefined)?.simType ?? 'physical'),
      load: (iccid) => server.db.transaction((tx) => simStore(iccid, server.clock.now()).load(tx as never)),
      apply: (iccid, event: SimLifecycleEvent, actions) => applySimEvent(server.app.deps, iccid, event, actions),
      historyRef: (iccid) => iccid,
      async afterPath(iccid, path, ran) {
        const [card] = await server.db.select().from(sims).where(eq(sims.iccid, iccid));
        const [line] = await server.db.select().from(lines).where(eq(lines.iccid, iccid));
        const last = stateName(path.values.at(-1)!);
        // A void card carries no line (decision 0037: its line moved to the replacement before it stopped): the line keeps
        // the status it had; every other state is the line's too.
        const before = stateName(path.values.at(-2) ?? path.values[0]!);
        expect(line!.simStatus).toBe(last === 'void' ? before.split('.')[0] : card!.status);
        expect(card!.voidedAt !== null).toBe(last === 'activated.convertedToEsim' || last === 'void');
        expect(ran).toEqual(path.events.flatMap((e) => actionsOf[e.type] ?? []));
      },
    });
  });

  it('simLifecycle: the clock cannot expire a card inside its window; the refused event writes nothing', async () => {
    const iccid = await newCardWithLine('physical');
    await expect(applySimEvent(server.app.deps, iccid, { type: 'sim.expire', ...EXPIRE.physicalWithinWindow }, {}, { rejectWith: '120018' }))
      .rejects.toSatisfy((e) => e instanceof GatewayError && e.code === '120018');
    expect((await server.db.select().from(sims).where(eq(sims.iccid, iccid)))[0]!.status).toBe('inactive');
    expect(await history('simLifecycle', iccid)).toEqual([]);
  });

  it('portIn: every path, on a port request of an activation', async () => {
    await walkEveryPath({
      server, model: models.portIn!, initial: 'submitted',
      actions: ['recordCarrierRef', 'assignPortedNumber', 'askCustomerToCorrect', 'recordDecline', 'keepCorrectedDetails'],
      async create() {
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
        return { publicId, now, store: portInStore(p!.id, now) };
      },
      load: ({ store }) => server.db.transaction((tx) => store.load(tx as never)),
      apply: ({ publicId, now, store }, event: PortInEvent, actions) => applyLifecycleEvent<PortInEvent>(server.db, {
        chart: 'portIn', machine: portInMachine, entityRef: publicId, store, event, actions, at: now, rejectWith: 'portInNotCorrectable',
      }),
      historyRef: ({ publicId }) => publicId,
      afterPath: (_port, path, ran) => { expect(ran).toHaveLength(path.events.length); },
    });
  });
});
