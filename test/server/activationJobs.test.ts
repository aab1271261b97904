/**
 * The activation job (src/server/activation/jobs.ts) driving real rows through the simLifecycle and portIn
 * charts: a submit over HTTP enqueues `activation.provision`; the runner, on the moved clock, provisions after
 * NETWORK_DELAY, ports after PORT_DELAY, applies each event with a state_history row and emails the customer in
 * the language they activated in. Run twice, it provisions, ports and emails once. No PIN or account number
 * reaches a job, a log line, the outbox or the history.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { ActivationView } from '../../src/contract/activation';
import { CARRIER_MESSAGES, E911_FAILURE } from '../../src/server/adapters/networkSandbox';
import { decryptPortInSecrets, encryptPortInSecrets } from '../../src/server/activation/portInSecrets';
import { activations, jobs, lines, portIns, sandboxPortRequests, sandboxProvisions, sims, stateHistory } from '../../src/server/db/schema';
import { enqueueJob } from '../../src/server/jobs/queue';
import { runDueJobs } from '../../src/server/jobs/runner';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { form, freeNumber, newCard, portChoice, submit, tokenFor } from './activationFixtures';
import { emailsTo } from './fulfilmentFixtures';
import { call } from './helpers';

const NETWORK_DELAY_MS = 5_000;
const PORT_DELAY_MS = 15_000;
/** Distinctive, so "never shown" checks cannot pass by accident. */
const ACCOUNT_NUMBER = 'ACC-90417733';
const PIN = '5813';

describe.each(testDatabases())('activation jobs on %s', (_name, databaseUrl) => {
  let server: TestServer;
  const logs: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({ write(chunk, _enc, done) { logs.push(String(chunk)); done(); } });
    server = await startTestServer({ databaseUrl, logStream, config: { networkDelayMs: NETWORK_DELAY_MS, portDelayMs: PORT_DELAY_MS } });
  });
  afterAll(async () => { await server?.close(); });

  const run = () => runDueJobs(server.app.deps);
  /** The runner takes the job at once (npm start: within a second), then the network answers after its delay. */
  const runAfter = async (delayMs: number) => {
    await run();
    server.clock.advance(delayMs);
    await run();
  };
  const activationRow = async (publicId: string) => (await server.db.select().from(activations).where(eq(activations.publicId, publicId)))[0]!;
  const portInRow = async (publicId: string) => {
    const a = await activationRow(publicId);
    return (await server.db.select().from(portIns).where(eq(portIns.activationId, a.id)))[0]!;
  };
  const history = (chart: string, ref: string) => server.db.select().from(stateHistory)
    .where(and(eq(stateHistory.chart, chart), eq(stateHistory.entityRef, ref))).orderBy(asc(stateHistory.id));
  const steps = async (chart: string, ref: string) => (await history(chart, ref)).map((h) => `${h.fromState} -${h.event}-> ${h.toState}`);
  const status = (activationId: string, activationToken: string) =>
    call<ActivationView>(server, endpoints.activationStatus, { body: { activationId, activationToken } });

  /** Submits step 2 for a fresh card of our own; answers the activation and the address its emails go to. */
  async function activate(opts: { number: 'new' | 'port' | 'none'; simType?: 'physical' | 'esim'; lang?: string; port?: Record<string, string>; e911Line1?: string; kind?: 'us' | 'global' }) {
    const card = await newCard(server, { simType: opts.simType, kind: opts.kind });
    const token = await tokenFor(server, card);
    const number = opts.number === 'new' ? { kind: 'new', msisdn: await freeNumber(server, token, '626') }
      : opts.number === 'port' ? portChoice({ accountNumber: ACCOUNT_NUMBER, pin: PIN, ...opts.port }) : { kind: 'none' };
    const body = form(number, opts.kind === 'global' ? { wifiCalling: { enabled: false } } : {});
    if (opts.e911Line1) (body.wifiCalling as { e911: { address1: string } }).e911.address1 = opts.e911Line1;
    const res = await submit(server, token, body, { lang: opts.lang });
    expect(res.body.code, JSON.stringify(res.body)).toBe('200');
    const view = res.body.data!.activation;
    return { card, token, id: view.activationId, email: (body.personal as { email: string }).email, msisdn: (number as { msisdn?: string }).msisdn ?? null };
  }

  describe('provisioning a line', () => {
    it('a new number: activating until the network answers after its delay, then activated, with its number, history and email in the buyer\'s language', async () => {
      const a = await activate({ number: 'new', lang: 'zh-Hant' });
      await run();
      let row = await activationRow(a.id);
      expect(row).toMatchObject({ status: 'activating', activatedAt: null });
      expect(row.networkRef).toMatch(/^PRV/);
      const [job] = await server.db.select().from(jobs).where(eq(jobs.dedupeKey, `activation.provision:${a.id}`));
      expect(job).toMatchObject({ doneAt: null, attempts: 0, lastError: null, payload: { activationId: a.id } });
      expect(job!.runAt.getTime() - server.clock.now().getTime()).toBeGreaterThan(3_000);
      expect(job!.runAt.getTime() - server.clock.now().getTime()).toBeLessThanOrEqual(NETWORK_DELAY_MS);
      expect(await emailsTo(server, a.email)).toEqual([]);

      server.clock.advance(NETWORK_DELAY_MS);
      await run();
      row = await activationRow(a.id);
      expect(row.status).toBe('activated');
      expect(row.activatedAt).not.toBeNull();
      const [sim] = await server.db.select().from(sims).where(eq(sims.iccid, a.card.iccid));
      const [line] = await server.db.select().from(lines).where(eq(lines.iccid, a.card.iccid));
      expect(sim!.status).toBe('activated');
      expect(line).toMatchObject({ simStatus: 'activated', msisdn: a.msisdn });
      expect(await steps('simLifecycle', a.card.iccid)).toEqual(['inactive -sim.activate-> activating', 'activating -sim.provisioned-> activated.physical']);
      expect((await status(a.id, a.token)).body.data).toMatchObject({ simStatus: 'activated', msisdn: a.msisdn });

      const mails = await emailsTo(server, a.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ subject: '您的聯橋移動門號已開通', lang: 'zh-Hant' });
      const formatted = `(${a.msisdn!.slice(0, 3)}) ${a.msisdn!.slice(3, 6)}-${a.msisdn!.slice(6)}`;
      expect(mails[0]!.body).toContain(`您的手機門號是 ${formatted}`);
      expect(mails[0]!.body).toContain('Wi-Fi 通話已開啟');
      expect(mails[0]!.html).toContain('/personal');
    });

    it('an eSIM is activated as an eSIM, and its email says where its QR code is', async () => {
      const a = await activate({ number: 'new', simType: 'esim', lang: 'zh-Hans' });
      await runAfter(NETWORK_DELAY_MS);
      await run();
      expect(await steps('simLifecycle', a.card.iccid)).toEqual(['inactive -sim.activate-> activating', 'activating -sim.provisioned-> activated.esim']);
      const mails = await emailsTo(server, a.email);
      expect(mails.map((m) => m.subject)).toEqual(['您的联桥移动号码已开通']);
      expect(mails[0]!.body).toContain('扫描购买时我们发给您的邮件中的二维码');
    });

    it('a global data SIM is provisioned without a number', async () => {
      const a = await activate({ number: 'none', kind: 'global' });
      await runAfter(NETWORK_DELAY_MS);
      expect((await activationRow(a.id)).status).toBe('activated');
      const mails = await emailsTo(server, a.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain('Your global data SIM is active: data only');
    });

    it(`fails on the E911 test value: the card is inactive again, the activation failed with ${E911_FAILURE}, nothing emailed`, async () => {
      const a = await activate({ number: 'new', e911Line1: '0 Nowhere St' });
      await runAfter(NETWORK_DELAY_MS);
      expect(await activationRow(a.id)).toMatchObject({ status: 'failed', failure: E911_FAILURE, activatedAt: null });
      const [sim] = await server.db.select().from(sims).where(eq(sims.iccid, a.card.iccid));
      const [line] = await server.db.select().from(lines).where(eq(lines.iccid, a.card.iccid));
      expect(sim!.status).toBe('inactive');
      expect(line!.simStatus).toBe('inactive');
      expect(await steps('simLifecycle', a.card.iccid)).toEqual(['inactive -sim.activate-> activating', 'activating -sim.provisioningFailed-> inactive']);
      expect(await emailsTo(server, a.email)).toEqual([]);
      // The card can be activated again (with an address the network accepts).
      const again = await submit(server, a.token, form({ kind: 'new', msisdn: await freeNumber(server, a.token, '718') }));
      expect(again.body.code).toBe('200');
    });

    it('is idempotent: a second job for the same activation and repeated runs provision, record and email once', async () => {
      const a = await activate({ number: 'new' });
      await server.db.transaction(async (tx) => {
        await enqueueJob(tx as never, { kind: 'activation.provision', dedupeKey: `activation.provision:${a.id}:second`, payload: { activationId: a.id }, runAt: server.clock.now() });
      });
      await run();
      server.clock.advance(NETWORK_DELAY_MS);
      await Promise.all([run(), run()]);
      await run();
      const row = await activationRow(a.id);
      expect(row.status).toBe('activated');
      expect(await server.db.select().from(sandboxProvisions).where(eq(sandboxProvisions.iccid, a.card.iccid))).toHaveLength(1);
      expect(await steps('simLifecycle', a.card.iccid)).toHaveLength(2);
      expect(await emailsTo(server, a.email)).toHaveLength(1);
      const provisionJobs = await server.db.select().from(jobs).where(like(jobs.dedupeKey, `activation.provision:${a.id}%`));
      expect(provisionJobs.map((j) => [j.doneAt !== null, j.lastError])).toEqual([[true, null], [true, null]]);
    });
  });

  describe('porting a number in', () => {
    it('activates the line, then completes the port after its delay: the line takes the number, the customer is emailed twice', async () => {
      const a = await activate({ number: 'port', port: { msisdn: '6265550177', carrier: 'T-Mobile' } });
      await runAfter(NETWORK_DELAY_MS);
      expect((await activationRow(a.id)).status).toBe('activated');
      expect((await portInRow(a.id)).state).toBe('pending');
      const [lineBefore] = await server.db.select().from(lines).where(eq(lines.iccid, a.card.iccid));
      expect(lineBefore!.msisdn).toBeNull();
      let mails = await emailsTo(server, a.email);
      expect(mails.map((m) => m.subject)).toEqual(['Your LinkBridge line is active']);
      expect(mails[0]!.body).toContain('We are transferring (626) 555-0177 from T-Mobile. Porting takes up to 24 hours');

      server.clock.advance(PORT_DELAY_MS);
      await run();
      const portIn = await portInRow(a.id);
      expect(portIn).toMatchObject({ state: 'completed', reason: null });
      expect(portIn.networkRef).toMatch(/^PRT/);
      // The port is over: its account number and PIN are no longer kept, even encrypted.
      expect(portIn).toMatchObject({ accountNumberCipher: '', pinCipher: '' });
      const [line] = await server.db.select().from(lines).where(eq(lines.iccid, a.card.iccid));
      expect(line!.msisdn).toBe('6265550177');
      expect(await steps('portIn', a.id)).toEqual(['submitted -portIn.requested-> pending', 'pending -portIn.completed-> completed']);
      expect((await status(a.id, a.token)).body.data).toMatchObject({ msisdn: '6265550177', portIn: { state: 'completed' } });
      mails = await emailsTo(server, a.email);
      expect(mails.map((m) => m.subject)).toEqual(['Your LinkBridge line is active', 'Your number (626) 555-0177 now works on LinkBridge']);

      await run();
      expect(await emailsTo(server, a.email)).toHaveLength(2);
    });

    it('a wrong PIN needs information: the carrier\'s words, what to correct, where; the correction completes the port', async () => {
      const a = await activate({ number: 'port', lang: 'zh-Hans', port: { pin: '0000', carrier: 'AT&T', msisdn: '6265550178' } });
      await runAfter(NETWORK_DELAY_MS);
      server.clock.advance(PORT_DELAY_MS);
      await run();
      expect(await portInRow(a.id)).toMatchObject({ state: 'informationRequired', reason: 'pin', carrierMessage: CARRIER_MESSAGES.pin });
      expect((await status(a.id, a.token)).body.data!.portIn).toMatchObject({ state: 'informationRequired', reason: 'pin', carrierMessage: CARRIER_MESSAGES.pin });
      const needs = (await emailsTo(server, a.email)).filter((m) => m.meta.kind === 'portInformationRequired');
      expect(needs).toHaveLength(1);
      expect(needs[0]).toMatchObject({ subject: '需要您处理：AT&T 需要更正信息才能转出 (626) 555-0178', lang: 'zh-Hans' });
      expect(needs[0]!.body).toContain(CARRIER_MESSAGES.pin);
      expect(needs[0]!.body).toContain('需要更正：您在 AT&T 账户的转出 PIN 码');
      expect(needs[0]!.html).toContain('/personal');
      // Nothing more to do until the customer corrects: the job is done, not polling.
      const [job] = await server.db.select().from(jobs).where(eq(jobs.dedupeKey, `activation.provision:${a.id}`));
      expect(job!.doneAt).not.toBeNull();

      const corrected = await call<ActivationView>(server, endpoints.portInCorrect, {
        body: { activationId: a.id, activationToken: a.token, carrier: 'AT&T', msisdn: '6265550178', accountNumber: ACCOUNT_NUMBER, pin: PIN, accountZip: '94110' },
      });
      expect(corrected.body.code, JSON.stringify(corrected.body)).toBe('200');
      await run();
      expect((await portInRow(a.id)).state).toBe('pending');
      server.clock.advance(PORT_DELAY_MS);
      await run();
      expect((await portInRow(a.id)).state).toBe('completed');
      expect(await steps('portIn', a.id)).toEqual([
        'submitted -portIn.requested-> pending', 'pending -portIn.informationRequired-> informationRequired',
        'informationRequired -portIn.correct-> resubmitted', 'resubmitted -portIn.requested-> pending', 'pending -portIn.completed-> completed',
      ]);
      const kinds = (await emailsTo(server, a.email)).map((m) => m.meta.kind);
      expect(kinds).toEqual(['activated', 'portInformationRequired', 'portCompleted']);
      const [corrections] = await server.db.select().from(sandboxPortRequests).where(eq(sandboxPortRequests.ref, (await portInRow(a.id)).networkRef!));
      expect(corrections!.outcome).toBe('completed');
    });

    it('the issue\'s correction: the PIN alone is sent, the account number the carrier was given is kept (never sent back), and the port completes', async () => {
      const a = await activate({ number: 'port', lang: 'zh-Hant', port: { pin: '0000', carrier: 'T-Mobile', msisdn: '6265550179' } });
      await runAfter(NETWORK_DELAY_MS);
      server.clock.advance(PORT_DELAY_MS);
      await run();
      const before = await portInRow(a.id);
      expect(before).toMatchObject({ state: 'informationRequired', reason: 'pin', accountNumberHint: ACCOUNT_NUMBER.slice(-2) });
      // What the page gets back to fill the correction in: the details, the account number's last two characters only.
      const shown = (await status(a.id, a.token)).body.data!.portIn!;
      expect(shown).toMatchObject({ carrier: 'T-Mobile', msisdn: '6265550179', accountZip: '94110', accountNumberHint: '33' });
      expect(JSON.stringify(shown)).not.toContain(ACCOUNT_NUMBER);
      const correct = (body: Record<string, string>, lang = 'en') => call<ActivationView>(server, endpoints.portInCorrect, {
        body: { activationId: a.id, activationToken: a.token, carrier: 'T-Mobile', msisdn: '6265550179', accountZip: '94110', ...body }, headers: { Language: lang },
      });

      // The carrier named the PIN: keeping the refused one is not a correction, said on the field in the customer's language.
      const kept = await correct({ accountNumber: '' }, 'zh-Hant');
      expect(kept.status).toBe(400);
      expect(kept.body).toMatchObject({ code: 'validation', data: { field: 'pin' } });
      expect(kept.body.message).toContain('原電信業者表示轉出 PIN 碼有誤');
      expect((await portInRow(a.id)).state).toBe('informationRequired');

      const fixed = await correct({ pin: PIN });
      expect(fixed.body.code, JSON.stringify(fixed.body)).toBe('200');
      expect(fixed.body.data!.portIn).toMatchObject({ state: 'resubmitted', accountNumberHint: '33' });
      const after = await portInRow(a.id);
      expect(after.accountNumberCipher).toBe(before.accountNumberCipher);
      expect(decryptPortInSecrets(server.app.deps, after)).toEqual({ accountNumber: ACCOUNT_NUMBER, pin: PIN });
      await run();
      server.clock.advance(PORT_DELAY_MS);
      await run();
      expect(await portInRow(a.id)).toMatchObject({ state: 'completed', accountNumberCipher: '', pinCipher: '' });
      expect((await emailsTo(server, a.email)).map((m) => m.meta.kind)).toEqual(['activated', 'portInformationRequired', 'portCompleted']);
    });

    it('a carrier refuses an empty account number or PIN as it refuses a wrong one (the sandbox, as a carrier)', async () => {
      const a = await activate({ number: 'port', port: { msisdn: '6265550180' } });
      const row = await portInRow(a.id);
      // Written as a gateway that lost the account number would send it.
      await server.db.update(portIns).set(encryptPortInSecrets(server.app.deps.config.codePepper, row.activationId, { accountNumber: ' ', pin: PIN })).where(eq(portIns.id, row.id));
      await runAfter(NETWORK_DELAY_MS);
      server.clock.advance(PORT_DELAY_MS);
      await run();
      expect(await portInRow(a.id)).toMatchObject({ state: 'informationRequired', reason: 'accountNumber' });
    });

    it.each([
      ['account number 000000000', { accountNumber: '000000000' }, 'accountNumber', 'the account number of your Old Mobile account'],
      ['account zip 99999', { accountZip: '99999' }, 'zipMismatch', 'the ZIP code of the billing address of your Old Mobile account'],
      ['number 2015550101', { msisdn: '2015550101' }, 'nameMismatch', 'the details of the account that holds (201) 555-0101'],
    ] as const)('%s: information required (%s), emailed in English with what to correct', async (_label, over, reason, what) => {
      // A number of its own, in a block the file's fixed numbers (626555-01xx, -1000, -9999) never use: one of them,
      // ported earlier in the file, is a LinkBridge line already.
      const a = await activate({ number: 'port', port: { ...over, ...(reason === 'nameMismatch' ? {} : { msisdn: reason === 'accountNumber' ? '6265552001' : '6265552002' }) } });
      await runAfter(NETWORK_DELAY_MS);
      server.clock.advance(PORT_DELAY_MS);
      await run();
      expect(await portInRow(a.id)).toMatchObject({ state: 'informationRequired', reason, carrierMessage: CARRIER_MESSAGES[reason] });
      const needs = (await emailsTo(server, a.email)).filter((m) => m.meta.kind === 'portInformationRequired');
      expect(needs).toHaveLength(1);
      expect(needs[0]!.body).toContain(`What to correct: ${what}`);
      expect(needs[0]!.body).toContain(CARRIER_MESSAGES[reason]);
    });

    it('number 2015550199 is declined for good, in the carrier\'s words, and the customer is told', async () => {
      const a = await activate({ number: 'port', lang: 'zh-Hant', port: { msisdn: '2015550199', carrier: 'Verizon' } });
      await runAfter(NETWORK_DELAY_MS);
      server.clock.advance(PORT_DELAY_MS);
      await run();
      expect(await portInRow(a.id)).toMatchObject({ state: 'declined', reason: 'notPortable', carrierMessage: CARRIER_MESSAGES.notPortable, accountNumberCipher: '', pinCipher: '' });
      const declined = (await emailsTo(server, a.email)).filter((m) => m.meta.kind === 'portDeclined');
      expect(declined.map((m) => m.subject)).toEqual(['Verizon 無法轉出 (201) 555-0199']);
      const refused = await call(server, endpoints.portInCorrect, {
        body: { activationId: a.id, activationToken: a.token, carrier: 'Verizon', msisdn: '2015550199', accountNumber: ACCOUNT_NUMBER, pin: PIN, accountZip: '94110' },
      });
      expect(refused.body.code).toBe('portInNotCorrectable');
    });
  });

  describe('expiry by the clock (spec section 4: "Physical SIM must be activated within 90 days of purchase; eSIM QR valid 30 days")', () => {
    it('expires inactive cards past their window, and only those', async () => {
      const DAY = 86_400_000;
      const now = server.clock.now();
      const card = async (simType: 'physical' | 'esim', purchasedDaysAgo: number, qrDaysLeft: number | null) => {
        const c = await newCard(server, { simType });
        await server.db.update(sims).set({
          purchasedAt: new Date(now.getTime() - purchasedDaysAgo * DAY),
          qrExpiresAt: qrDaysLeft === null ? null : new Date(now.getTime() + qrDaysLeft * DAY),
        }).where(eq(sims.iccid, c.iccid));
        return c.iccid;
      };
      const oldPhysical = await card('physical', 90, null);
      const youngPhysical = await card('physical', 89, null);
      const oldEsim = await card('esim', 31, -1);
      const youngEsim = await card('esim', 29, 1);
      await server.db.transaction(async (tx) => {
        await enqueueJob(tx as never, { kind: 'sims.expire', dedupeKey: `sims.expire:test:${now.getTime()}`, runAt: now });
      });
      await run();
      const statusOf = async (iccid: string) => (await server.db.select({ status: sims.status }).from(sims).where(eq(sims.iccid, iccid)))[0]!.status;
      expect(await statusOf(oldPhysical)).toBe('expired');
      expect(await statusOf(oldEsim)).toBe('expired');
      expect(await statusOf(youngPhysical)).toBe('inactive');
      expect(await statusOf(youngEsim)).toBe('inactive');
      expect(await steps('simLifecycle', oldPhysical)).toEqual(['inactive -sim.expire-> expired']);
      // The README's expired test SIMs (bought 100 days ago; eSIM QR sent 31 days ago) expire the same way.
      expect(await statusOf('8901260010000000047')).toBe('expired');
      expect(await statusOf('8901260010000000096')).toBe('expired');
      const checked = await call(server, endpoints.activationCheckSim, { body: { iccid: '8901260010000000047', activationCode: '444444', collected: 'online' } });
      expect(checked.body.code).toBe('120018');
    });
  });

  it('no port-in PIN or account number in jobs, the outbox, the history, the sandbox or the logs', async () => {
    const everything = JSON.stringify([
      await server.db.select().from(jobs),
      await server.outbox(),
      await server.db.select().from(stateHistory),
      await server.db.select().from(sandboxPortRequests),
      server.printed,
      logs,
    ]);
    expect(everything).toContain('6265550177');
    expect(everything).not.toContain(ACCOUNT_NUMBER);
    expect(everything).not.toMatch(new RegExp(`\\b${PIN}\\b`));
  });
});
