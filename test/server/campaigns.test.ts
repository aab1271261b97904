/**
 * Campaigns on the gateway (issue 18, decision 0042): the campaignReward chart's every path on its rows, the Lunar New
 * Year participation over HTTP (eligibility, 24 hours after forwarding, one per customer under parallel sends), the
 * screenshots under the dual number's image rules (and nobody else's to read), the staff review and the credit once.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRewardEvent } from '../../machines/campaignReward.machine';
import { models } from '../../machines/models/index';
import { endpoints } from '../../src/contract';
import type { LunarNewYearData, RewardSummary } from '../../src/contract/campaigns';
import { rewardCents } from '../../src/domain/campaigns';
import { newIccid } from '../../src/server/activation/sims';
import { applyRewardEvent, rewardActions } from '../../src/server/campaigns';
import { balanceLedger, balances, campaignImages, campaignRewards, customers, lines } from '../../src/server/db/schema';
import type { GatewayError } from '../../src/server/http/errors';
import { createSession } from '../../src/server/http/sessions';
import { runDueJobs } from '../../src/server/jobs/runner';
import { MAX_IMAGE_BYTES } from '../../src/server/images';
import { seedSandboxStaff, SANDBOX_STAFF } from '../../src/server/staff';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call, randomIp, randomPhone, type Answer } from './helpers';
import { errorText } from './ordersHelpers';
import { padTo } from '../support/jpegFixtures';
import { mustNotRun, walkDatabases, walkEveryPath } from './lifecycleDepth';

const ACTIONS = ['recordApproval', 'recordRejection', 'creditGeneralAccount'];
const HOUR = 3_600_000;

const shot = (seed: number) => sharp({ create: { width: 360, height: 640, channels: 3, background: { r: seed % 255, g: 120, b: 60 } } }).jpeg({ quality: 80 }).toBuffer();

describe.each(walkDatabases())('campaignReward lifecycle on the server (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  async function newReward(): Promise<number> {
    const [c] = await server.db.insert(customers).values({ username: `cr${randomBytes(5).toString('hex')}` }).returning({ id: customers.id });
    const [r] = await server.db.insert(campaignRewards).values({
      customerId: c!.id, edition: 'lny-2025', state: 'submitted', groups: 3, likes: null, amountCents: 888, lang: 'en', submittedAt: server.clock.now(),
    }).returning({ id: campaignRewards.id });
    return r!.id;
  }
  const stateOf = async (id: number) => (await server.db.select().from(campaignRewards).where(eq(campaignRewards.id, id)))[0]!.state;

  it('every path, on a participation\'s campaign_rewards row', async () => {
    await walkEveryPath({
      server, model: models.campaignReward!, initial: 'submitted', actions: ACTIONS, minPaths: 3,
      create: newReward, load: stateOf, historyRef: String,
      apply: (id, event: CampaignRewardEvent, actions) => applyRewardEvent(server.app.deps, id, event, actions),
    });
  });

  it('an event the state does not take answers rewardUnchanged and writes nothing', async () => {
    const id = await newReward();
    const actions = mustNotRun(ACTIONS);
    for (const event of [{ type: 'reward.approve', staff: 's' }, { type: 'reward.credit' }] as CampaignRewardEvent[]) {
      const refused = await applyRewardEvent(server.app.deps, id, event, actions).catch((e: unknown) => e);
      expect((refused as GatewayError).code).toBe('rewardUnchanged');
    }
    expect(await stateOf(id)).toBe('submitted');
    const missing = await applyRewardEvent(server.app.deps, 2_000_000_000, { type: 'reward.credit' }, actions).catch((e: unknown) => e);
    expect((missing as GatewayError).code).toBe('noRecord');
  });
});

interface Customer { customerId: number; phone: string }

describe.each(testDatabases())('the Lunar New Year campaign through the gateway (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    await seedSandboxStaff(server.db);
  });
  afterAll(async () => { await server?.close(); });

  async function customer(opts: { type?: 'individual' | 'business' | 'employee' | 'agent' | 'enterprise'; line?: boolean } = {}): Promise<Customer> {
    const phone = randomPhone();
    const [c] = await server.db.insert(customers).values({ username: `lny${randomBytes(5).toString('hex')}`, phone, customerType: opts.type ?? 'individual' }).returning({ id: customers.id });
    // Spec section 6: "bought but unactivated included": the line's SIM is not activated.
    if (opts.line ?? true) await server.db.insert(lines).values({ customerId: c!.id, msisdn: null, iccid: newIccid('us'), simType: 'physical', simStatus: 'inactive' });
    await server.db.insert(balances).values({ customerId: c!.id, generalCents: 500 });
    return { customerId: c!.id, phone };
  }
  const auth = async (c: Customer) => bearer((await createSession(server.app.deps, c.customerId, 'password')).access_token);
  async function upload(c: Customer, body: Buffer, slot = 'group', headers: Record<string, string> = {}) {
    const res = await fetch(new URL(`${endpoints.campaignUpload.path}?slot=${slot}`, server.url), {
      method: 'POST', headers: { 'content-type': 'image/jpeg', 'x-forwarded-for': randomIp(), ...(await auth(c)), ...headers }, body: new Uint8Array(body),
    });
    return { status: res.status, body: (await res.json()) as Answer<{ ref: string }>['body'] };
  }
  async function shots(c: Customer, n: number, slot = 'group'): Promise<string[]> {
    const refs: string[] = [];
    for (let i = 0; i < n; i += 1) {
      const a = await upload(c, await shot(c.customerId * 10 + i), slot);
      expect(a.body.code, JSON.stringify(a.body)).toBe('200');
      refs.push(a.body.data!.ref);
    }
    return refs;
  }
  const forwarded = (hoursAgo: number) => new Date(server.clock.now().getTime() - hoursAgo * HOUR).toISOString();
  const submit = async (c: Customer, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call<LunarNewYearData>(server, endpoints.campaignSubmit, { body, headers: { ...(await auth(c)), ...headers } });
  async function staff() {
    const login = await call(server, endpoints.staffLogin, { body: { email: SANDBOX_STAFF[0].email, password: SANDBOX_STAFF[0].password } });
    return bearer(/Staff-Token=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!);
  }
  const runJobs = async () => {
    const failed: string[] = [];
    await runDueJobs(server.app.deps, { log: { error: (obj) => { const o = obj as { err: Error; job: { kind: string } }; failed.push(`${o.job.kind}: ${o.err?.message}`); } } });
    expect(failed.filter((f) => f.startsWith('campaign.'))).toEqual([]);
  };
  const general = async (c: Customer) => (await server.db.select().from(balances).where(eq(balances.customerId, c.customerId)))[0]!.generalCents;

  it('shows a visitor the current edition and the spec\'s dated one as past', async () => {
    const answer = await call<LunarNewYearData>(server, endpoints.campaignLunarNewYear);
    expect(answer.body.code).toBe('200');
    const data = answer.body.data!;
    expect(data.current).toMatchObject({ id: 'lny-sandbox', sandbox: true });
    expect(data.past.map((e) => [e.id, e.starts, e.ends, e.reviewFrom, e.reviewTo])).toContainEqual(['lny-2025', '2025-01-27', '2025-02-16', '2025-02-19', '2025-02-21']);
    expect(data).toMatchObject({ eligibility: 'visitor', participation: null });
  });

  it('takes part: screenshots 24 hours after forwarding, reviewed, approved and credited to the General account once', async () => {
    const c = await customer();
    const groupShots = await shots(c, 6);
    const [socialShot] = await shots(c, 1, 'social');
    const early = await submit(c, { groups: 6, forwardedAt: forwarded(23), groupShots, likes: 31, socialShot });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'campaignTooEarly', message: errorText('en', 'campaignTooEarly') });
    const sent = await submit(c, { groups: 6, forwardedAt: forwarded(25), groupShots, likes: 31, socialShot });
    expect(sent.body.code, JSON.stringify(sent.body)).toBe('200');
    expect(sent.body.data!.participation).toMatchObject({ state: 'submitted', groups: 6, likes: 31, amountCents: 1776 + 1888 });
    expect(sent.body.data!.participation!.screenshots).toHaveLength(7);
    expect(rewardCents({ groups: 6, likes: 31 })).toBe(3664);
    await runJobs();
    const id = sent.body.data!.participation!.id;
    const headers = await staff();
    const queue = await call<{ rewards: RewardSummary[] }>(server, endpoints.staffCampaigns, { query: { status: 'waiting' }, headers });
    expect(queue.body.data!.rewards.map((r) => r.id)).toContain(id);
    const detail = await call<{ screenshots: unknown[] }>(server, endpoints.staffCampaign, { query: { id: String(id) }, headers });
    expect(detail.body.data!.screenshots).toHaveLength(7);
    const image = await fetch(new URL(`${endpoints.staffCampaignShot.path}?id=${id}&n=0`, server.url), { headers });
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('jpeg');
    const before = await general(c);
    const approved = await call<RewardSummary>(server, endpoints.staffCampaignDecide, { body: { id, decision: 'approve' }, headers });
    expect(approved.body.data).toMatchObject({ state: 'approved', decidedBy: SANDBOX_STAFF[0].email });
    await runJobs();
    expect(await general(c)).toBe(before + 3664);
    const view = await call<LunarNewYearData>(server, endpoints.campaignLunarNewYear, { headers: await auth(c) });
    expect(view.body.data!.participation).toMatchObject({ state: 'credited', amountCents: 3664 });
    expect(view.body.data!.participation!.creditedAt).not.toBeNull();
    // "one participation per user".
    const again = await submit(c, { groups: 0, forwardedAt: null, groupShots: [], likes: 5, socialShot: (await shots(c, 1, 'social'))[0] });
    expect(again.body.code).toBe('90056');
  });

  it('credits once when the credit is asked for many times at once', async () => {
    const c = await customer();
    const [socialShot] = await shots(c, 1, 'social');
    const sent = await submit(c, { groups: 0, forwardedAt: null, groupShots: [], likes: 50, socialShot });
    const id = sent.body.data!.participation!.id;
    await runJobs();
    const headers = await staff();
    // Two reviewers decide at once: one decision is written.
    const decisions = await Promise.all(Array.from({ length: 4 }, () => call(server, endpoints.staffCampaignDecide, { body: { id, decision: 'approve' }, headers })));
    expect(decisions.map((d) => d.body.code).sort()).toEqual(['200', 'rewardUnchanged', 'rewardUnchanged', 'rewardUnchanged']);
    const before = await general(c);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => applyRewardEvent(server.app.deps, id, { type: 'reward.credit' }, rewardActions(server.app.deps, id))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await runJobs();
    expect(await general(c)).toBe(before + 2888);
    expect(await server.db.select().from(balanceLedger).where(eq(balanceLedger.reference, `campaign:${id}`))).toHaveLength(1);
    // The ledger's reference alone keeps a second credit out, even past the chart.
    await server.db.transaction(async (tx) => { await rewardActions(server.app.deps, id).creditGeneralAccount!(tx as never, { type: 'reward.credit' }); });
    expect(await general(c)).toBe(before + 2888);
  });

  it('stores one participation of 10 sent at once', async () => {
    const c = await customer();
    const refs = await shots(c, 10, 'social');
    const answers = await Promise.all(refs.map((socialShot) => submit(c, { groups: 0, forwardedAt: null, groupShots: [], likes: 3, socialShot })));
    expect(answers.filter((a) => a.body.code === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === '90056')).toHaveLength(9);
    expect(await server.db.select().from(campaignRewards).where(eq(campaignRewards.customerId, c.customerId))).toHaveLength(1);
  });

  it('a rejection\'s reason is what the customer reads', async () => {
    const c = await customer();
    const groupShots = await shots(c, 3);
    const sent = await submit(c, { groups: 3, forwardedAt: forwarded(30), groupShots, likes: null, socialShot: null });
    const id = sent.body.data!.participation!.id;
    await runJobs();
    const reason = 'The groups in the screenshots have fewer than 300 members.';
    const rejected = await call(server, endpoints.staffCampaignDecide, { body: { id, decision: 'reject', reason }, headers: await staff() });
    expect(rejected.body.code).toBe('200');
    const view = await call<LunarNewYearData>(server, endpoints.campaignLunarNewYear, { headers: await auth(c) });
    expect(view.body.data!.participation).toMatchObject({ state: 'rejected', reason });
    expect(await server.db.select().from(balanceLedger).where(like(balanceLedger.reference, `campaign:${id}`))).toEqual([]);
  });

  it('only current individual customers take part (spec section 6)', async () => {
    for (const [c, eligibility] of [
      [await customer({ type: 'business' }), 'notIndividual'], [await customer({ type: 'employee' }), 'notIndividual'], [await customer({ type: 'agent' }), 'notIndividual'],
      [await customer({ type: 'enterprise' }), 'notIndividual'], [await customer({ line: false }), 'notCustomer'],
    ] as const) {
      const view = await call<LunarNewYearData>(server, endpoints.campaignLunarNewYear, { headers: await auth(c) });
      expect(view.body.data!.eligibility).toBe(eligibility);
      const [socialShot] = await shots(c, 1, 'social');
      const refused = await submit(c, { groups: 0, forwardedAt: null, groupShots: [], likes: 1, socialShot }, { Language: 'zh-Hans' });
      expect(refused.body).toMatchObject({ code: 'campaignNotEligible', message: errorText('zh-Hans', 'campaignNotEligible') });
    }
  });

  it('refuses uploads as the dual number does, and nobody reads another customer\'s screenshot', async () => {
    const c = await customer();
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } }).png().toBuffer();
    const jpeg = await shot(3);
    const before = (await server.db.select({ n: sql<number>`count(*)::int` }).from(campaignImages))[0]!.n;
    for (const [body, code, status] of [[png, 'imageOnlyJpg', 415], [Buffer.alloc(0), 'imageUploadFailed', 422], [padTo(jpeg, MAX_IMAGE_BYTES + 1), 'imageTooLarge', 413], [padTo(jpeg, 3 * 1024 * 1024), 'imageTooLarge', 413]] as const) {
      const answer = await upload(c, body);
      expect({ status: answer.status, code: answer.body.code, message: answer.body.message }).toEqual({ status, code, message: errorText('en', code) });
    }
    expect((await server.db.select({ n: sql<number>`count(*)::int` }).from(campaignImages))[0]!.n).toBe(before);
    // Re-encoded without metadata, sealed at rest.
    const withExif = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#345' } }).withExif({ IFD0: { Make: 'TestCam' } }).jpeg().toBuffer();
    const ref = (await upload(c, withExif)).body.data!.ref;
    const own = await fetch(new URL(`${endpoints.campaignScreenshot.path}?ref=${ref}`, server.url), { headers: await auth(c) });
    expect(own.status).toBe(200);
    expect((await sharp(Buffer.from(await own.arrayBuffer())).metadata()).exif).toBeUndefined();
    const [stored] = await server.db.select().from(campaignImages).where(eq(campaignImages.ref, ref));
    expect(stored!.sealed!.includes(Buffer.from('TestCam'))).toBe(false);
    const other = await customer();
    const theirs = await fetch(new URL(`${endpoints.campaignScreenshot.path}?ref=${ref}`, server.url), { headers: await auth(other) });
    expect(theirs.status).toBe(404);
    // Nor may another customer submit it as their own.
    const stolen = await submit(other, { groups: 0, forwardedAt: null, groupShots: [], likes: 1, socialShot: ref });
    expect(stolen.body.code).toBe('validation');
    expect(await server.db.select().from(campaignRewards).where(eq(campaignRewards.customerId, other.customerId))).toEqual([]);
  });
});
