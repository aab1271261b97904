/** Issue 14, PROFILE: my information, email change, password reset by SMS code and the notice, saved cards. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import { customers, lines, planSubscriptions, plans, sandboxCards, savedCards } from '../../src/server/db/schema';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard, type TestCardName } from '../support/payments';
import { bearer, call, latestCode, passwordLogin, randomIp, randomPhone, register } from './helpers';

const PASSWORD = 'Lotus#2917';
const NEW_PASSWORD = 'Harbor!8305';
const BILLING = { country: 'US', address1: '100 Main St', address2: null, city: 'Los Angeles', state: 'CA', zip: '90012' };
const PROFILE = { firstNameEn: 'Mei', lastNameEn: 'Chen', firstNameZh: '美', lastNameZh: '陈', contactPhone: '(626) 555-0142', billing: BILLING };

type Cards = { cards: { id: number; isDefault: boolean; last4: string; brand: string }[]; renewalCardId: number | null };

describe.each(testDatabases())('profile on %s', (name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl }); });
  afterAll(async () => { await server?.close(); });

  /** A new account, logged in: its phone, id and token. */
  async function customer() {
    const phone = randomPhone();
    expect((await register(server, phone, PASSWORD)).body.code).toBe('200');
    const login = await passwordLogin(server, phone, PASSWORD);
    const [row] = await server.db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone));
    return { phone, id: row!.id, token: login.body.data!.access_token };
  }
  const as = (token: string, lang = 'en') => ({ ...bearer(token), Language: lang });

  describe('my information', () => {
    it('shows an empty account with its referral code and link, and another token reads only its own', async () => {
      const me = await customer();
      const other = await customer();
      const mine = await call<{ username: string; firstNameEn: null; referral: { code: string; link: string; count: number; bonusCents: number } }>(
        server, endpoints.profileInfo, { headers: as(me.token) });
      expect(mine.body.data).toMatchObject({ username: me.phone, phone: me.phone, firstNameEn: null, birthday: null, billing: null, email: null });
      expect(mine.body.data!.referral).toMatchObject({ count: 0, bonusCents: 0 });
      expect(mine.body.data!.referral.code).toMatch(/^[2-9A-Z]{4}$/);
      expect(mine.body.data!.referral.link).toContain(`recommendCode=${mine.body.data!.referral.code}`);
      const theirs = await call<{ username: string }>(server, endpoints.profileInfo, { headers: as(other.token) });
      expect(theirs.body.data!.username).toBe(other.phone);
      expect((await call(server, endpoints.profileInfo, {})).status).toBe(401);
    });

    it('saves names, contact number and billing address, and checks each rule again', async () => {
      const me = await customer();
      const saved = await call(server, endpoints.profileUpdate, { body: PROFILE, headers: as(me.token) });
      expect(saved.body).toMatchObject({ code: '200', data: { ...PROFILE, contactPhone: '6265550142', billing: BILLING } });
      const cases: [unknown, string][] = [
        [{ ...PROFILE, firstNameEn: 'Mei1' }, '名（英文）：只能使用英文字母。'],
        [{ ...PROFILE, lastNameZh: 'Chen' }, '姓（中文）：只能使用中文汉字。'],
        [{ ...PROFILE, billing: { ...BILLING, zip: '10001' } }, '邮政编码：该邮政编码不属于所选州，请检查邮政编码或州。'],
        [{ ...PROFILE, billing: { ...BILLING, zip: '9001' } }, '邮政编码：美国邮政编码为 5 位数字。'],
        [{ ...PROFILE, contactPhone: '12' }, '联系电话：请输入有效的美国或中国手机号码。'],
      ];
      for (const [body, message] of cases) {
        const res = await call(server, endpoints.profileUpdate, { body, headers: as(me.token, 'zh-Hans') });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: 'validation', message });
      }
      const after = await call(server, endpoints.profileInfo, { headers: as(me.token) });
      expect(after.body.data).toMatchObject({ firstNameEn: 'Mei', billing: BILLING });
    });

    it('sets the birthday once: the same date again is fine, another is refused', async () => {
      const me = await customer();
      const save = (birthday: string) => call(server, endpoints.profileUpdate, { body: { ...PROFILE, birthday }, headers: as(me.token) });
      expect((await save('1990-05-17')).body.data).toMatchObject({ birthday: '1990-05-17' });
      expect((await save('1990-05-17')).body.code).toBe('200');
      const changed = await save('1991-05-17');
      expect(changed.status).toBe(409);
      expect(changed.body).toMatchObject({ code: 'birthdaySet', data: { field: 'birthday' } });
      // Without a birthday in the request the rest still saves.
      expect((await call(server, endpoints.profileUpdate, { body: { ...PROFILE, firstNameEn: 'Lin' }, headers: as(me.token) })).body.data)
        .toMatchObject({ firstNameEn: 'Lin', birthday: '1990-05-17' });
    });

    it('two saves with different birthdays at once: one is kept, the other refused', async () => {
      const me = await customer();
      const answers = await Promise.all(['1980-01-02', '1981-03-04', '1982-05-06', '1983-07-08'].map((birthday) =>
        call(server, endpoints.profileUpdate, { body: { ...PROFILE, birthday }, headers: as(me.token) })));
      expect(answers.filter((a) => a.body.code === '200')).toHaveLength(1);
      expect(answers.filter((a) => a.body.code === 'birthdaySet')).toHaveLength(3);
    });
  });

  describe('email change', () => {
    it('changes only with the code sent to the new address', async () => {
      const me = await customer();
      const email = `mei.${me.phone}@example.com`;
      const sent = await call(server, endpoints.emailSendCode, { body: { email: email.toUpperCase() }, headers: as(me.token, 'zh-Hant') });
      expect(sent.body).toMatchObject({ code: '200', data: { expiresInSeconds: 300 } });
      const [mail] = await server.outbox(email);
      expect(mail?.subject).toBe('請確認您的新電子郵件');
      const code = mail!.body.match(/\b(\d{6})\b/)![1]!;
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await call(server, endpoints.emailChange, { body: { email, code: wrong }, headers: as(me.token) })).body.code).toBe('codeWrong');
      // Another account cannot use the code.
      const other = await customer();
      expect((await call(server, endpoints.emailChange, { body: { email, code }, headers: as(other.token) })).body.code).toBe('codeExpired');
      const changed = await call(server, endpoints.emailChange, { body: { email, code }, headers: as(me.token) });
      expect(changed.body).toMatchObject({ code: '200', data: { email } });
      expect((await call(server, endpoints.emailChange, { body: { email, code }, headers: as(me.token) })).body.code).toBe('codeExpired');
      server.clock.advance(61_000);
      expect((await call(server, endpoints.emailSendCode, { body: { email }, headers: as(me.token) })).body.code).toBe('emailSame');
    });

    it('sends at most one code a minute to an address, counted atomically', async () => {
      const me = await customer();
      const email = `limit.${me.phone}@example.com`;
      const answers = await Promise.all(Array.from({ length: 6 }, () =>
        call(server, endpoints.emailSendCode, { body: { email }, headers: as(me.token) })));
      expect(answers.filter((a) => a.body.code === '200')).toHaveLength(1);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
      expect(await server.outbox(email)).toHaveLength(1);
    });
  });

  describe('password', () => {
    it('resets by the code texted to the account phone, ends the other sessions and says so', async () => {
      const me = await customer();
      const elsewhere = (await passwordLogin(server, me.phone, PASSWORD)).body.data!.access_token;
      server.clock.advance(61_000);
      const sent = await call(server, endpoints.passwordSendCode, { headers: as(me.token), ip: randomIp() });
      expect(sent.body).toMatchObject({ code: '200', data: { phoneMasked: `******${me.phone.slice(-4)}` } });
      const code = await latestCode(server, me.phone);
      const weak = await call(server, endpoints.resetPwdBySms, { body: { code, newPassword: 'short', confirmPassword: 'short' }, headers: as(me.token) });
      expect(weak.status).toBe(400);
      const reset = await call(server, endpoints.resetPwdBySms, { body: { code, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, headers: as(me.token, 'zh-Hans') });
      expect(reset.body).toMatchObject({ code: '200', data: { changed: true } });
      expect((await call(server, endpoints.userInfo, { headers: bearer(elsewhere) })).status).toBe(401);
      expect((await call(server, endpoints.userInfo, { headers: bearer(me.token) })).status).toBe(200);
      const [notice] = await server.outbox(me.phone);
      expect(notice?.body).toContain('密码刚刚已修改');
      expect((await passwordLogin(server, me.phone, NEW_PASSWORD)).body.code).toBe('200');
      expect((await call(server, endpoints.resetPwdBySms, { body: { code, newPassword: PASSWORD, confirmPassword: PASSWORD }, headers: as(me.token) })).body.code).toBe('codeExpired');
    });

    it('a change by the old password emails the account address', async () => {
      const me = await customer();
      const email = `notice.${me.phone}@example.com`;
      await server.db.update(customers).set({ email }).where(eq(customers.id, me.id));
      const res = await call(server, endpoints.modifyPwd, {
        body: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, headers: as(me.token),
      });
      expect(res.body.code).toBe('200');
      const [mail] = await server.outbox(email);
      expect(mail?.subject).toBe('Your LinkBridge Mobile password was changed');
      expect(mail?.body).toContain('every other device and browser signed in to your account has been signed out');
    });

    it('an account without a phone is told to use the old password', async () => {
      const me = await customer();
      await server.db.update(customers).set({ phone: null }).where(eq(customers.id, me.id));
      const res = await call(server, endpoints.passwordSendCode, { headers: as(me.token) });
      expect(res.body.code).toBe('accountNoPhone');
    });
  });

  describe('bank cards', () => {
    const tokenFor = (card: TestCardName, postalCode = '90012') => tokenizeCard(server.paymentsUrl, { ...TEST_CARDS[card], postalCode });
    let keys = 0;
    const add = async (token: string, card: TestCardName, init: { key?: string; zip?: string; sourceId?: string } = {}) =>
      call<Cards>(server, endpoints.addCard, {
        body: { sourceId: init.sourceId ?? await tokenFor(card), cardholderName: 'Mei Chen', billingZip: init.zip ?? '90012' },
        headers: { ...as(token), 'Idempotency-Key': init.key ?? `add-card-${name}-${Date.now()}-${keys++}` },
      });

    it('adds cards (the first is the default), makes another the default, removes one', async () => {
      const me = await customer();
      const first = await add(me.token, 'visa');
      expect(first.body.data!.cards).toMatchObject([{ brand: 'visa', last4: '1111', isDefault: true, holderName: 'Mei Chen', billingZip: '90012' }]);
      const second = await add(me.token, 'mastercard');
      expect(second.body.data!.cards.map((c) => [c.last4, c.isDefault])).toEqual([['1111', true], ['5100', false]]);
      const masterId = second.body.data!.cards[1]!.id;
      const visaId = second.body.data!.cards[0]!.id;
      const switched = await call<Cards>(server, endpoints.setDefaultCard, { body: { cardId: masterId }, headers: as(me.token) });
      expect(switched.body.data!.cards.map((c) => [c.last4, c.isDefault])).toEqual([['5100', true], ['1111', false]]);
      const removed = await call<Cards>(server, endpoints.removeCard, { body: { cardId: masterId }, headers: as(me.token) });
      expect(removed.body.data!.cards.map((c) => [c.id, c.isDefault])).toEqual([[visaId, true]]);
      const [row] = await server.db.select().from(savedCards).where(eq(savedCards.id, masterId));
      const [atProvider] = await server.db.select().from(sandboxCards).where(eq(sandboxCards.id, row!.providerCardId));
      expect(atProvider?.disabledAt).not.toBeNull();
      expect((await call(server, endpoints.removeCard, { body: { cardId: masterId }, headers: as(me.token) })).body.code).toBe('noRecord');
    });

    it("another customer's cards can be neither read, made default nor removed", async () => {
      const me = await customer();
      const other = await customer();
      const cardId = (await add(me.token, 'visa')).body.data!.cards[0]!.id;
      expect((await call<Cards>(server, endpoints.bankCards, { headers: as(other.token) })).body.data!.cards).toEqual([]);
      expect((await call(server, endpoints.setDefaultCard, { body: { cardId }, headers: as(other.token) })).body.code).toBe('noRecord');
      expect((await call(server, endpoints.removeCard, { body: { cardId }, headers: as(other.token) })).body.code).toBe('noRecord');
      expect((await call<Cards>(server, endpoints.bankCards, { headers: as(me.token) })).body.data!.cards).toHaveLength(1);
    });

    it('answers 120106 when the bank refuses the card and 120070 for a spent token', async () => {
      const me = await customer();
      for (const card of ['declined', 'cvvFailure', 'insufficientFunds'] as const) {
        const res = await add(me.token, card);
        expect(res.body.code).toBe('120106');
      }
      expect((await add(me.token, 'visa', { zip: '10001' })).body.code).toBe('120106');
      // Each refused card counts toward the day's five tries (card testing): the fifth passes, a sixth is refused.
      expect((await add(me.token, 'visa')).body.code).toBe('200');
      expect((await add(me.token, 'visa')).status).toBe(429);
      const other = await customer();
      const token = await tokenFor('visa');
      expect((await add(other.token, 'visa', { sourceId: token })).body.code).toBe('200');
      expect((await add(other.token, 'visa', { sourceId: token })).body.code).toBe('120070');
    });

    it('the same Idempotency-Key answers the same card, never a second one', async () => {
      const me = await customer();
      const token = await tokenFor('discover');
      const key = `same-card-${name}-${me.id}`;
      const answers = await Promise.all([add(me.token, 'discover', { key, sourceId: token }), add(me.token, 'discover', { key, sourceId: token })]);
      for (const a of answers) expect(a.body.data?.cards).toHaveLength(1);
      expect((await add(me.token, 'discover', { key, sourceId: token })).body.data!.cards).toHaveLength(1);
    });

    it('the card that pays an auto-renewal cannot be removed until another is the default', async () => {
      const me = await customer();
      const [plan] = await server.db.select({ id: plans.id }).from(plans).limit(1);
      const [line] = await server.db.insert(lines).values({
        customerId: me.id, kind: 'us', msisdn: me.phone, iccid: `8901${String(me.id).padStart(15, '0')}`, simType: 'esim', simStatus: 'activated',
      }).returning({ id: lines.id });
      const now = server.clock.now();
      await server.db.insert(planSubscriptions).values({
        lineId: line!.id, planId: plan!.id, status: 'main', autoRenew: true, startsAt: now, expiresAt: new Date(now.getTime() + 20 * 86_400_000),
      });
      const visa = (await add(me.token, 'visa')).body.data!;
      expect(visa.renewalCardId).toBe(visa.cards[0]!.id);
      const refused = await call(server, endpoints.removeCard, { body: { cardId: visa.cards[0]!.id }, headers: as(me.token, 'zh-Hant') });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'cardPaysRenewal', message: '這張卡正用於自動續約。請先新增或選擇另一張卡設為預設卡，再刪除這張卡。' });
      const both = (await add(me.token, 'jcb')).body.data!;
      const jcbId = both.cards.find((c) => c.last4 === '5841')!.id;
      await call(server, endpoints.setDefaultCard, { body: { cardId: jcbId }, headers: as(me.token) });
      const removed = await call<Cards>(server, endpoints.removeCard, { body: { cardId: visa.cards[0]!.id }, headers: as(me.token) });
      expect(removed.body.data).toMatchObject({ cards: [{ id: jcbId, isDefault: true }], renewalCardId: jcbId });
    });

    it('at most 5 cards a day per account, counted atomically', async () => {
      const me = await customer();
      const tokens = await Promise.all(Array.from({ length: 8 }, () => tokenFor('visa')));
      const answers = await Promise.all(tokens.map((sourceId) => add(me.token, 'visa', { sourceId })));
      expect(answers.filter((a) => a.body.code === '200')).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
    });
  });
});
