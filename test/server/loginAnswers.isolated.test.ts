/**
 * The password login tells nobody whether an identity exists: a wrong password, an unknown name and a locked one of
 * either kind answer alike, and cost alike. Cost is counted, not timed: every password check is one scrypt call
 * (node:crypto's scrypt, counted here), whether the account exists or not; a locked identity gets none.
 */
import type * as crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { type Answer, passwordLogin, randomPhone, register } from './helpers';

const scrypts = vi.hoisted(() => ({ calls: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  const scrypt = ((...args: unknown[]) => {
    scrypts.calls += 1;
    return (actual.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof actual.scrypt;
  return { ...actual, scrypt, default: { ...actual, scrypt } };
});

const PASSWORD = 'Lotus#2917';
const WRONG = 'Wrong#5150';

/** The login's answer and how many scrypt computations it cost. */
async function measured(server: TestServer, username: string, password: string): Promise<{ answer: Answer; scrypts: number }> {
  // The captcha and the rest of the set-up are made before counting.
  const before = scrypts.calls;
  const answer = await passwordLogin(server, username, password);
  return { answer, scrypts: scrypts.calls - before };
}

const seen = (a: Answer) => ({ status: a.status, body: a.body, retryAfter: a.headers.get('retry-after') !== null });

describe.each(testDatabases())('password login answers on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    // The throw-away hash an unknown name is checked against is made once, at the first such login.
    await passwordLogin(server, `warm-up-${randomPhone()}`, WRONG);
  });
  afterAll(async () => { await server?.close(); });

  it('a wrong password and an unknown name answer alike, each after one password hash computation', async () => {
    const phone = randomPhone();
    await register(server, phone, PASSWORD);
    const wrong = await measured(server, phone, WRONG);
    const unknownNumber = await measured(server, randomPhone(), WRONG);
    const unknownName = await measured(server, `nobody-${randomPhone()}`, WRONG);
    expect(wrong.answer.body).toEqual({ code: '90068', message: 'Incorrect username or password.' });
    for (const other of [unknownNumber, unknownName]) {
      expect(seen(other.answer)).toEqual(seen(wrong.answer));
      expect(other.scrypts).toBe(1);
    }
    expect(wrong.scrypts).toBe(1);
  });

  it('after five failures, the number written another way (+1 …) is locked alike, registered or not, and costs no hash', async () => {
    const registered = randomPhone();
    const unknown = randomPhone();
    await register(server, registered, PASSWORD);
    await Promise.all([registered, unknown].flatMap((phone) => Array.from({ length: 5 }, () => passwordLogin(server, phone, WRONG))));
    const asWritten = (phone: string) => `+1 (${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
    const lockedRegistered = await measured(server, asWritten(registered), PASSWORD);
    const lockedUnknown = await measured(server, asWritten(unknown), PASSWORD);
    expect(lockedRegistered.answer.status).toBe(429);
    expect(lockedRegistered.answer.body.code).toBe('loginThrottled');
    expect(seen(lockedUnknown.answer)).toEqual(seen(lockedRegistered.answer));
    expect([lockedRegistered.scrypts, lockedUnknown.scrypts]).toEqual([0, 0]);
    // Written as 1-626-…: the same number again.
    const dashed = (phone: string) => `1-${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
    expect(seen((await passwordLogin(server, dashed(unknown), WRONG)))).toEqual(seen(lockedRegistered.answer));
    server.clock.advance(15 * 60_000 + 1000);
    expect((await passwordLogin(server, asWritten(registered), PASSWORD)).body.code).toBe('200');
  });
});
