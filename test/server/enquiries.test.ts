/**
 * Issue 18 over real HTTP: the contact form and the dealer application (spec section 3) are validated by their shared
 * schemas with messages in the request's language, limited per email and per IP in one atomic step, confirmed by
 * email in the sender's language, and caught robots (the hidden field) are answered as people are with nothing kept;
 * one open dealer application per email, also when the same application is sent many times at once; the staff
 * console's inbox lists them newest first, shows one, marks it handled, logs every list, view and close, and opens
 * for no customer's token.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import { STAFF_COOKIE } from '../../src/contract/staff';
import { INBOX_PAGE_SIZE, type InboxDetail, type InboxItem } from '../../src/contract/enquiries';
import { contactMessages, customers, dealerApplications, stateHistory, staffAudit, staffAccounts } from '../../src/server/db/schema';
import { createSession } from '../../src/server/http/sessions';
import { runDueJobs } from '../../src/server/jobs/runner';
import { seedSandboxStaff, SANDBOX_STAFF } from '../../src/server/staff';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call, randomIp } from './helpers';

const [REVIEWER, REVIEWER2] = SANDBOX_STAFF;
const unique = () => randomBytes(5).toString('hex');
const contact = (over: Record<string, unknown> = {}) => ({
  name: 'Mei Lin', email: `mei.${unique()}@example.com`, phone: '', topic: 'activation', message: 'My eSIM QR code has not arrived yet.', website: '', ...over,
});
const dealer = (over: Record<string, unknown> = {}) => ({
  storeName: 'Golden Phone Repair', country: 'US', state: 'CA', city: 'San Gabriel', firstName: 'Wei', lastName: 'Zhang', phone: '6265550142',
  email: `dealer.${unique()}@example.com`, howHeard: 'friend', whyInterested: 'Many of our customers are students from China.', extra: '',
  physicalStore: true, website: '', ...over,
});

describe.each(testDatabases())('enquiries (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    await seedSandboxStaff(server.db);
  });
  afterAll(async () => { await server?.close(); });

  async function staffToken(who: { email: string; password: string } = REVIEWER): Promise<string> {
    const answer = await call(server, endpoints.staffLogin, { body: { email: who.email, password: who.password } });
    expect(answer.body.code).toBe('200');
    return new RegExp(`${STAFF_COOKIE}=([^;]+)`).exec(answer.headers.get('set-cookie') ?? '')![1]!;
  }
  const emailsTo = async (to: string) => { await runDueJobs(server.app.deps); return server.outbox(to); };

  describe('contact form', () => {
    it('stores the message for the inbox and confirms it by email in the sender\'s language', async () => {
      const body = contact({ phone: '(626) 555-0177', topic: 'billing' });
      const answer = await call<{ reference: string }>(server, endpoints.contactSend, { body, headers: { Language: 'zh-Hant' } });
      expect(answer.status).toBe(200);
      const reference = answer.body.data!.reference;
      expect(reference).toMatch(/^C-[2-9A-Z]{8}$/);
      const [row] = await server.db.select().from(contactMessages).where(eq(contactMessages.reference, reference));
      expect(row).toMatchObject({ name: 'Mei Lin', email: body.email, phone: '6265550177', topic: 'billing', lang: 'zh-Hant', state: 'open' });
      const [mail] = await emailsTo(body.email as string);
      expect(mail!.subject).toContain(reference);
      expect(mail!.subject).toMatch(/已收到您的留言/);
      expect(mail!.body).toContain('My eSIM QR code has not arrived yet.');
      expect(mail!.body).toContain('帳單與儲值');
      // Why they get it: a form was sent, not an order placed.
      expect(mail!.body).toContain(`以 ${body.email} 送出了表單`);
    });

    it('refuses what its schema refuses, naming the field in the request\'s language, and keeps nothing', async () => {
      const body = contact({ message: 'short' });
      const en = await call(server, endpoints.contactSend, { body, headers: { Language: 'en' } });
      expect(en.status).toBe(400);
      expect(en.body).toMatchObject({ code: 'validation', message: 'Message: Please write at least 10 characters (at most 2,000).' });
      const zh = await call(server, endpoints.contactSend, { body: contact({ email: 'mei@', message: 'Hello there, a question.' }), headers: { Language: 'zh-Hans' } });
      expect(zh.body.message).toBe('邮箱：请输入格式正确的邮箱。');
      const topic = await call(server, endpoints.contactSend, { body: contact({ topic: 'lottery' }), headers: { Language: 'zh-Hant' } });
      expect(topic.body.message).toMatch(/^問題類型：/);
      expect(await server.db.select().from(contactMessages).where(eq(contactMessages.email, body.email as string))).toEqual([]);
    });

    it('answers a robot that filled the hidden field as a person, and stores and emails nothing', async () => {
      const body = contact({ website: 'http://spam.example' });
      const answer = await call<{ reference: string }>(server, endpoints.contactSend, { body });
      expect(answer.status).toBe(200);
      expect(answer.body.data!.reference).toMatch(/^C-/);
      expect(await server.db.select().from(contactMessages).where(eq(contactMessages.email, body.email as string))).toEqual([]);
      expect(await emailsTo(body.email as string)).toEqual([]);
    });

    it('takes 5 messages an hour from one email, however it is written, then answers 429 with Retry-After', async () => {
      const email = `limit.${unique()}@example.com`;
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => call(server, endpoints.contactSend, {
        body: contact({ email: i % 2 ? email.toUpperCase() : ` ${email}` }), ip: randomIp(),
      })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(3);
      expect(refused[0]!.body.code).toBe('rateLimited');
      expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
      const stored = await server.db.select().from(contactMessages);
      expect(stored.filter((m) => m.email.toLowerCase() === email)).toHaveLength(5);
    });

    it('takes 10 messages an hour from one IP, on any emails', async () => {
      const ip = randomIp();
      const answers = await Promise.all(Array.from({ length: 13 }, () => call(server, endpoints.contactSend, { body: contact(), ip })));
      expect(answers.map((a) => a.status).filter((s) => s === 200)).toHaveLength(10);
      expect(answers.map((a) => a.status).filter((s) => s === 429)).toHaveLength(3);
    });
  });

  describe('dealer application (spec section 3)', () => {
    it('stores it, confirms it by email, and refuses a second open one from the same email with 90056', async () => {
      const body = dealer({ country: 'CN', state: '广东省', city: '深圳', phone: '13912345678' });
      const answer = await call<{ reference: string }>(server, endpoints.dealerApply, { body, headers: { Language: 'zh-Hans' } });
      expect(answer.status).toBe(200);
      const [row] = await server.db.select().from(dealerApplications).where(eq(dealerApplications.reference, answer.body.data!.reference));
      expect(row).toMatchObject({ storeName: 'Golden Phone Repair', country: 'CN', region: '广东省', city: '深圳', phone: '13912345678', state: 'open', lang: 'zh-Hans' });
      const [mail] = await emailsTo(body.email as string);
      expect(mail!.subject).toContain(answer.body.data!.reference);
      expect(mail!.body).toContain('Golden Phone Repair');
      const again = await call(server, endpoints.dealerApply, { body: { ...body, email: (body.email as string).toUpperCase() }, headers: { Language: 'zh-Hans' } });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: '90056', message: '已提交，请勿重复操作。' });
    });

    it('requires the physical retail store (spec section 6) and a US state for a store in the USA', async () => {
      const noStore = await call(server, endpoints.dealerApply, { body: dealer({ physicalStore: false }) });
      expect(noStore.status).toBe(400);
      expect(noStore.body.message).toBe('Physical store: Dealers need a physical retail store. Please confirm you have one.');
      const state = await call(server, endpoints.dealerApply, { body: dealer({ state: 'Guangdong' }) });
      expect(state.body.message).toMatch(/^State or province: /);
    });

    it('stores one application when the same one is sent 12 times at once, and the others answer 90056', async () => {
      const body = dealer();
      const answers = await Promise.all(Array.from({ length: 12 }, () => call(server, endpoints.dealerApply, { body, ip: randomIp() })));
      const codes = answers.map((a) => a.body.code).sort();
      expect(codes.filter((c) => c === '200')).toHaveLength(1);
      expect(codes.filter((c) => c === '90056')).toHaveLength(11);
      expect(await server.db.select().from(dealerApplications).where(eq(dealerApplications.emailKey, body.email as string))).toHaveLength(1);
    });

    it('takes 5 applications a day from one IP', async () => {
      const ip = randomIp();
      const answers = await Promise.all(Array.from({ length: 7 }, () => call(server, endpoints.dealerApply, { body: dealer(), ip })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(2);
    });
  });

  describe('the staff console\'s inbox', () => {
    it('opens for no customer token, no forged token and nobody', async () => {
      const [c] = await server.db.insert(customers).values({ username: `inbox${unique()}`, phone: `626${String(Date.now()).slice(-7)}`, email: `c${unique()}@example.com` }).returning({ id: customers.id });
      const token = (await createSession(server.app.deps, c!.id, 'password')).access_token;
      const tries: Record<string, string>[] = [bearer(token), { Cookie: `Admin-Token=${token}` }, bearer('x'.repeat(40)), {}];
      for (const headers of tries) {
        const list = await call(server, endpoints.staffInbox, { query: { box: 'contact' }, headers });
        expect(list.status).toBe(401);
        const close = await call(server, endpoints.staffInboxClose, { body: { box: 'contact', item: 1 }, headers });
        expect(close.status).toBe(401);
      }
    });

    it('lists newest first, shows one, marks it handled once, and logs every list, view and close', async () => {
      const token = await staffToken();
      const first = contact({ topic: 'refund' });
      const second = contact({ topic: 'coverage' });
      await call(server, endpoints.contactSend, { body: first });
      server.clock.advance(1000);
      const sent = await call<{ reference: string }>(server, endpoints.contactSend, { body: second });
      const list = await call<{ items: InboxItem[]; open: { contact: number; dealer: number } }>(server, endpoints.staffInbox, { query: { box: 'contact', status: 'open' }, headers: bearer(token) });
      expect(list.status).toBe(200);
      const items = list.body.data!.items;
      const times = items.map((i) => i.receivedAt);
      expect(times).toEqual([...times].sort().reverse());
      const mine = items.find((i) => i.reference === sent.body.data!.reference)!;
      expect(mine).toMatchObject({ box: 'contact', state: 'open', from: 'Mei Lin', email: second.email, subject: 'coverage', closedBy: null });
      expect(items.findIndex((i) => i.email === second.email)).toBeLessThan(items.findIndex((i) => i.email === first.email));
      expect(list.body.data!.open.contact).toBeGreaterThanOrEqual(2);

      const view = await call<InboxDetail>(server, endpoints.staffInboxItem, { query: { box: 'contact', item: String(mine.id) }, headers: bearer(token) });
      expect(view.body.data).toMatchObject({ reference: mine.reference, facts: [{ field: 'topic', value: 'coverage' }], text: [{ field: 'message', value: second.message }], lang: 'en' });

      // Two reviewers at once: one closes it; the other is shown who did, and nothing of theirs is written.
      const other = await staffToken(REVIEWER2);
      const closes = await Promise.all([token, other].map((t) => call<InboxItem>(server, endpoints.staffInboxClose, { body: { box: 'contact', item: mine.id }, headers: bearer(t) })));
      expect(closes.map((c) => c.status)).toEqual([200, 200]);
      const closers = new Set(closes.map((c) => c.body.data!.closedBy));
      expect(closers.size).toBe(1);
      expect(closes[0]!.body.data!.state).toBe('closed');

      const history = await server.db.select().from(stateHistory).where(eq(stateHistory.entityRef, `contact:${mine.id}`));
      expect(history.map((h) => [h.chart, h.fromState, h.event, h.toState])).toEqual([['enquiry', 'open', 'enquiry.close', 'closed']]);
      const log = await server.db.select({ action: staffAudit.action, subject: staffAudit.subject, email: staffAccounts.email }).from(staffAudit)
        .innerJoin(staffAccounts, eq(staffAccounts.id, staffAudit.staffId));
      expect(log.filter((l) => l.subject === `contact:${mine.id}`).map((l) => l.action).sort()).toEqual(['inbox.close', 'inbox.view']);
      expect(log.some((l) => l.subject === 'inbox:contact' && l.action === 'inbox.list' && l.email === REVIEWER.email)).toBe(true);

      const closed = await call<{ items: InboxItem[] }>(server, endpoints.staffInbox, { query: { box: 'contact', status: 'closed' }, headers: bearer(token) });
      expect(closed.body.data!.items.map((i) => i.id)).toContain(mine.id);
      const open = await call<{ items: InboxItem[] }>(server, endpoints.staffInbox, { query: { box: 'contact', status: 'open' }, headers: bearer(token) });
      expect(open.body.data!.items.map((i) => i.id)).not.toContain(mine.id);
    });

    it('a dealer application closed by staff lets the same email apply again', async () => {
      const token = await staffToken();
      const body = dealer();
      const firstAnswer = await call<{ reference: string }>(server, endpoints.dealerApply, { body });
      const [row] = await server.db.select().from(dealerApplications).where(eq(dealerApplications.reference, firstAnswer.body.data!.reference));
      const view = await call<InboxDetail>(server, endpoints.staffInboxItem, { query: { box: 'dealer', item: String(row!.id) }, headers: bearer(token) });
      expect(view.body.data!.facts.map((f) => f.field)).toEqual(['storeName', 'country', 'state', 'city', 'howHeard']);
      expect(view.body.data!.from).toBe('Wei Zhang');
      const chinese = await call<{ reference: string }>(server, endpoints.dealerApply, { body: dealer({ firstName: '伟', lastName: '张' }) });
      const list = await call<{ items: InboxItem[] }>(server, endpoints.staffInbox, { query: { box: 'dealer' }, headers: bearer(token) });
      // A Chinese name reads family name first.
      expect(list.body.data!.items.find((i) => i.reference === chinese.body.data!.reference)!.from).toBe('张伟');
      expect((await call(server, endpoints.dealerApply, { body })).body.code).toBe('90056');
      expect((await call(server, endpoints.staffInboxClose, { body: { box: 'dealer', item: row!.id }, headers: bearer(token) })).status).toBe(200);
      expect((await call(server, endpoints.dealerApply, { body })).body.code).toBe('200');
    });

    it('pages the list, INBOX_PAGE_SIZE a page, newest first, and refuses a page that is not one', async () => {
      const token = await staffToken();
      // More open messages than a page holds (rows written as the form writes them; the form's own limits aside).
      const before = (await call<{ total: number }>(server, endpoints.staffInbox, { query: { box: 'contact' }, headers: bearer(token) })).body.data!.total;
      const now = server.clock.now().getTime();
      await server.db.insert(contactMessages).values(Array.from({ length: INBOX_PAGE_SIZE + 5 }, (_, i) => ({
        reference: `C-P${unique().slice(0, 7).toUpperCase()}`, name: 'Page Test', email: `page.${unique()}@example.com`, phone: null, topic: 'other',
        message: `Paging message number ${i}.`, lang: 'en', state: 'open', createdAt: new Date(now + 60_000 + i * 1000),
      })));
      const pageOf = (page: number) => call<{ items: InboxItem[]; total: number; page: number; pageSize: number }>(server, endpoints.staffInbox, { query: { box: 'contact', status: 'open', page: String(page) }, headers: bearer(token) });
      const one = (await pageOf(1)).body.data!;
      expect({ total: one.total, page: one.page, pageSize: one.pageSize, shown: one.items.length }).toEqual({ total: before + INBOX_PAGE_SIZE + 5, page: 1, pageSize: INBOX_PAGE_SIZE, shown: INBOX_PAGE_SIZE });
      const two = (await pageOf(2)).body.data!;
      expect(two.page).toBe(2);
      expect(two.items.length).toBe(Math.min(INBOX_PAGE_SIZE, one.total - INBOX_PAGE_SIZE));
      // No message on two pages, and the second page goes on where the first ended.
      expect(two.items.filter((i) => one.items.some((o) => o.id === i.id))).toEqual([]);
      expect(two.items[0]!.receivedAt <= one.items.at(-1)!.receivedAt).toBe(true);
      expect(one.items[0]!.from).toBe('Page Test');
      for (const page of ['0', '-1', '1.5', 'x']) {
        const answer = await call(server, endpoints.staffInbox, { query: { box: 'contact', page }, headers: bearer(token) });
        expect({ page, status: answer.status }).toEqual({ page, status: 400 });
      }
    });

    it('answers 404 for an item that does not exist', async () => {
      const token = await staffToken();
      const answer = await call(server, endpoints.staffInboxItem, { query: { box: 'dealer', item: '2000000000' }, headers: bearer(token) });
      expect(answer.status).toBe(404);
      expect((await call(server, endpoints.staffInboxClose, { body: { box: 'dealer', item: 2_000_000_000 }, headers: bearer(token) })).status).toBe(404);
    });
  });
});
