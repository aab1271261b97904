import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { ActivationView } from '../../src/contract/activation';
import type { UserInfo } from '../../src/contract/personal';
import { activations, customers, jobs, lines, portIns, sims, stateHistory } from '../../src/server/db/schema';
import { decryptPortInSecrets } from '../../src/server/activation/portInSecrets';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call, passwordLogin } from './helpers';
import { checkSim, form, freeNumber, newCard, newNumberChoice, PASSWORD, portChoice, submit, tokenFor, uniqueUsername } from './activationFixtures';

describe.each(testDatabases())('activation step 2 on %s', (_name, databaseUrl) => {
  let server: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl, logStream: { write: (line: string) => { logLines.push(line); } } });
  });
  afterAll(async () => { await server?.close(); });

  const ready = async (opts: Parameters<typeof newCard>[1] = {}) => {
    const card = await newCard(server, opts);
    return { card, token: await tokenFor(server, card, opts.collected ?? 'online') };
  };
  const status = (activationId: string, init: { token?: string; auth?: string } = {}) =>
    call<ActivationView>(server, endpoints.activationStatus, {
      body: { activationId, ...(init.token ? { activationToken: init.token } : {}) }, headers: init.auth ? bearer(init.auth) : {},
    });

  describe('a new number, registering the account', () => {
    it('starts provisioning in one transaction, registers and logs in, and step 1 then answers 120020', async () => {
      const { card, token } = await ready();
      const msisdn = await freeNumber(server, token);
      const body = form(newNumberChoice(msisdn));
      const res = await submit(server, token, body);
      expect(res.status).toBe(200);
      const { activation, login } = res.body.data!;
      expect(activation).toMatchObject({
        iccid: card.iccid, kind: 'us', simType: 'physical', simStatus: 'activating', numberKind: 'new', msisdn, portIn: null,
        wifiCalling: true, activatedAt: null,
      });
      expect(activation.activationId).toMatch(/^ACT[2-9A-Z]{10}$/);
      expect(activation.emailMasked).toMatch(/^a\*\*\*@example\.com$/);
      expect(activation.referral.code).toMatch(/^[2-9A-Z]{4}$/);
      expect(activation.referral.link).toContain(`recommendCode=${activation.referral.code}`);

      // The login token is a session of the new account.
      const me = await call<UserInfo>(server, endpoints.userInfo, { headers: bearer(login!.access_token) });
      expect(me.body.data!.username).toBe((body.account as { username: string }).username);
      expect((await passwordLogin(server, (body.account as { username: string }).username, PASSWORD)).body.code).toBe('200');
      const [customer] = await server.db.select().from(customers).where(eq(customers.username, (body.account as { username: string }).username));
      expect(customer).toMatchObject({ birthday: '1990-05-17', phone: msisdn });
      expect(customer!.passwordHash).toMatch(/^scrypt\$/);

      const [line] = await server.db.select().from(lines).where(eq(lines.iccid, card.iccid));
      expect(line).toMatchObject({ customerId: customer!.id, msisdn, simStatus: 'activating' });
      const [sim] = await server.db.select().from(sims).where(eq(sims.iccid, card.iccid));
      expect(sim!.status).toBe('activating');
      const history = await server.db.select().from(stateHistory).where(and(eq(stateHistory.chart, 'simLifecycle'), eq(stateHistory.entityRef, card.iccid)));
      expect(history.map((h) => `${h.fromState}->${h.toState}`)).toEqual(['inactive->activating']);
      const job = await server.db.select().from(jobs).where(eq(jobs.dedupeKey, `activation.provision:${activation.activationId}`));
      expect(job).toHaveLength(1);
      expect(job[0]!.payload).toEqual({ activationId: activation.activationId });

      expect((await checkSim(server, card.iccid, card.code)).body.code).toBe('120020');
      const info = await call<{ activationId: string; status: string }>(server, endpoints.activationSimInfo, { body: { activationToken: token } });
      expect(info.body.data).toMatchObject({ activationId: activation.activationId, status: 'activating' });
    });

    it('a double submit makes one activation; the same key with another body is refused with 120086', async () => {
      const { card, token } = await ready();
      const body = form(newNumberChoice(await freeNumber(server, token)));
      const key = randomUUID();
      const [a, b] = await Promise.all([submit(server, token, body, { key }), submit(server, token, body, { key })]);
      expect(a.body.code).toBe('200');
      expect(b.body.code).toBe('200');
      expect(b.body.data!.activation.activationId).toBe(a.body.data!.activation.activationId);
      expect(b.body.data!.login).not.toBeNull();
      const again = await submit(server, token, body, { key });
      expect(again.body.data!.activation.activationId).toBe(a.body.data!.activation.activationId);
      expect(await server.db.select().from(activations).where(eq(activations.iccid, card.iccid))).toHaveLength(1);

      const changed = await submit(server, token, { ...body, personal: { ...body.personal, zip: '91801' } }, { key });
      expect(changed.status).toBe(409);
      expect(changed.body.code).toBe('120086');
      // Another key for the same card: someone activated it meanwhile.
      expect((await submit(server, token, form(newNumberChoice(await freeNumber(server, token))))).body.code).toBe('120020');
    });

    it('a missing or malformed Idempotency-Key is refused', async () => {
      const { token } = await ready();
      const res = await call(server, endpoints.activationSubmit, { body: { activationToken: token, ...form(newNumberChoice('6265551000')) } });
      expect(res.body.code).toBe('idempotencyKey');
    });

    it('a number someone else reserved answers numberTaken; a taken username usernameTaken; nothing is written', async () => {
      const first = await ready();
      const msisdn = await freeNumber(server, first.token, '626', 1);
      expect((await submit(server, first.token, form(newNumberChoice(msisdn)))).body.code).toBe('200');

      const second = await ready();
      const taken = await submit(server, second.token, form(newNumberChoice(msisdn)));
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('numberTaken');
      const name = await submit(server, second.token, form(newNumberChoice(await freeNumber(server, second.token)), {
        account: { username: 'demo', password: PASSWORD, confirm: PASSWORD },
      }));
      expect(name.body.code).toBe('usernameTaken');
      expect(await server.db.select().from(activations).where(eq(activations.iccid, second.card.iccid))).toHaveLength(0);
      const [sim] = await server.db.select().from(sims).where(eq(sims.iccid, second.card.iccid));
      expect(sim!.status).toBe('inactive');
    });

    it('a port-in of a number already on one of our lines is refused on the field, at submit and at a correction', async () => {
      const { card, token } = await ready();
      // The demo customer's line is 6265550100: a port of it could never complete.
      const res = await submit(server, token, form(portChoice({ msisdn: '6265550100' })), { lang: 'zh-Hans' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation');
      expect(res.body.data).toEqual({ field: 'portNumber' });
      expect(res.body.message).toContain('要保留的号码');
      expect(await server.db.select().from(activations).where(eq(activations.iccid, card.iccid))).toHaveLength(0);

      const ok = await submit(server, token, form(portChoice({ pin: '0000' })));
      expect(ok.body.code).toBe('200');
      const { activationId } = ok.body.data!.activation;
      await server.db.update(portIns).set({ state: 'informationRequired', reason: 'pin' })
        .where(eq(portIns.activationId, (await server.db.select().from(activations).where(eq(activations.publicId, activationId)))[0]!.id));
      const fix = await call(server, endpoints.portInCorrect, { body: { activationId, activationToken: token, ...portChoice({ msisdn: '6265550100' }), kind: undefined } });
      expect(fix.status).toBe(400);
      expect(fix.body.data).toEqual({ field: 'portNumber' });
    });

    it('a forged token, or none, is refused before anything', async () => {
      const { token } = await ready();
      const forged = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
      expect((await submit(server, forged, form(newNumberChoice('6265559999')))).body.code).toBe('activationTokenInvalid');
      expect((await submit(server, '', form(newNumberChoice('6265559999')))).body.code).toBe('validation');
    });

    it('a card without a plan cannot be submitted ("current ICCID has no plan")', async () => {
      const { token } = await ready({ collected: 'offline', plan: false });
      const res = await submit(server, token, form(newNumberChoice(await freeNumber(server, token))));
      expect(res.body.code).toBe('noRecord');
      expect(res.body.message).toBe('This ICCID has no plan.');
    });
  });

  describe('validation names the field in the request language', () => {
    it('password rules, confirmation, E911 zip, PIN and the number kind of a US card', async () => {
      const { token } = await ready();
      const weak = await submit(server, token, form(newNumberChoice('6265551000'), {
        account: { username: uniqueUsername(), password: 'abcdefgh', confirm: 'abcdefgh' },
      }), { lang: 'en' });
      expect(weak.body.code).toBe('validation');
      expect(weak.body.message).toMatch(/^Password: /);
      const pin = await submit(server, token, form(portChoice({ pin: '12' })), { lang: 'zh-Hant' });
      expect(pin.body.message).toMatch(/^轉出 PIN 碼/);
      const zip = await submit(server, token, form(newNumberChoice('6265551000'), {
        wifiCalling: { enabled: true, e911: { country: 'US', address1: '1 Main St', city: 'New York', state: 'NY', zip: '91776' } },
      }), { lang: 'zh-Hans' });
      expect(zip.body.code).toBe('validation');
      expect(zip.body.message).toMatch(/^邮编|^ZIP|^邮政编码/);
      const none = await submit(server, token, form({ kind: 'none' }), { lang: 'en' });
      expect(none.body.code).toBe('validation');
      expect(none.body.message).toMatch(/^Number: /);
    });

    it('the global SIM is data only: no number, no Wi-Fi calling; with none it registers', async () => {
      const { card, token } = await ready({ kind: 'global' });
      const withNumber = await submit(server, token, form(newNumberChoice('6265551000')), { lang: 'zh-Hans' });
      expect(withNumber.body).toMatchObject({ code: 'validation', message: '号码：全球卡仅提供数据服务，没有电话号码。' });
      const withWifi = await submit(server, token, form({ kind: 'none' }), { lang: 'en' });
      expect(withWifi.body.message).toBe('Wi-Fi calling: The global SIM is data only: Wi-Fi calling is not available.');
      const ok = await submit(server, token, form({ kind: 'none' }, { wifiCalling: { enabled: false } }));
      expect(ok.body.code).toBe('200');
      expect(ok.body.data!.activation).toMatchObject({ iccid: card.iccid, kind: 'global', numberKind: 'none', msisdn: null, wifiCalling: false });
      const [customer] = await server.db.select().from(customers).where(eq(customers.id, (await server.db.select().from(activations).where(eq(activations.iccid, card.iccid)))[0]!.customerId));
      expect(customer!.phone).toBeNull();
    });
  });

  describe('logged in', () => {
    it('attaches the line to the account; the birthday is set once; mine lists the activations, newest first', async () => {
      const username = uniqueUsername('owner');
      const first = await ready();
      const registered = await submit(server, first.token, form(newNumberChoice(await freeNumber(server, first.token, '626', 2)), {
        account: { username, password: PASSWORD, confirm: PASSWORD },
      }));
      const auth = registered.body.data!.login!.access_token;

      const second = await ready();
      const otherBirthday = await submit(server, second.token, form(newNumberChoice(await freeNumber(server, second.token, '626', 3)), {
        account: null, personal: { birthday: '1991-01-01', email: 'x@example.com', zip: '91776' },
      }), { headers: bearer(auth) });
      expect(otherBirthday.body.code).toBe('validation');
      expect(otherBirthday.body.message).toBe("Date of birth: Your date of birth is already on your account and can't be changed.");

      const attached = await submit(server, second.token, form(newNumberChoice(await freeNumber(server, second.token, '626', 3)), {
        account: null, personal: { birthday: '1990-05-17', email: 'x@example.com', zip: '91776' },
      }), { headers: bearer(auth) });
      expect(attached.body.code).toBe('200');
      expect(attached.body.data!.login).toBeNull();
      expect(attached.body.data!.activation.referral.code).toBe(registered.body.data!.activation.referral.code);

      const mine = await call<{ activations: ActivationView[] }>(server, endpoints.activationMine, { headers: bearer(auth) });
      expect(mine.body.data!.activations.map((a) => a.iccid)).toEqual([second.card.iccid, first.card.iccid]);
      expect((await call(server, endpoints.activationMine)).status).toBe(401);
    });

    it('status: with the card\'s token or as the owner; anyone else is told there is no such record', async () => {
      const { token } = await ready();
      const res = await submit(server, token, form(newNumberChoice(await freeNumber(server, token, '626', 4))));
      const { activationId } = res.body.data!.activation;
      expect((await status(activationId, { token })).body.data!.activationId).toBe(activationId);
      expect((await status(activationId, { auth: res.body.data!.login!.access_token })).body.code).toBe('200');
      const otherToken = (await ready()).token;
      expect((await status(activationId, { token: otherToken })).body.code).toBe('noRecord');
      expect((await status(activationId)).body.code).toBe('noRecord');
      const demo = await passwordLogin(server, 'demo', 'Demo@2468');
      expect((await status(activationId, { auth: demo.body.data!.access_token })).body.code).toBe('noRecord');
      expect((await status(activationId, { token: `${token}x` })).body.code).toBe('activationTokenInvalid');
    });
  });

  describe('port-in', () => {
    const correct = (activationId: string, activationToken: string, details: Record<string, string>, lang = 'en') =>
      call<ActivationView>(server, endpoints.portInCorrect, { body: { activationId, activationToken, ...portChoice(details), kind: undefined }, headers: { Language: lang } });

    it('keeps the account number and PIN as ciphertext, never logs them, and corrects only when information is required', async () => {
      const { token } = await ready();
      const accountNumber = `ACC-${randomUUID().slice(0, 8)}`;
      const pin = String(100_000 + Math.floor(Math.random() * 800_000));
      const res = await submit(server, token, form(portChoice({ accountNumber, pin, msisdn: '4155550177' })));
      expect(res.body.code).toBe('200');
      const { activation } = res.body.data!;
      expect(activation).toMatchObject({ numberKind: 'port', msisdn: '4155550177' });
      expect(activation.portIn).toMatchObject({ state: 'submitted', carrier: 'Old Mobile', msisdn: '4155550177', accountZip: '94110', accountNumberHint: accountNumber.slice(-2), reason: null });
      expect(JSON.stringify(res.body)).not.toContain(pin);
      expect(JSON.stringify(res.body)).not.toContain(accountNumber);

      const [row] = await server.db.select().from(portIns).innerJoin(activations, eq(activations.id, portIns.activationId))
        .where(eq(activations.publicId, activation.activationId));
      const stored = row!.port_ins;
      expect(stored.accountNumberCipher).toMatch(/^v1\./);
      expect(JSON.stringify(stored)).not.toContain(pin);
      expect(JSON.stringify(stored)).not.toContain(accountNumber);
      expect(decryptPortInSecrets(server.app.deps, stored)).toEqual({ accountNumber, pin });
      // Bound to its row and field: swapped ciphertexts do not decrypt.
      expect(() => decryptPortInSecrets(server.app.deps, { ...stored, pinCipher: stored.accountNumberCipher })).toThrow();
      expect(() => decryptPortInSecrets(server.app.deps, { ...stored, activationId: stored.activationId + 1 })).toThrow();

      // Not waiting for information: nothing to correct.
      const early = await correct(activation.activationId, token, { pin: '2468' });
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('portInNotCorrectable');

      // The losing carrier asks for the right PIN (what S1's job does on its answer).
      await server.db.update(portIns).set({ state: 'informationRequired', reason: 'pin', carrierMessage: 'PIN does not match our records.' })
        .where(eq(portIns.id, stored.id));
      const asked = await status(activation.activationId, { token });
      expect(asked.body.data!.portIn).toMatchObject({ state: 'informationRequired', reason: 'pin', carrierMessage: 'PIN does not match our records.' });

      const invalid = await correct(activation.activationId, token, { pin: '1' }, 'zh-Hans');
      expect(invalid.body.code).toBe('validation');
      expect(invalid.body.message).toMatch(/^转出 PIN 码/);

      const newPin = String(200_000 + Math.floor(Math.random() * 700_000));
      const fixed = await correct(activation.activationId, token, { accountNumber, pin: newPin, msisdn: '4155550177' });
      expect(fixed.body.code).toBe('200');
      expect(fixed.body.data!.portIn).toMatchObject({ state: 'resubmitted', reason: null, carrierMessage: null });
      const [after] = await server.db.select().from(portIns).where(eq(portIns.id, stored.id));
      expect(after!.corrections).toBe(1);
      expect(decryptPortInSecrets(server.app.deps, after!)).toEqual({ accountNumber, pin: newPin });
      const resumed = await server.db.select().from(jobs).where(like(jobs.dedupeKey, `activation.provision:${activation.activationId}%`));
      expect(resumed.map((j) => j.dedupeKey).sort()).toEqual([
        `activation.provision:${activation.activationId}`, `activation.provision:${activation.activationId}:correction:1`,
      ]);
      for (const j of resumed) expect(JSON.stringify(j.payload)).not.toContain(newPin);
      const history = await server.db.select().from(stateHistory).where(and(eq(stateHistory.chart, 'portIn'), eq(stateHistory.entityRef, activation.activationId)));
      expect(history.map((h) => `${h.fromState}->${h.toState}`)).toEqual(['informationRequired->resubmitted']);
      expect(JSON.stringify(history)).not.toContain(newPin);

      expect((await correct(activation.activationId, token, { pin: '1357' })).body.code).toBe('portInNotCorrectable');
      const stranger = await correct(activation.activationId, (await ready()).token, { pin: '1357' });
      expect(stranger.body.code).toBe('noRecord');

      const log = logLines.join('');
      expect(logLines.length).toBeGreaterThan(10);
      for (const secret of [pin, newPin, accountNumber, PASSWORD]) expect(log).not.toContain(secret);
    });
  });
});
