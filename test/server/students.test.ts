/**
 * The student purchase (issue 18 section 4, decision 0045): the code emailed to an academic address (its limits taken
 * atomically under parallel requests, its expiry and tries), the proof a student order carries (refused without it,
 * for another address, expired), the proof spent by the one order that uses it and bound to the customer who made it,
 * the order keeping the student info and the account showing it once paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { OrderData } from '../../src/contract/orders';
import type { ProfileData } from '../../src/contract/profile';
import { STAFF_COOKIE } from '../../src/contract/staff';
import type { StaffStudentOrder } from '../../src/contract/studentsStaff';
import { seedSandboxStaff, SANDBOX_STAFF } from '../../src/server/staff';
import type { PaymentResult } from '../../src/contract/payments';
import { departureWindow } from '../../src/domain/student';
import { eduVerifications, orderStudents, orders } from '../../src/server/db/schema';
import { EDU_PROOF_MS } from '../../src/server/students';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard } from '../support/payments';
import { bearer, call, passwordLogin, randomIp, randomPhone, register } from './helpers';
import { demoToken, errorText, esimForm, newKey, placeOrder, planIdOf, postOrder } from './ordersHelpers';

describe.each(testDatabases())('student purchase on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let fiveGb: number;
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    fiveGb = await planIdOf(server, '5gb-plan');
  });
  afterAll(async () => { await server?.close(); });

  /** A new academic address per test: the per-address limits of one test do not reach another. */
  const eduEmail = () => `mei.lin.${Date.now().toString(36)}${n++}@ucla.edu`;
  const send = (email: string, ip = randomIp(), lang = 'en') =>
    call<{ resendAfterSeconds: number; expiresInSeconds: number }>(server, endpoints.studentSendEduCode, { body: { eduEmail: email }, ip, headers: { Language: lang } });
  const verify = (email: string, code: string, lang = 'en') =>
    call<{ verification: string; eduEmail: string; verifiedUntil: string }>(server, endpoints.studentVerifyEduCode, { body: { eduEmail: email, code }, headers: { Language: lang } });
  const codeIn = async (email: string) => (await server.outbox(email))[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const departure = () => departureWindow(server.clock.now()).latest;

  /** A proof of the address, made logged in when `token` is given (the proof is then that customer's). */
  async function proof(email: string, token?: string): Promise<string> {
    expect((await send(email)).body.code).toBe('200');
    const res = await call<{ verification: string }>(server, endpoints.studentVerifyEduCode, {
      body: { eduEmail: email, code: await codeIn(email) }, headers: { Language: 'en', ...(token ? bearer(token) : {}) },
    });
    expect(res.body.code).toBe('200');
    return res.body.data!.verification;
  }
  /** A new customer, logged in. */
  async function newCustomer(): Promise<string> {
    const phone = randomPhone();
    expect((await register(server, phone, 'Lotus#2917')).body.code).toBe('200');
    const login = await passwordLogin(server, phone, 'Lotus#2917');
    return login.body.data!.access_token;
  }
  const studentOf = async (token: string) => (await call<ProfileData>(server, endpoints.profileInfo, { headers: bearer(token) })).body.data!.student;
  const orderIdOf = async (orderNo: string) => (await server.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo))).at(0)!.id;
  const studentRows = async (email: string) => (await server.db.select({ n: count() }).from(orderStudents).where(eq(orderStudents.eduEmail, email))).at(0)!.n;
  const studentForm = (student: Record<string, unknown>) => esimForm(fiveGb, { student: { school: 'UCLA', grade: 'masters', departureDate: departure(), ...student } as never });

  describe('the code to the edu address', () => {
    it('is sent only to an academic address, in the buyer\'s language, and proves the address once', async () => {
      const refused = await send('mei@gmail.com');
      expect(refused.body).toMatchObject({ code: 'validation', message: 'School email: Please use your school email address (for example one ending in .edu, .edu.cn or .ac.uk).' });
      expect(refused.status).toBe(400);

      const email = eduEmail();
      const sent = await send(email.toUpperCase(), randomIp(), 'zh-Hans');
      expect(sent.body).toMatchObject({ code: '200', data: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
      const [mail] = await server.outbox(email);
      expect(mail!.subject).toBe('您的学生验证码');
      const code = await codeIn(email);
      expect(code).toMatch(/^\d{6}$/);

      const wrong = await verify(email, otherCode(code), 'zh-Hant');
      expect(wrong.body).toMatchObject({ code: 'codeWrong', message: errorText('zh-Hant', 'codeWrong') });
      const right = await verify(email, code);
      expect(right.body).toMatchObject({ code: '200', data: { eduEmail: email } });
      expect(right.body.data!.verification).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(Date.parse(right.body.data!.verifiedUntil) - server.clock.now().getTime()).toBeGreaterThan(EDU_PROOF_MS - 60_000);
      // Single use: the same code again is spent.
      expect((await verify(email, code)).body.code).toBe('codeExpired');
    });

    it('expires after 5 minutes, and dies after 5 wrong tries even with the right one next', async () => {
      const late = eduEmail();
      await send(late);
      const lateCode = await codeIn(late);
      server.clock.advance(5 * 60_000 + 1_000);
      expect((await verify(late, lateCode)).body.code).toBe('codeExpired');

      const guessed = eduEmail();
      await send(guessed);
      const code = await codeIn(guessed);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await verify(guessed, otherCode(code))).body.code);
      expect(answers).toEqual(['codeWrong', 'codeWrong', 'codeWrong', 'codeWrong', 'codeLocked']);
      expect((await verify(guessed, code)).body.code).toBe('codeLocked');
    });

    it('lets one send through per address and minute however many arrive at once, and 5 an hour', async () => {
      const email = eduEmail();
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(email)));
      expect(answers.filter((a) => a.body.code === '200')).toHaveLength(1);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(9);
      expect(await server.outbox(email)).toHaveLength(1);
      for (let i = 0; i < 4; i++) {
        server.clock.advance(61_000);
        expect((await send(email)).body.code).toBe('200');
      }
      server.clock.advance(61_000);
      const sixth = await send(email);
      expect(sixth.status).toBe(429);
      expect(sixth.body.code).toBe('rateLimited');
    });

    it('spends a code once however many right answers arrive at once', async () => {
      const email = eduEmail();
      await send(email);
      const code = await codeIn(email);
      const answers = await Promise.all(Array.from({ length: 6 }, () => verify(email, code)));
      expect(answers.filter((a) => a.body.code === '200')).toHaveLength(1);
      expect(answers.filter((a) => a.body.code === 'codeExpired')).toHaveLength(5);
    });
  });

  describe('a student order', () => {
    it('is refused without a proof, with a forged one, with one for another address, and once the proof expired', async () => {
      const email = eduEmail();
      const none = await postOrder(server, studentForm({ eduEmail: email }));
      expect(none.body).toMatchObject({ code: 'validation', message: 'Verification code: Please verify your school email: send the code and enter it here.' });

      const forged = await postOrder(server, studentForm({ eduEmail: email, verification: 'forged-token-0123456789' }), { lang: 'zh-Hans' });
      expect(forged.body).toMatchObject({ code: 'eduEmailUnverified', message: errorText('zh-Hans', 'eduEmailUnverified'), data: { field: 'student.eduCode' } });

      const token = await proof(email);
      const another = await postOrder(server, studentForm({ eduEmail: eduEmail(), verification: token }));
      expect(another.body.code).toBe('eduEmailUnverified');

      const notAcademic = await postOrder(server, studentForm({ eduEmail: 'mei@gmail.com', verification: token }));
      expect(notAcademic.body).toMatchObject({ code: 'validation', message: expect.stringContaining('Please use your school email address') });

      server.clock.advance(EDU_PROOF_MS + 1_000);
      const expired = await postOrder(server, studentForm({ eduEmail: email, verification: token }));
      expect(expired.body.code).toBe('eduEmailUnverified');
      expect((await server.db.select({ n: count() }).from(orderStudents)).at(0)!.n).toBe(0);
    });

    it('is refused with a departure date past 90 days ahead or over a year ago, by the gateway\'s own day', async () => {
      const email = eduEmail();
      const token = await proof(email);
      const { earliest, latest } = departureWindow(server.clock.now());
      const dayAfter = (d: string, days: number) => new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
      const tooLate = await postOrder(server, studentForm({ eduEmail: email, verification: token, departureDate: dayAfter(latest, 1) }));
      expect(tooLate.body).toMatchObject({ code: 'validation', data: { field: 'student.departureDate' } });
      expect(tooLate.body.message).toContain('90');
      const tooEarly = await postOrder(server, studentForm({ eduEmail: email, verification: token, departureDate: dayAfter(earliest, -1) }));
      expect(tooEarly.body).toMatchObject({ code: 'validation', data: { field: 'student.departureDate' } });
      const notADay = await postOrder(server, studentForm({ eduEmail: email, verification: token, departureDate: '2027-02-30' }));
      expect(notADay.body).toMatchObject({ code: 'validation', message: 'Departure date: Please enter a real date.' });
      const onTheEdge = await postOrder(server, studentForm({ eduEmail: email, verification: token, departureDate: earliest }));
      expect(onTheEdge.body.code).toBe('200');
    });

    it('keeps the student info and the link\'s codes with the order; the account shows it once the order is paid', async () => {
      const token = await demoToken(server);
      const before = await call<ProfileData>(server, endpoints.profileInfo, { headers: bearer(token) });
      expect(before.body.data!.student).toBeNull();

      const email = eduEmail();
      const verification = await proof(email);
      const form = {
        ...studentForm({ eduEmail: email, verification, school: '  University of California, Los Angeles ', grade: 'freshman' }),
        promotionPlatform: 'xiaohongshu', activityCode: 'BACK2SCHOOL',
      };
      const { order, orderToken } = await placeOrder(server, form, { token, key: newKey() });
      expect(order).toMatchObject({
        student: { school: 'University of California, Los Angeles', grade: 'freshman', departureDate: departure(), eduEmail: email },
        promotionPlatform: 'xiaohongshu', activityCode: 'BACK2SCHOOL',
      });
      // No student price (decision 0045): the same plan costs the same.
      const plain = await placeOrder(server, esimForm(fiveGb), { key: newKey() });
      expect(order.payAmountCents).toBe(plain.order.payAmountCents);
      const [row] = await server.db.select().from(orders).where(eq(orders.orderNo, order.orderNo));
      expect(row).toMatchObject({ promotionPlatform: 'xiaohongshu', activityCode: 'BACK2SCHOOL' });

      // Not paid yet: the account does not say student.
      expect((await call<ProfileData>(server, endpoints.profileInfo, { headers: bearer(token) })).body.data!.student).toBeNull();
      const sourceId = await tokenizeCard(server.paymentsUrl, { ...TEST_CARDS.visa, postalCode: '90012' });
      const paid = await call<PaymentResult>(server, endpoints.payOrder, {
        body: { orderNo: order.orderNo, method: 'bank_card', sourceId, cardholderName: 'Mei Chen' },
        headers: { ...bearer(token), 'Idempotency-Key': newKey(), 'X-Order-Token': orderToken },
      });
      expect(paid.body.code).toBe('200');
      const after = await call<ProfileData>(server, endpoints.profileInfo, { headers: bearer(token) });
      expect(after.body.data!.student).toMatchObject({ school: 'University of California, Los Angeles', grade: 'freshman', eduEmail: email });

      // The buyer reads it back with the order.
      const detail = await call<OrderData>(server, endpoints.orderDetail, { body: { orderNo: order.orderNo }, headers: { 'X-Order-Token': orderToken } });
      expect(detail.body.data!.student?.eduEmail).toBe(email);

      // Staff see it in the console's student orders, with the buyer; the plain order is not there. A customer's
      // session, or none, does not open the list.
      await seedSandboxStaff(server.db);
      const login = await call(server, endpoints.staffLogin, { body: { email: SANDBOX_STAFF[0]!.email, password: SANDBOX_STAFF[0]!.password } });
      const cookie = new RegExp(`${STAFF_COOKIE}=([^;]+)`).exec(login.headers.get('set-cookie') ?? '')![1]!;
      const list = await call<{ orders: StaffStudentOrder[] }>(server, endpoints.staffStudentOrders, { headers: bearer(cookie) });
      expect(list.body.code).toBe('200');
      expect(list.body.data!.orders.find((o) => o.orderNo === order.orderNo)).toMatchObject({
        status: 'paid', buyer: { username: 'demo' },
        student: { school: 'University of California, Los Angeles', grade: 'freshman', departureDate: departure(), eduEmail: email },
      });
      expect(list.body.data!.orders.some((o) => o.orderNo === plain.order.orderNo)).toBe(false);
      expect((await call(server, endpoints.staffStudentOrders, { headers: bearer(token) })).status).toBe(401);
      expect((await call(server, endpoints.staffStudentOrders)).status).toBe(401);
    });

    it('refuses a campaign code that is not a code', async () => {
      const res = await postOrder(server, { ...esimForm(fiveGb), activityCode: 'LNY 2026<script>' });
      expect(res.body).toMatchObject({ code: 'validation', message: expect.stringMatching(/^Campaign code: This campaign link is not valid/) });
    });
  });

  describe('the proof (single use, bound to the customer who made it)', () => {
    it('is spent by the order that uses it: the same token is refused for a second order, with or without login', async () => {
      const email = eduEmail();
      const verification = await proof(email);
      const form = studentForm({ eduEmail: email, verification });
      const { order } = await placeOrder(server, form, { key: newKey() });
      expect((await postOrder(server, form)).body).toMatchObject({ code: 'eduEmailUnverified', data: { field: 'student.eduCode' } });
      const token = await demoToken(server);
      expect((await postOrder(server, form, { token })).body.code).toBe('eduEmailUnverified');
      expect(await studentRows(email)).toBe(1);
      const [row] = await server.db.select().from(eduVerifications).where(eq(eduVerifications.email, email));
      expect(row).toMatchObject({ customerId: null, spentOrderId: (await orderIdOf(order.orderNo)) });
      expect(row!.spentAt).toBeInstanceOf(Date);
    });

    it('made logged in, is refused to another customer and to an order without login, and stays the maker\'s', async () => {
      const mei = await newCustomer();
      const other = await newCustomer();
      const email = eduEmail();
      const verification = await proof(email, mei);
      const form = studentForm({ eduEmail: email, verification });

      const byOther = await postOrder(server, form, { token: other });
      expect(byOther.body).toMatchObject({ code: 'eduEmailUnverified', data: { field: 'student.eduCode' } });
      const byNobody = await postOrder(server, form);
      expect(byNobody.body.code).toBe('eduEmailUnverified');
      expect(await studentRows(email)).toBe(0);
      expect(await studentOf(other)).toBeNull();

      // The refused orders were rolled back with their refusal: the proof is unspent, and its maker's order spends it.
      const { order } = await placeOrder(server, form, { token: mei, key: newKey() });
      expect(order.student?.eduEmail).toBe(email);
      expect((await postOrder(server, form, { token: mei })).body.code).toBe('eduEmailUnverified');
      expect((await postOrder(server, form, { token: other })).body.code).toBe('eduEmailUnverified');
    });

    it('made without login, is spent by whoever holds it (guest checkout or a logged-in buyer), once', async () => {
      const email = eduEmail();
      const verification = await proof(email);
      const buyer = await newCustomer();
      const form = studentForm({ eduEmail: email, verification });
      const { order } = await placeOrder(server, form, { token: buyer, key: newKey() });
      expect(order.student?.eduEmail).toBe(email);
      expect((await postOrder(server, form)).body.code).toBe('eduEmailUnverified');
    });

    it('lets exactly one of 10 parallel orders carrying one token through', async () => {
      const email = eduEmail();
      const verification = await proof(email);
      const form = studentForm({ eduEmail: email, verification });
      const answers = await Promise.all(Array.from({ length: 10 }, () => postOrder(server, form)));
      expect(answers.filter((a) => a.body.code === '200')).toHaveLength(1);
      expect(answers.filter((a) => a.body.code === 'eduEmailUnverified')).toHaveLength(9);
      expect(await studentRows(email)).toBe(1);
      const winner = answers.find((a) => a.body.code === '200')!.body.data!.order;
      const [row] = await server.db.select().from(eduVerifications).where(eq(eduVerifications.email, email));
      expect(row!.spentOrderId).toBe(await orderIdOf(winner.orderNo));
    });

    it('does not stop a retried order (the same Idempotency-Key) from answering the same order, one at a time or in parallel', async () => {
      const token = await newCustomer();
      const email = eduEmail();
      const verification = await proof(email, token);
      const form = studentForm({ eduEmail: email, verification });
      const key = newKey();
      const first = await placeOrder(server, form, { token, key });
      const retried = await placeOrder(server, form, { token, key });
      expect(retried.order.orderNo).toBe(first.order.orderNo);
      expect(retried.orderToken).toBe(first.orderToken);

      const again = eduEmail();
      const parallelForm = studentForm({ eduEmail: again, verification: await proof(again, token) });
      const parallelKey = newKey();
      const answers = await Promise.all(Array.from({ length: 10 }, () => postOrder(server, parallelForm, { token, key: parallelKey })));
      expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill('200'));
      expect(new Set(answers.map((a) => a.body.data!.order.orderNo)).size).toBe(1);
      expect(await studentRows(again)).toBe(1);
    });
  });
});
