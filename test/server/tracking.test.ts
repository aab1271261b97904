import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { TrackingView } from '../../src/contract/tracking';
import { jobs, stateHistory, trackingCodes } from '../../src/server/db/schema';
import { listOutbox } from '../../src/server/adapters/messages';
import { runDueJobs } from '../../src/server/jobs/runner';
import { TRACKING_CODE_JOB } from '../../src/server/tracking/codes';
import { TRACKING_GRANT_TTL_MS } from '../../src/server/tracking/grant';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { call, captchaHeaders, newCaptcha, randomIp } from './helpers';
import { CN_ADDRESS, insertPaidOrder, orderRow, runJobs, uniqueEmail, US_ADDRESS } from './fulfilmentFixtures';

const SHIP_DELAY_MS = 3_600_000;
const MINUTE = 60_000;

describe.each(testDatabases({ postgres: false, because: 'look-ups one request at a time; the tracking-code limit is proved on both in limits.test.ts' }))('order tracking on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl, config: { shipDelayMs: SHIP_DELAY_MS } }); });
  afterAll(async () => { await server?.close(); });

  const sendCode = (orderNo: string, email: string, opts: { ip?: string; lang?: string } = {}) =>
    call<{ resendAfterSeconds: number; expiresInSeconds: number }>(server, endpoints.trackingSendCode, {
      body: { orderNo, email }, headers: { Language: opts.lang ?? 'en' }, ip: opts.ip,
    });
  const latestCode = async (email: string) => {
    const [mail] = await server.outbox(email);
    const code = mail?.body.match(/^(\d{6})$/m)?.[1];
    if (!code) throw new Error(`no tracking code sent to ${email}`);
    return code;
  };
  const search = async (orderNo: string, email: string, code: string, captcha?: { token: string; answer: string }) =>
    call<{ trackingToken: string; order: TrackingView }>(server, endpoints.trackingSearch, {
      body: { orderNo, email, code }, headers: captchaHeaders(captcha ?? await newCaptcha(server)),
    });
  const modify = (trackingToken: string, shipping: Record<string, unknown>, lang = 'en') =>
    call<TrackingView>(server, endpoints.trackingModify, { body: { trackingToken, shipping }, headers: { Language: lang } });
  const granted = async (orderNo: string, email: string) => {
    server.clock.advance(MINUTE + 1000);
    expect((await sendCode(orderNo, email)).body.code).toBe('200');
    const found = await search(orderNo, email, await latestCode(email));
    expect(found.body.code).toBe('200');
    return found.body.data!;
  };
  const newShipping = (email: string, overrides: Record<string, unknown> = {}) => ({
    country: 'US', firstNameEn: 'Mei', lastNameEn: 'Chen', firstNameZh: '美', lastNameZh: '陈', phone: '6265550142', email,
    address1: '2 Infinite Loop', address2: null, city: 'Cupertino', state: 'CA', zip: '95014', ...overrides,
  });

  describe('sending the email code', () => {
    it('answers the same whether or not the order number and email match, and emails only the order\'s address', async () => {
      const { orderNo, email } = await insertPaidOrder(server, { simType: 'physical' });
      const stranger = uniqueEmail('stranger');
      const answers = [
        await sendCode(orderNo, email, { lang: 'zh-Hans' }),
        await sendCode(orderNo, stranger),
        await sendCode('LBNOSUCHORDER', stranger),
      ];
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect({ code: res.body.code, data: res.body.data }).toEqual({ code: answers[0]!.body.code, data: answers[0]!.body.data });
      }
      expect(answers[1]!.body).toEqual(answers[2]!.body);
      expect(answers[0]!.body.data).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 300 });
      expect(await server.outbox(stranger)).toEqual([]);
      const [mail] = await server.outbox(email);
      expect(mail).toMatchObject({ channel: 'email', lang: 'zh-Hans', subject: `订单 ${orderNo} 的查询验证码` });
      const code = await latestCode(email);
      const rows = await server.db.select().from(trackingCodes).where(eq(trackingCodes.orderNo, orderNo));
      expect(rows).toHaveLength(2);
      expect(JSON.stringify(rows)).not.toContain(code);
    });

    it('greets the buyer by the order\'s name in the page\'s language, as the order\'s other emails do (it said "Hello there")', async () => {
      const { orderNo, email } = await insertPaidOrder(server, { simType: 'physical' });
      for (const [lang, greeting] of [['en', 'Hello Mei,'], ['zh-Hans', '陈美，您好：'], ['zh-Hant', '陈美，您好：']] as const) {
        server.clock.advance(MINUTE + 1000);
        expect((await sendCode(orderNo, email, { lang })).body.code).toBe('200');
        await runJobs(server);
        const [mail] = await server.outbox(email);
        expect(mail!.lang).toBe(lang);
        expect(mail!.body.split('\n')[0]).toBe(greeting);
        expect(mail!.body).not.toMatch(/Hello there|用户，|顧客，/);
      }
    });

    it('does the same work in the request for a pair that matches and one that does not: a code row and an email job each', async () => {
      const { orderNo, email } = await insertPaidOrder(server);
      const stranger = uniqueEmail('stranger');
      await sendCode(orderNo, email);
      await sendCode(orderNo, stranger);
      // Nothing is emailed while the request runs; each pair has its job, alike but for the address.
      expect(await listOutbox(server.db, email)).toEqual([]);
      const queued = await server.db.select().from(jobs).where(eq(jobs.kind, TRACKING_CODE_JOB)).orderBy(desc(jobs.id)).limit(2);
      expect(queued.map((j) => [Object.keys(j.payload).sort(), j.payload.email, j.doneAt])).toEqual([
        [['code', 'codeId', 'email', 'lang', 'orderNo'], stranger, null],
        [['code', 'codeId', 'email', 'lang', 'orderNo'], email, null],
      ]);
      await runDueJobs(server.app.deps, { kinds: [TRACKING_CODE_JOB] });
      expect(await listOutbox(server.db, stranger)).toEqual([]);
      const [mail] = await listOutbox(server.db, email);
      const code = mail!.body.match(/^(\d{6})$/m)![1]!;
      expect(code).toBe(queued[1]!.payload.code);
      const done = await server.db.select().from(jobs).where(inArray(jobs.id, queued.map((j) => j.id)));
      expect(done.every((j) => j.doneAt !== null && !('code' in j.payload))).toBe(true);
    });

    it('limits sends per order and email, and per address, the same way for pairs that do not match', async () => {
      const { orderNo, email } = await insertPaidOrder(server);
      for (const pair of [[orderNo, email], [orderNo, uniqueEmail('guess')]] as const) {
        expect((await sendCode(pair[0], pair[1])).status).toBe(200);
        const again = await sendCode(pair[0], pair[1]);
        expect(again.status).toBe(429);
        expect(again.body.code).toBe('rateLimited');
        expect(again.headers.get('retry-after')).toMatch(/^(59|60)$/);
      }
      const ip = randomIp();
      for (let i = 0; i < 30; i++) expect((await sendCode(orderNo, uniqueEmail('sweep'), { ip })).status).toBe(200);
      expect((await sendCode(orderNo, uniqueEmail('sweep'), { ip })).status).toBe(429);
    });

    it('checks the order number and email before anything else', async () => {
      const res = await sendCode('LB 12!', 'not-an-email');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation', message: 'Order number: Check the order number: letters and digits only.' });
    });
  });

  describe('searching', () => {
    it('needs the security code first, then the emailed code; answers the shipment and a grant', async () => {
      const { orderNo, email } = await insertPaidOrder(server, { simType: 'physical', simCount: 2 });
      await runJobs(server);
      await sendCode(orderNo, email);
      const code = await latestCode(email);

      const captcha = await newCaptcha(server);
      const wrongCaptcha = await search(orderNo, email, code, { ...captcha, answer: captcha.answer === 'ZZZZ' ? 'YYYY' : 'ZZZZ' });
      expect(wrongCaptcha.body.code).toBe('captchaWrong');
      const noCaptcha = await call(server, endpoints.trackingSearch, { body: { orderNo, email, code } });
      expect(noCaptcha.body.code).toBe('captchaWrong');

      // The order number and email may be typed in any case; the code is bound to them.
      const res = await search(orderNo.toLowerCase(), email.toUpperCase(), code);
      expect(res.status).toBe(200);
      expect(res.body.data!.trackingToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.data!.order).toMatchObject({
        orderNo, shipped: false, logisticsStatus: 'not_shipped', carrier: null, trackingNumber: null, sentAt: null,
        planName: '5GB', months: 3, simType: 'physical', simCount: 2, status: 'paid', autoRenew: false,
        activationStatus: 'inactive', canModify: true,
        shipping: { country: 'US', firstNameEn: 'Mei', lastNameEn: 'Chen', firstNameZh: '美', lastNameZh: '陈', ...US_ADDRESS },
      });
      // Single use.
      expect((await search(orderNo, email, code)).body.code).toBe('codeExpired');
    });

    it('answers a wrong code, then locks it after 5 tries; a code expires after 5 minutes', async () => {
      const { orderNo, email } = await insertPaidOrder(server);
      await sendCode(orderNo, email);
      const code = await latestCode(email);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 4; i++) expect((await search(orderNo, email, wrong)).body.code).toBe('codeWrong');
      expect((await search(orderNo, email, wrong)).body.code).toBe('codeLocked');
      expect((await search(orderNo, email, code)).body.code).toBe('codeLocked');

      server.clock.advance(MINUTE + 1000);
      await sendCode(orderNo, email);
      const fresh = await latestCode(email);
      server.clock.advance(5 * MINUTE);
      const late = await search(orderNo, email, fresh);
      expect(late.status).toBe(400);
      expect(late.body).toMatchObject({ code: 'codeExpired', message: 'The verification code has expired or has already been used. Please request a new one.' });
    });

    it('tells nothing about a pair that does not match: the same answers as a wrong code', async () => {
      const { orderNo } = await insertPaidOrder(server);
      const stranger = uniqueEmail('stranger');
      expect((await search(orderNo, stranger, '123456')).body.code).toBe('codeExpired');
      await sendCode(orderNo, stranger);
      expect((await search(orderNo, stranger, '123456')).body.code).toMatch(/^code(Wrong|Locked)$/);
      server.clock.advance(5 * MINUTE);
      expect((await search(orderNo, stranger, '123456')).body.code).toBe('codeExpired');
    });
  });

  describe('changing the shipping address', () => {
    it('changes it before shipping, at the carrier too, with a history row', async () => {
      const { orderNo, email } = await insertPaidOrder(server, { simType: 'physical' });
      await runJobs(server);
      const { trackingToken } = await granted(orderNo, email);
      const res = await modify(trackingToken, newShipping('someone.else@example.com', { address2: 'Suite 3' }));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ orderNo, canModify: true, shipping: { address1: '2 Infinite Loop', address2: 'Suite 3', city: 'Cupertino', zip: '95014' } });
      const order = await orderRow(server, orderNo);
      expect(order.shipping).toMatchObject({ address1: '2 Infinite Loop', email });
      const parcel = await (await fetch(new URL(`/sandbox/api/parcels/${orderNo}`, server.url))).json() as { data: { address: Record<string, unknown> } };
      expect(parcel.data.address).toMatchObject({ address1: '2 Infinite Loop', address2: 'Suite 3', city: 'Cupertino', zip: '95014' });
      const history = await server.db.select().from(stateHistory).where(and(eq(stateHistory.chart, 'shipment'), eq(stateHistory.entityRef, orderNo)));
      expect(history).toMatchObject([{ fromState: 'notShipped', event: 'shipment.changeAddress', toState: 'notShipped' }]);
    });

    it('checks the address again on the server, in the language asked, and keeps the country of the order', async () => {
      const { orderNo, email } = await insertPaidOrder(server, { simType: 'physical' });
      const { trackingToken } = await granted(orderNo, email);
      const zip = await modify(trackingToken, newShipping(email, { zip: '10001' }), 'zh-Hant');
      expect(zip.status).toBe(400);
      expect(zip.body.code).toBe('validation');
      expect(zip.body.message).toMatch(/^郵遞區號/);
      const missing = await modify(trackingToken, newShipping(email, { city: '' }));
      expect(missing.body.message).toBe('City: Please enter the city.');
      const abroad = await modify(trackingToken, newShipping(email, { country: 'CN', ...CN_ADDRESS }));
      expect(abroad.status).toBe(400);
      expect(abroad.body).toEqual({
        code: 'validation', data: { field: 'shipping.country' },
        message: 'Country: The new address must be in the same country as the order. To ship to another country, please contact customer service.',
      });
      expect((await orderRow(server, orderNo)).shipping).toMatchObject(US_ADDRESS);
    });

    it('refuses once shipped, and a grant that is unknown or has expired', async () => {
      const { orderNo, email } = await insertPaidOrder(server, { simType: 'physical' });
      await runJobs(server);
      server.clock.advance(SHIP_DELAY_MS - 2 * MINUTE);
      const { trackingToken } = await granted(orderNo, email);
      server.clock.advance(2 * MINUTE);
      await runJobs(server);
      const late = await modify(trackingToken, newShipping(email));
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ code: 'alreadyShipped', message: 'This order has already shipped, so the address can no longer be changed.' });
      expect((await orderRow(server, orderNo)).shipping).toMatchObject(US_ADDRESS);

      const view = await granted(orderNo, email);
      expect(view.order).toMatchObject({ shipped: true, logisticsStatus: 'shipped', carrier: 'USPS', canModify: false });
      expect(view.order.trackingNumber).toMatch(/^9400111\d{15}$/);
      expect(view.order.sentAt).not.toBeNull();

      const unknown = await modify('not-a-grant', newShipping(email));
      expect(unknown).toMatchObject({ status: 400, body: { code: 'ticketInvalid' } });
      server.clock.advance(TRACKING_GRANT_TTL_MS);
      expect((await modify(view.trackingToken, newShipping(email))).body.code).toBe('ticketInvalid');
    });

    it('keeps the new address when the carrier took it and the parcel shipped before the change was recorded, and says so', async () => {
      const { orderNo, email } = await insertPaidOrder(server, { simType: 'physical' });
      await runJobs(server);
      server.clock.advance(SHIP_DELAY_MS - 2 * MINUTE);
      const { trackingToken } = await granted(orderNo, email);
      const logistics = server.app.deps.logistics;
      const update = logistics.updateAddress;
      // The carrier takes the new address, then the parcel leaves and the shipment poll records it, all before the
      // gateway writes the change.
      logistics.updateAddress = async (reference, address) => {
        const answer = await update.call(logistics, reference, address);
        server.clock.advance(2 * MINUTE);
        await runJobs(server);
        return answer;
      };
      let res;
      try {
        res = await modify(trackingToken, newShipping(email, { address2: 'Suite 3' }));
      } finally {
        logistics.updateAddress = update;
      }
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ orderNo, shipped: true, canModify: false, shipping: { address1: '2 Infinite Loop', address2: 'Suite 3', zip: '95014' } });
      expect((await orderRow(server, orderNo)).shipping).toMatchObject({ address1: '2 Infinite Loop', address2: 'Suite 3', city: 'Cupertino', email });
      const parcel = await (await fetch(new URL(`/sandbox/api/parcels/${orderNo}`, server.url))).json() as { data: { shipped: boolean; address: Record<string, unknown> } };
      expect(parcel.data).toMatchObject({ shipped: true, address: { address1: '2 Infinite Loop', address2: 'Suite 3' } });
    });

    it('has nothing to change for an eSIM order', async () => {
      const { orderNo, email } = await insertPaidOrder(server, { simType: 'esim' });
      await runJobs(server);
      const { trackingToken, order } = await granted(orderNo, email);
      expect(order).toMatchObject({ simType: 'esim', canModify: false, shipped: false });
      expect((await modify(trackingToken, newShipping(email))).body.code).toBe('noRecord');
    });
  });
});
