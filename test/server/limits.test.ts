/**
 * Every limit under fire: for each, N parallel requests well above the limit, then a count of what got through
 * (answers, and what the gateway actually did: SMS in the outbox, codes stored, captchas made). Never more than the
 * limit. On PGlite, on PostgreSQL (TEST_DATABASE_URL), and with the counters in Redis (TEST_REDIS_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import { captchas, outboxMessages, sims, trackingCodes, verificationCodes } from '../../src/server/db/schema';
import { hit, ipSubject, RULES } from '../../src/server/limits';
import { startTestServer, testDatabases, testLimitStores, type TestServer } from '../support/server';
import {
  type Answer, BASIC, bearer, call, captchaHeaders, latestCode, newCaptcha, passwordLogin, randomIp, randomPhone, register, sendCode, ticketFor,
} from './helpers';
import { checkSim, newCard } from './activationFixtures';
import { newOrderNo, uniqueEmail } from './fulfilmentFixtures';

const PASSWORD = 'Lotus#2917';
const MINUTE = 60_000;

/** Each database with the counters in it; the last database (PostgreSQL when there is one) with them in Redis too. */
const databases = testDatabases();
const setups: [name: string, databaseUrl: string | undefined, redisUrl: string | undefined][] = [
  ...databases.map(([name, url]): [string, string | undefined, undefined] => [`${name}, counted in the database`, url, undefined]),
  ...testLimitStores().filter(([store]) => store === 'redis')
    .map(([, redisUrl]): [string, string | undefined, string | undefined] => [`${databases.at(-1)![0]}, counted in Redis`, databases.at(-1)![1], redisUrl]),
];

const codes = (answers: Answer[]) => answers.map((a) => a.body.code);
const count = (answers: Answer[], code: string) => answers.filter((a) => a.body.code === code).length;
const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
/** A US number in the block 626-<exchange>. */
// Area code 747, which randomPhone (626) never draws: no other send of this server falls into the block by chance.
const inBlock = (exchange: string, i: number) => `747${exchange}${String(i).padStart(4, '0')}`;

describe.each(setups)('limits on %s', (_name, databaseUrl, redisUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl, config: { redisUrl } }); });
  afterAll(async () => { await server?.close(); });

  /** The password grant with a captcha made beforehand, so the requests themselves can leave together. */
  const login = (captcha: { token: string; answer: string }, username: string, password: string, ip = randomIp()) =>
    call<{ access_token: string }>(server, endpoints.oauthToken, {
      query: { grant_type: 'password' }, body: { username, password }, form: true,
      headers: { Authorization: BASIC, ...captchaHeaders(captcha) }, ip,
    });
  const captchasFor = (n: number) => Promise.all(times(n, () => newCaptcha(server)));

  describe('password checks', () => {
    it('30 parallel wrong guesses on one account: 5 are compared, 25 answered 429 without comparing', async () => {
      const phone = randomPhone();
      await register(server, phone, PASSWORD);
      const made = await captchasFor(30);
      const answers = await Promise.all(made.map((captcha, i) => login(captcha, phone, `Wrong#${1000 + i}`)));
      expect(count(answers, '90068')).toBe(5);
      expect(count(answers, 'loginThrottled')).toBe(25);
      expect(answers.filter((a) => a.status === 429).every((a) => Number(a.headers.get('retry-after')) > 14 * 60)).toBe(true);
      // Locked for 15 minutes from the fifth failure, even for the right password.
      expect((await passwordLogin(server, phone, PASSWORD)).body.code).toBe('loginThrottled');
      server.clock.advance(15 * MINUTE + 1000);
      expect((await passwordLogin(server, phone, PASSWORD)).body.code).toBe('200');
    });

    it('30 parallel guesses with the right password among them: the right one logs in only if it was among the 5 compared', async () => {
      const phone = randomPhone();
      await register(server, phone, PASSWORD);
      const made = await captchasFor(30);
      const RIGHT = 29;
      const answers = await Promise.all(made.map((captcha, i) => login(captcha, phone, i === RIGHT ? PASSWORD : `Wrong#${2000 + i}`)));
      const right = answers[RIGHT]!;
      const wrongCompared = answers.filter((a, i) => i !== RIGHT && a.body.code === '90068').length;
      expect(codes(answers).every((c) => ['200', '90068', 'loginThrottled'].includes(c))).toBe(true);
      if (right.body.code === '200') {
        // Compared among the first five: its success starts the account's count again (for requests arriving after).
        expect(wrongCompared).toBeLessThanOrEqual(4 + 5);
      } else {
        expect(right.body.code).toBe('loginThrottled');
        expect(wrongCompared).toBe(5);
        expect((await passwordLogin(server, phone, PASSWORD)).body.code).toBe('loginThrottled');
      }
      server.clock.advance(15 * MINUTE + 1000);
    });

    it('30 failures from one IP: of 30 parallel guesses on 30 names from an IP with 25 failures, 5 are compared', async () => {
      const ip = randomIp();
      for (let i = 0; i < 25; i++) expect((await server.app.deps.limits.take([hit(RULES.loginIp, ipSubject(ip))])).allowed).toBe(true);
      const made = await captchasFor(30);
      const answers = await Promise.all(made.map((captcha, i) => login(captcha, `nobody-${randomPhone()}-${i}`, 'Wrong#3000', ip)));
      expect(count(answers, '90068')).toBe(5);
      expect(count(answers, 'loginThrottled')).toBe(25);
      // Another address is not concerned.
      expect((await passwordLogin(server, 'demo', 'Demo@2468')).body.code).toBe('200');
      server.clock.advance(15 * MINUTE + 1000);
    });

    it('modifyPwd: 10 parallel wrong old passwords compare 5; the account is then locked for logging in too', async () => {
      const phone = randomPhone();
      await register(server, phone, PASSWORD);
      const token = (await passwordLogin(server, phone, PASSWORD)).body.data!.access_token;
      const answers = await Promise.all(times(10, (i) => call(server, endpoints.modifyPwd, {
        body: { oldPassword: `Wrong#${4000 + i}`, newPassword: 'Harbor!8305', confirmPassword: 'Harbor!8305' }, headers: bearer(token),
      })));
      expect(count(answers, 'passwordOldWrong')).toBe(5);
      expect(count(answers, 'loginThrottled')).toBe(5);
      expect((await passwordLogin(server, phone, PASSWORD)).body.code).toBe('loginThrottled');
      server.clock.advance(15 * MINUTE + 1000);
    });
  });

  describe('SMS codes', () => {
    const send = (phone: string, captcha: { token: string; answer: string }, ip = randomIp()) =>
      call(server, endpoints.sendMobileVerificationCode, { body: { phone, type: 'login' }, headers: captchaHeaders(captcha), ip });
    const smsSentTo = async (phones: string[]) =>
      (await server.db.select({ id: outboxMessages.id }).from(outboxMessages).where(inArray(outboxMessages.to, phones))).length;

    it('40 parallel sends from one IP to 40 numbers: 30 sent', async () => {
      const ip = randomIp();
      const phones = times(40, () => randomPhone());
      const made = await captchasFor(40);
      const answers = await Promise.all(phones.map((phone, i) => send(phone, made[i]!, ip)));
      expect(count(answers, '200')).toBe(30);
      expect(count(answers, 'rateLimited')).toBe(10);
      expect(await smsSentTo(phones)).toBe(30);
    });

    it('10 parallel sends to one number, each written another way, from 10 IPs: 1 sent', async () => {
      const phone = randomPhone();
      const writings = [phone, `+1${phone}`, `1-${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`, `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`];
      const made = await captchasFor(10);
      const answers = await Promise.all(made.map((captcha, i) => send(writings[i % writings.length]!, captcha)));
      expect(count(answers, '200')).toBe(1);
      expect(count(answers, 'rateLimited')).toBe(9);
      expect(await smsSentTo([phone])).toBe(1);
      server.clock.advance(MINUTE);
    });

    it('40 parallel sends to 40 numbers of one block (area code and exchange), from 40 IPs: 20 sent', async () => {
      const exchange = String(200 + Math.floor(Math.random() * 800));
      const phones = times(40, (i) => inBlock(exchange, 1000 + i));
      const made = await captchasFor(40);
      const answers = await Promise.all(phones.map((phone, i) => send(phone, made[i]!)));
      expect(count(answers, '200')).toBe(20);
      expect(await smsSentTo(phones)).toBe(20);
    });

    it('30 parallel guesses of one code: 5 tries are counted, and then even the right code is refused', async () => {
      const phone = randomPhone();
      expect((await sendCode(server, phone, 'register')).body.code).toBe('200');
      const code = await latestCode(server, phone);
      const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const answers = await Promise.all(times(30, (i) => call(server, endpoints.checMobilekVerificationCode, { body: { phone, code: wrong(i), type: 'register' } })));
      expect(count(answers, 'codeWrong')).toBe(4);
      expect(count(answers, 'codeLocked')).toBe(26);
      const [row] = await server.db.select().from(verificationCodes).where(eq(verificationCodes.phone, phone));
      expect(row!.attempts).toBe(5);
      const right = await call(server, endpoints.checMobilekVerificationCode, { body: { phone, code, type: 'register' } });
      expect(right.body.code).toBe('codeLocked');
    });
  });

  describe('tracking codes', () => {
    const send = (orderNo: string, email: string, ip = randomIp()) => call(server, endpoints.trackingSendCode, { body: { orderNo, email }, ip });
    const stored = async (orderNos: string[]) =>
      (await server.db.select({ id: trackingCodes.id }).from(trackingCodes).where(inArray(trackingCodes.orderNo, orderNos))).length;

    it('10 parallel sends for one order number and email (written in any case) from 10 IPs: 1 code', async () => {
      const orderNo = newOrderNo();
      const email = uniqueEmail();
      const answers = await Promise.all(times(10, (i) => send(i % 2 ? orderNo.toLowerCase() : orderNo, i % 3 ? email.toUpperCase() : email)));
      expect(count(answers, '200')).toBe(1);
      expect(await stored([orderNo])).toBe(1);
      server.clock.advance(MINUTE);
    });

    it('40 parallel sends for 40 orders from one IP: 30 codes', async () => {
      const ip = randomIp();
      const orderNos = times(40, () => newOrderNo());
      const answers = await Promise.all(orderNos.map((orderNo) => send(orderNo, uniqueEmail(), ip)));
      expect(count(answers, '200')).toBe(30);
      expect(count(answers, 'rateLimited')).toBe(10);
      expect(await stored(orderNos)).toBe(30);
    });
  });

  describe('captchas', () => {
    it('130 parallel captchas for one IP: 100 made, 30 answered 429', async () => {
      const ip = randomIp();
      const before = (await server.db.select({ id: captchas.id }).from(captchas)).length;
      const answers = await Promise.all(times(130, () => fetch(new URL(endpoints.createImg.path, server.url), { headers: { 'x-forwarded-for': ip } })
        .then(async (res) => ({ status: res.status, token: res.headers.get('x-image-code-token'), body: await res.text() }))));
      expect(answers.filter((a) => a.status === 200 && a.token).length).toBe(100);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(30);
      expect(JSON.parse(refused[0]!.body)).toMatchObject({ code: 'rateLimited' });
      expect((await server.db.select({ id: captchas.id }).from(captchas)).length - before).toBe(100);
    });
  });

  describe('checkIsRegistered', () => {
    it('40 parallel asks from one IP: 30 answered', async () => {
      const ticket = await ticketFor(server, randomPhone(), 'register');
      const ip = randomIp();
      const answers = await Promise.all(times(40, () => call(server, endpoints.checkIsRegistered, { query: { ticket }, ip })));
      expect(count(answers, '200')).toBe(30);
      expect(count(answers, 'rateLimited')).toBe(10);
    });
  });

  describe('activation codes', () => {
    it('30 parallel wrong codes on one card: 5 tries counted, the card locked; the right code then waits 15 minutes', async () => {
      const card = await newCard(server);
      const wrong = (i: number) => String((Number(card.code) + 1 + i) % 1_000_000).padStart(6, '0');
      const answers = await Promise.all(times(30, (i) => checkSim(server, card.iccid, wrong(i))));
      expect(count(answers, '120019')).toBe(4);
      expect(count(answers, 'activationLocked')).toBe(26);
      const [row] = await server.db.select().from(sims).where(eq(sims.iccid, card.iccid));
      expect(row!.activationAttempts).toBe(5);
      expect((await checkSim(server, card.iccid, card.code)).body.code).toBe('activationLocked');
      server.clock.advance(15 * MINUTE + 1000);
      expect((await checkSim(server, card.iccid, card.code)).body.code).toBe('200');
    });
  });
});

describe.each(setups)('the coarse per-IP request limit on %s', (_name, databaseUrl, redisUrl) => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer({ databaseUrl, config: { redisUrl, rateLimitPerMinute: 45 } });
    second = await startTestServer({ shareWith: first, config: { redisUrl, rateLimitPerMinute: 45 } });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('is one limit for two gateways: 100 parallel requests from one IP, spread over both, get 45 through', async () => {
    const ip = randomIp();
    const answers = await Promise.all(times(100, (i) => call(i % 2 ? second : first, endpoints.offerLocking, {
      body: { email: uniqueEmail('offer'), collectType: '1', channel: 'pc' }, ip,
    })));
    expect(count(answers, '200')).toBe(45);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(55);
    expect(refused[0]!.body).toMatchObject({ code: 'rateLimited' });
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // A minute later (on the gateways' clocks) the address may ask again, on either gateway.
    first.clock.advance(MINUTE);
    second.clock.advance(MINUTE);
    for (const gateway of [first, second]) {
      expect((await call(gateway, endpoints.offerLocking, { body: { email: uniqueEmail('offer'), collectType: '1', channel: 'pc' }, ip })).status).toBe(200);
    }
  });

  it('an SMS limit is one for two gateways as well: 40 parallel sends from one IP over both, 30 sent', async () => {
    const ip = randomIp();
    const made = await Promise.all(times(40, (i) => newCaptcha(i % 2 ? second : first)));
    const answers = await Promise.all(made.map((captcha, i) => call(i % 2 ? second : first, endpoints.sendMobileVerificationCode, {
      body: { phone: randomPhone(), type: 'login' }, headers: captchaHeaders(captcha), ip,
    })));
    expect(count(answers, '200')).toBe(30);
  });
});

describe('when Redis cannot be reached', () => {
  const [name, databaseUrl] = databases.at(-1)!;
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl, config: { redisUrl: 'redis://127.0.0.1:1' }, logStream: { write: (line: string) => { lines.push(line); } } });
  });
  afterAll(async () => { await server?.close(); });

  it(`the limits count in the database (${name}) instead, still atomic, and the log says so`, async () => {
    const ip = randomIp();
    const made = await Promise.all(times(40, () => newCaptcha(server)));
    const answers = await Promise.all(made.map((captcha) => call(server, endpoints.sendMobileVerificationCode, {
      body: { phone: randomPhone(), type: 'login' }, headers: captchaHeaders(captcha), ip,
    })));
    expect(count(answers, '200')).toBe(30);
    expect(count(answers, 'rateLimited')).toBe(10);
    const errors = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((l) => l.level >= 50);
    expect(errors.map((l) => l.msg)).toContain('limits: Redis failed, counting in the database meanwhile');
  });
});

describe('the client IP the limits count', () => {
  const servers: TestServer[] = [];
  afterAll(async () => { await Promise.all(servers.map((s) => s.close())); });
  const gateway = async (trustProxy: boolean | number) => {
    const server = await startTestServer({ config: { trustProxy, rateLimitPerMinute: 2 } });
    servers.push(server);
    return server;
  };
  /** A request whose X-Forwarded-For header is `forwardedFor`; answers its HTTP status. */
  const ask = (server: TestServer, forwardedFor: string) => call(server, endpoints.offerLocking, {
    body: { email: uniqueEmail('offer'), collectType: '1', channel: 'pc' }, ip: forwardedFor,
  }).then((a) => a.status);

  it('TRUST_PROXY 0: X-Forwarded-For is ignored, the connection is the client', async () => {
    const server = await gateway(0);
    const statuses = [await ask(server, '10.1.0.1'), await ask(server, '10.1.0.2'), await ask(server, '10.1.0.3')];
    expect(statuses.slice(0, 2)).not.toContain(429);
    expect(statuses[2]).toBe(429);
  });

  it('TRUST_PROXY 1: the address the one proxy saw, not what the client wrote before it', async () => {
    const server = await gateway(1);
    const statuses = [await ask(server, 'forged-1, 10.2.0.1'), await ask(server, '203.0.113.9, 10.2.0.1'), await ask(server, '10.2.0.1')];
    expect(statuses[2]).toBe(429);
    expect(await ask(server, '10.2.0.1, 10.2.0.2')).not.toBe(429);
  });

  it('an IPv6 client is counted by its /64', async () => {
    const server = await gateway(true);
    const statuses = [await ask(server, '2001:db8:7:1::1'), await ask(server, '2001:db8:7:1::2'), await ask(server, '2001:db8:7:1:ffff::3')];
    expect(statuses[2]).toBe(429);
    expect(await ask(server, '2001:db8:7:2::1')).not.toBe(429);
  });
});
