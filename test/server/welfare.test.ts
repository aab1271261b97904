/**
 * Bank card points on the gateway (issue 18 section 6, decision 0043): the welfareParticipation chart's every path on
 * its rows; the card sandbox's fingerprint (the same card across tokens, cards on file and accounts, never its number);
 * joining over HTTP (120084 for an email, 120085 for a card, one of ten parallel joins stored, replay by key, only
 * current individual customers); cashback from card payments with the joined card (20 % rounded down, $20 exactly,
 * once per payment under retries and parallel settlement, nothing for another customer's or the balance's payments),
 * and the edition's close on the server's clock.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WelfareParticipationEvent } from '../../machines/welfareParticipation.machine';
import { models } from '../../machines/models/index';
import { endpoints } from '../../src/contract';
import type { PaymentResult } from '../../src/contract/payments';
import type { CardsData } from '../../src/contract/profile';
import type { TopUpData } from '../../src/contract/money';
import type { WelfareData } from '../../src/contract/welfare';
import { newIccid } from '../../src/server/activation/sims';
import {
  balanceLedger, balances, customers, jobs, lines, payments, sandboxCardPayments, sandboxCards, sandboxCardTokens, savedCards, stateHistory, welfareCashbacks, welfareParticipations,
} from '../../src/server/db/schema';
import { createSession } from '../../src/server/http/sessions';
import { runDueJobs } from '../../src/server/jobs/runner';
import { applyWelfareEvent, closeParticipation, earnCashback, welfareActions } from '../../src/server/welfare';
import { TEST_CARDS, TEST_NONCES, tokenizeCard, type TestCardName } from '../support/payments';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call } from './helpers';
import { errorText, newKey } from './ordersHelpers';
import { mustNotRun, walkDatabases, walkEveryPath } from './lifecycleDepth';

const ACTIONS = ['creditCashback', 'recordCapped', 'recordEnded'];
const DEMO_PHONE = '6265550100';

describe.each(walkDatabases())('welfareParticipation lifecycle on the server (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  async function newParticipation(): Promise<number> {
    const [c] = await server.db.insert(customers).values({ username: `wf${randomBytes(5).toString('hex')}` }).returning({ id: customers.id });
    const [card] = await server.db.insert(savedCards).values({
      customerId: c!.id, providerCardId: `ccof:test-${randomBytes(8).toString('hex')}`, brand: 'visa', last4: '1111', expMonth: 12, expYear: 2030, holderName: 'Mei Chen',
    }).returning({ id: savedCards.id });
    const [p] = await server.db.insert(welfareParticipations).values({
      edition: 'welfare-model', customerId: c!.id, savedCardId: card!.id, cardFingerprint: `sq-1-${randomBytes(8).toString('hex')}`, cardBrand: 'visa', cardLast4: '1111',
      email: `${c!.id}@example.com`, emailKey: `${c!.id}@example.com`, state: 'joined', joinKey: 'k', joinedAt: new Date('2026-11-20T18:00:00Z'), endsAt: new Date('2026-12-27T08:00:00Z'),
    }).returning({ id: welfareParticipations.id });
    return p!.id;
  }
  const stateOf = async (id: number) => (await server.db.select().from(welfareParticipations).where(eq(welfareParticipations.id, id)))[0]!.state;

  it('every path, on a participation\'s welfare_participations row', async () => {
    await walkEveryPath({
      server, model: models.welfareParticipation!, initial: 'joined', actions: ACTIONS, minPaths: 4,
      create: newParticipation, load: stateOf, historyRef: String,
      apply: (id, event: WelfareParticipationEvent, actions) => applyWelfareEvent(server.app.deps, id, event, actions),
    });
  });

  it('an event the state does not take writes nothing', async () => {
    const id = await newParticipation();
    const actions = mustNotRun(ACTIONS);
    const early = await applyWelfareEvent(server.app.deps, id, { type: 'edition.close', endsAt: '2026-12-27T08:00:00.000Z', at: '2026-12-27T07:59:59.000Z' }, actions).catch((e: unknown) => e);
    expect((early as { code: string }).code).toBe('rewardUnchanged');
    const beforeJoining = await applyWelfareEvent(server.app.deps, id, {
      type: 'cashback.earn', paymentId: 1, paymentCents: 5000, earnedCents: 0, paidAt: '2026-11-20T17:59:59.000Z', joinedAt: '2026-11-20T18:00:00.000Z', endsAt: '2026-12-27T08:00:00.000Z',
    }, actions).catch((e: unknown) => e);
    expect((beforeJoining as { code: string }).code).toBe('rewardUnchanged');
    expect(await stateOf(id)).toBe('joined');
  });
});

interface Customer { customerId: number; token: string }

describe.each(testDatabases())('bank card points through the gateway (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  let keys = 0;
  async function customer(opts: { type?: 'individual' | 'business' | 'employee' | 'agent' | 'enterprise'; line?: boolean; email?: string } = {}): Promise<Customer> {
    const [c] = await server.db.insert(customers).values({
      username: `wf${randomBytes(5).toString('hex')}`, customerType: opts.type ?? 'individual', email: opts.email ?? null,
    }).returning({ id: customers.id });
    // Spec section 6: "bought but unactivated included": the line's SIM is not activated.
    if (opts.line ?? true) await server.db.insert(lines).values({ customerId: c!.id, msisdn: null, iccid: newIccid('us'), simType: 'physical', simStatus: 'inactive' });
    return { customerId: c!.id, token: (await createSession(server.app.deps, c!.id, 'password')).access_token };
  }
  const tokenFor = (card: TestCardName) => tokenizeCard(server.paymentsUrl, { ...TEST_CARDS[card], postalCode: '90012' });
  async function addCard(c: Customer, card: TestCardName): Promise<number> {
    const res = await call<CardsData>(server, endpoints.addCard, {
      body: { sourceId: await tokenFor(card), cardholderName: 'Mei Chen', billingZip: '90012' },
      headers: { ...bearer(c.token), 'Idempotency-Key': `wf-add-${Date.now()}-${keys++}` },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe('200');
    return res.body.data!.cards.at(-1)!.id;
  }
  const info = (c: Customer, lang = 'en') => call<WelfareData>(server, endpoints.welfareInfo, { headers: { ...bearer(c.token), Language: lang } });
  const join = (c: Customer, body: Record<string, unknown>, init: { key?: string; lang?: string } = {}) =>
    call<WelfareData>(server, endpoints.welfareJoin, { body, headers: { ...bearer(c.token), 'Idempotency-Key': init.key ?? newKey(), Language: init.lang ?? 'en' } });
  /** A top-up of the demo line, paid by the customer with a saved card or a new card's token. */
  async function payTopUp(c: Customer, dollars: number, how: { cardId: number } | { card: TestCardName } | { account: true }): Promise<PaymentResult & { orderNo: string }> {
    const created = await call<TopUpData>(server, endpoints.topUpCreate, {
      body: { account: 'general', phone: DEMO_PHONE, amount: dollars }, headers: { 'Idempotency-Key': newKey(), ...bearer(c.token) },
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe('200');
    const orderNo = created.body.data!.orderNo;
    const method = 'cardId' in how ? { method: 'default_card', cardId: how.cardId }
      : 'card' in how ? { method: 'bank_card', sourceId: await tokenFor(how.card), cardholderName: 'Mei Chen' } : { method: 'account' };
    const paid = await call<PaymentResult>(server, endpoints.payOrder, { body: { orderNo, ...method }, headers: { 'Idempotency-Key': newKey(), ...bearer(c.token) } });
    return { ...paid.body.data!, orderNo, ...(paid.body.code === '200' ? {} : { status: 'failed' as const }) };
  }
  const runJobs = async () => {
    const failed: string[] = [];
    await runDueJobs(server.app.deps, { log: { error: (obj) => { const o = obj as { err: Error; job: { kind: string } }; failed.push(`${o.job.kind}: ${o.err?.message}`); } } });
    expect(failed.filter((f) => f.startsWith('welfare.'))).toEqual([]);
  };
  const general = async (c: Customer) => (await server.db.select().from(balances).where(eq(balances.customerId, c.customerId)))[0]?.generalCents ?? 0;
  const email = () => `wf.${randomBytes(4).toString('hex')}@example.com`;
  let cases = 0;
  /** Each case starts as if no card or email had joined the sandbox's edition: earlier participations move to editions of their own. */
  const freshEdition = () => server.db.update(welfareParticipations).set({ edition: `welfare-case-${cases++}` }).where(eq(welfareParticipations.edition, 'welfare-sandbox'));
  const paymentOf = async (orderNo: string) => (await server.db.select().from(payments).where(and(eq(payments.payableRef, orderNo), eq(payments.status, 'succeeded'))))[0]!;

  it('the card sandbox fingerprints a card, never keeps its number, and the gateway keeps the fingerprint', async () => {
    const [a, b] = [await customer(), await customer()];
    const t1 = await tokenFor('visa');
    const t2 = await tokenFor('visa');
    const t3 = await tokenFor('mastercard');
    const tokens = await Promise.all([t1, t2, t3].map(async (t) => (await server.db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.token, t)))[0]!));
    expect(tokens[0]!.fingerprint).toMatch(/^sq-1-[A-Za-z0-9_-]{43}$/);
    expect(tokens[1]!.fingerprint).toBe(tokens[0]!.fingerprint);
    expect(tokens[2]!.fingerprint).not.toBe(tokens[0]!.fingerprint);
    // Nothing the sandbox keeps holds the number.
    expect(JSON.stringify(tokens)).not.toContain('4111111111111111');
    const aCard = await addCard(a, 'visa');
    const aAgain = await addCard(a, 'visa');
    const bCard = await addCard(b, 'visa');
    const saved = await server.db.select().from(savedCards).where(eq(savedCards.customerId, a.customerId));
    const [bSaved] = await server.db.select().from(savedCards).where(eq(savedCards.id, bCard));
    expect(saved.map((s) => s.id).sort()).toEqual([aCard, aAgain].sort());
    expect(new Set([...saved.map((s) => s.providerCardId), bSaved!.providerCardId]).size).toBe(3);
    expect(new Set([...saved.map((s) => s.cardFingerprint), bSaved!.cardFingerprint])).toEqual(new Set([tokens[0]!.fingerprint]));
    // A payment with a new card's token records the card's fingerprint, and Square's fixed test nonce for the same Visa matches.
    const paid = await payTopUp(b, 5, { card: 'visa' });
    expect(paid.status).toBe('paid');
    expect((await paymentOf(paid.orderNo)).cardFingerprint).toBe(tokens[0]!.fingerprint);
    const viaNonce = await server.app.deps.payments.card.createPayment({ idempotencyKey: newKey().slice(0, 40), sourceId: 'cnon:card-nonce-ok', amountCents: 100, referenceId: 'wf-nonce' });
    expect(viaNonce.status === 'COMPLETED' && viaNonce.card.fingerprint).toBe(tokens[0]!.fingerprint);
    expect(TEST_NONCES['cnon:card-nonce-ok']!.last4).toBe('1111');
    const [charge] = await server.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.referenceId, 'wf-nonce'));
    expect(charge!.fingerprint).toBe(tokens[0]!.fingerprint);
  });

  it('a card kept before fingerprints gets its fingerprint from the provider when the page needs it', async () => {
    const c = await customer();
    const cardId = await addCard(c, 'discover');
    const [row] = await server.db.select().from(savedCards).where(eq(savedCards.id, cardId));
    const fingerprint = row!.cardFingerprint;
    // As the migration left older rows: no fingerprint at the gateway nor at the provider.
    await server.db.update(savedCards).set({ cardFingerprint: null }).where(eq(savedCards.id, cardId));
    await server.db.update(sandboxCards).set({ fingerprint: null }).where(eq(sandboxCards.id, row!.providerCardId));
    expect((await info(c)).body.data!.cards).toMatchObject([{ id: cardId, joinable: false }]);
    // The provider fills its own older cards from its test card table at start (fillMissingFingerprints).
    const { fillMissingFingerprints } = await import('../../src/server/adapters/payments/sandbox/fingerprints');
    expect(await fillMissingFingerprints(server.db)).toBeGreaterThanOrEqual(1);
    expect((await info(c)).body.data!.cards).toMatchObject([{ id: cardId, joinable: true }]);
    expect((await server.db.select().from(savedCards).where(eq(savedCards.id, cardId)))[0]!.cardFingerprint).toBe(fingerprint);
  });

  it('joins, earns 20 % of each payment with the card (rounded down), up to $20 exactly, and shows it', async () => {
    await freshEdition();
    const c = await customer({ email: 'li.wei@example.com' });
    const cardId = await addCard(c, 'amex');
    const before = await info(c);
    expect(before.body.data).toMatchObject({
      edition: { id: 'welfare-sandbox', sandbox: true }, percent: 20, capCents: 2000, eligibility: 'eligible', accountEmail: 'li.wei@example.com',
      cards: [{ id: cardId, brand: 'amex', last4: '0009', joinable: true }], participation: null,
    });
    // A payment before joining earns nothing.
    expect((await payTopUp(c, 30, { cardId })).status).toBe('paid');
    const joined = await join(c, { cardId, email: ' Li.Wei+points@Example.com ' });
    expect(joined.body.code, JSON.stringify(joined.body)).toBe('200');
    expect(joined.body.data!.participation).toMatchObject({ state: 'joined', card: { brand: 'amex', last4: '0009' }, email: 'Li.Wei+points@Example.com', earnedCents: 0, remainingCents: 2000, cashbacks: [] });
    await runJobs();
    const start = await general(c);
    // By the saved card, then by a new token of the same card: 20 % of $49 and of $37.
    const p1 = await payTopUp(c, 49, { cardId });
    await runJobs();
    expect(await general(c)).toBe(start + 980);
    const p2 = await payTopUp(c, 37, { card: 'amex' });
    await runJobs();
    expect(await general(c)).toBe(start + 980 + 740);
    // Another card earns nothing; neither does the balance (not a card payment).
    await payTopUp(c, 20, { card: 'visa' });
    await runJobs();
    expect(await general(c)).toBe(start + 1720);
    // $20 is reached exactly: 20 % of $25 is $5, of which $2.80 was left.
    const p3 = await payTopUp(c, 25, { cardId });
    await runJobs();
    expect(await general(c)).toBe(start + 2000);
    const p4 = await payTopUp(c, 100, { cardId });
    await runJobs();
    expect(await general(c)).toBe(start + 2000);
    const view = (await info(c)).body.data!.participation!;
    expect(view).toMatchObject({ state: 'capped', earnedCents: 2000, remainingCents: 0 });
    expect(view.cashbacks.map((x) => [x.kind, x.paymentCents, x.cashbackCents])).toEqual([['topup', 4900, 980], ['topup', 3700, 740], ['topup', 2500, 280]]);
    const mine = (await server.db.select().from(balanceLedger).where(like(balanceLedger.reference, 'welfare:%'))).filter((l) => l.customerId === c.customerId);
    const ids = await Promise.all([p1, p2, p3].map(async (p) => `welfare:${(await paymentOf(p.orderNo)).id}`));
    expect(mine.map((l) => l.reference).sort()).toEqual(ids.sort());
    expect(mine.map((l) => l.deltaCents).reduce((a, b) => a + b, 0)).toBe(2000);
    expect(await server.db.select().from(welfareCashbacks).where(eq(welfareCashbacks.paymentId, (await paymentOf(p4.orderNo)).id))).toEqual([]);
    const [row] = await server.db.select().from(welfareParticipations).where(eq(welfareParticipations.customerId, c.customerId));
    const history = await server.db.select().from(stateHistory).where(and(eq(stateHistory.chart, 'welfareParticipation'), eq(stateHistory.entityRef, String(row!.id)))).orderBy(asc(stateHistory.id));
    expect(history.map((h) => h.toState)).toEqual(['earning', 'earning', 'capped']);
    expect(row!.cappedAt).not.toBeNull();
  });

  it('credits a payment once under retried and parallel settlement, and parallel payments stop at $20', async () => {
    await freshEdition();
    const c = await customer();
    const cardId = await addCard(c, 'jcb');
    expect((await join(c, { cardId, email: email() })).body.code).toBe('200');
    await runJobs();
    const start = await general(c);
    // Paid at once; their jobs are run eight times each, at once, before the runner gets to them.
    const paid = await Promise.all([40, 40, 40].map((d) => payTopUp(c, d, { cardId })));
    const rows = await Promise.all(paid.map((p) => paymentOf(p.orderNo)));
    const results = await Promise.all(rows.flatMap((p) => Array.from({ length: 8 }, () => earnCashback(server.app.deps, p.id, p.updatedAt))));
    expect(results.filter((r) => r === 'credited')).toHaveLength(3);
    await runJobs();
    expect(await general(c) - start).toBe(2000);
    const [row] = await server.db.select().from(welfareParticipations).where(eq(welfareParticipations.customerId, c.customerId));
    expect(row).toMatchObject({ state: 'capped', earnedCents: 2000 });
    const cashbacks = await server.db.select().from(welfareCashbacks).where(eq(welfareCashbacks.participationId, row!.id));
    expect(cashbacks.map((x) => x.cashbackCents).sort((a, b) => a - b)).toEqual([400, 800, 800]);
    // The cashback's unique payment keeps a second credit out, even past the chart.
    const again = await server.db.transaction(async (tx) => welfareActions(server.app.deps, row!.id).creditCashback!(tx as never, {
      type: 'cashback.earn', paymentId: rows[0]!.id, paymentCents: 4000, earnedCents: 0, paidAt: rows[0]!.updatedAt.toISOString(), joinedAt: row!.joinedAt.toISOString(), endsAt: row!.endsAt.toISOString(),
    })).catch((e: unknown) => e);
    expect((again as { code: string }).code).toBe('rewardUnchanged');
    expect(await general(c) - start).toBe(2000);
  });

  it('stores one of ten parallel joins with one card from ten accounts (120085)', async () => {
    await freshEdition();
    const people = await Promise.all(Array.from({ length: 10 }, () => customer()));
    const cards = await Promise.all(people.map((p) => addCard(p, 'unionpay')));
    const answers = await Promise.all(people.map((p, i) => join(p, { cardId: cards[i], email: email() })));
    expect(answers.map((a) => a.body.code).sort()).toEqual([...Array(9).fill('120085'), '200']);
    const refused = answers.find((a) => a.body.code === '120085')!;
    expect({ status: refused.status, message: refused.body.message, field: (refused.body.data as { field?: string } | undefined)?.field }).toEqual({ status: 422, message: errorText('en', '120085'), field: 'cardId' });
    const fingerprint = (await server.db.select().from(savedCards).where(eq(savedCards.id, cards[0]!)))[0]!.cardFingerprint!;
    expect(await server.db.select().from(welfareParticipations).where(and(eq(welfareParticipations.edition, 'welfare-sandbox'), eq(welfareParticipations.cardFingerprint, fingerprint)))).toHaveLength(1);
  });

  it('stores one of seven parallel joins with one email however it is spelt (120084)', async () => {
    await freshEdition();
    const brands: TestCardName[] = ['visa', 'mastercard', 'discover', 'diners', 'jcb', 'amex', 'unionpay'];
    const people = await Promise.all(brands.map(() => customer()));
    const cards = await Promise.all(people.map((p, i) => addCard(p, brands[i]!)));
    const name = `chen.mei.${randomBytes(3).toString('hex')}`;
    const spellings = brands.map((_b, i) => (i % 3 === 0 ? `${name}@gmail.com` : i % 3 === 1 ? `${name.replaceAll('.', '').toUpperCase()}+try${i}@GoogleMail.com` : ` ${name}+x@gmail.com `));
    const answers = await Promise.all(people.map((p, i) => join(p, { cardId: cards[i], email: spellings[i] }, { lang: 'zh-Hans' })));
    expect(answers.map((a) => a.body.code).sort()).toEqual([...Array(6).fill('120084'), '200']);
    const refused = answers.find((a) => a.body.code === '120084')!;
    expect(refused.body).toMatchObject({ message: errorText('zh-Hans', '120084'), data: { field: 'email' } });
    expect(await server.db.select().from(welfareParticipations).where(and(eq(welfareParticipations.edition, 'welfare-sandbox'), eq(welfareParticipations.emailKey, `${name.replaceAll('.', '')}@gmail.com`)))).toHaveLength(1);
  });

  it('replays a join by its key (ten at once: one participation); the customer joins once, and the card saved again is the same card', async () => {
    await freshEdition();
    const c = await customer();
    const cardId = await addCard(c, 'mastercard');
    const key = newKey();
    const body = { cardId, email: email() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => join(c, body, { key })));
    expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill('200'));
    const rows = await server.db.select().from(welfareParticipations).where(eq(welfareParticipations.customerId, c.customerId));
    expect(rows).toHaveLength(1);
    expect(await server.db.select().from(jobs).where(eq(jobs.dedupeKey, `welfare.close:${rows[0]!.id}`))).toHaveLength(1);
    expect((await join(c, { cardId: await addCard(c, 'diners'), email: email() })).body.code).toBe('90056');
    // The same Mastercard saved a second time (another card on file, the same fingerprint).
    const other = await customer();
    const savedTwice = [await addCard(other, 'mastercard'), await addCard(other, 'mastercard')];
    for (const id of savedTwice) expect((await join(other, { cardId: id, email: email() })).body.code).toBe('120085');
  });

  it('another customer is shut out: not their card to join with, and their payments with the joined card earn nothing', async () => {
    await freshEdition();
    const a = await customer();
    const b = await customer();
    const aCard = await addCard(a, 'visa');
    const stolen = await join(b, { cardId: aCard, email: email() });
    expect(stolen.body).toMatchObject({ code: 'validation', data: { field: 'cardId' } });
    expect((await join(a, { cardId: aCard, email: email() })).body.code).toBe('200');
    const bCard = await addCard(b, 'visa');
    const refused = await join(b, { cardId: bCard, email: email() }, { lang: 'zh-Hant' });
    expect(refused.body).toMatchObject({ code: '120085', message: errorText('zh-Hant', '120085'), data: { field: 'cardId' } });
    const paid = await payTopUp(b, 50, { cardId: bCard });
    await runJobs();
    expect(await server.db.select().from(welfareCashbacks).where(eq(welfareCashbacks.paymentId, (await paymentOf(paid.orderNo)).id))).toEqual([]);
    expect(await server.db.select().from(balanceLedger).where(eq(balanceLedger.customerId, b.customerId))).toEqual([]);
    expect((await info(b)).body.data!.participation).toBeNull();
  });

  it('only current individual customers join (spec section 6)', async () => {
    await freshEdition();
    for (const [opts, eligibility] of [
      [{ type: 'business' }, 'notIndividual'], [{ type: 'employee' }, 'notIndividual'], [{ type: 'agent' }, 'notIndividual'],
      [{ type: 'enterprise' }, 'notIndividual'], [{ line: false }, 'notCustomer'],
    ] as const) {
      const c = await customer(opts);
      const cardId = await addCard(c, 'discover');
      expect((await info(c)).body.data!.eligibility).toBe(eligibility);
      const refused = await join(c, { cardId, email: email() }, { lang: 'zh-Hans' });
      expect(refused.body).toMatchObject({ code: 'campaignNotEligible', message: errorText('zh-Hans', 'campaignNotEligible') });
    }
    expect(await server.db.select().from(welfareParticipations).where(eq(welfareParticipations.edition, 'welfare-sandbox'))).toEqual([]);
    expect((await call(server, endpoints.welfareInfo)).status).toBe(401);
  });

  it('checks the form again on the server: the email, the card and the key', async () => {
    await freshEdition();
    const c = await customer();
    const cardId = await addCard(c, 'diners');
    expect((await join(c, { cardId, email: 'not-an-email' })).body).toMatchObject({ code: 'validation' });
    expect((await join(c, { email: email() })).body).toMatchObject({ code: 'validation' });
    expect((await join(c, { cardId: 2_000_000_000, email: email() })).body).toMatchObject({ code: 'validation', data: { field: 'cardId' } });
    const noKey = await call(server, endpoints.welfareJoin, { body: { cardId, email: email() }, headers: bearer(c.token) });
    expect(noKey.body.code).toBe('idempotencyKey');
    expect(await server.db.select().from(welfareParticipations).where(eq(welfareParticipations.customerId, c.customerId))).toEqual([]);
  });

  it('the edition\'s end: a payment after it earns nothing, and the close ends a participation still earning', async () => {
    await freshEdition();
    const c = await customer();
    const cardId = await addCard(c, 'discover');
    expect((await join(c, { cardId, email: email() })).body.code).toBe('200');
    const [row] = await server.db.select().from(welfareParticipations).where(eq(welfareParticipations.customerId, c.customerId));
    const [job] = await server.db.select().from(jobs).where(eq(jobs.dedupeKey, `welfare.close:${row!.id}`));
    expect(job!.runAt.getTime()).toBe(row!.endsAt.getTime() + 60 * 60_000);
    // Not over yet: the close changes nothing.
    await closeParticipation(server.app.deps, row!.id);
    expect((await server.db.select().from(welfareParticipations).where(eq(welfareParticipations.id, row!.id)))[0]!.state).toBe('joined');
    const p1 = await payTopUp(c, 10, { cardId });
    await runJobs();
    // The edition ends (the row's end moved to a moment ago, as the clock would have): a later payment earns nothing.
    const now = server.clock.now();
    await server.db.update(welfareParticipations).set({ endsAt: new Date(now.getTime() - 1000) }).where(eq(welfareParticipations.id, row!.id));
    const p2 = await payTopUp(c, 10, { cardId });
    expect(await earnCashback(server.app.deps, (await paymentOf(p2.orderNo)).id, now)).toBe('none');
    await closeParticipation(server.app.deps, row!.id);
    const [ended] = await server.db.select().from(welfareParticipations).where(eq(welfareParticipations.id, row!.id));
    expect(ended).toMatchObject({ state: 'ended', earnedCents: 200 });
    expect(ended!.endedAt).not.toBeNull();
    expect(await server.db.select().from(welfareCashbacks).where(eq(welfareCashbacks.participationId, row!.id))).toMatchObject([{ paymentId: (await paymentOf(p1.orderNo)).id, cashbackCents: 200 }]);
    expect((await info(c)).body.data!.participation).toMatchObject({ state: 'ended', earnedCents: 200, remainingCents: 1800 });
  });
});
