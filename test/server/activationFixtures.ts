/** Activation test fixtures: cards of our own (the seeded ones are shared), step-1 and step-2 calls, a form. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { endpoints } from '../../src/contract';
import type { ActivationSim, ActivationView } from '../../src/contract/activation';
import type { z } from 'zod';
import type { tokenData } from '../../src/contract/auth';
import { orders, plans, sims } from '../../src/server/db/schema';
import { newIccid, simActivationCodeDigest } from '../../src/server/activation/sims';
import { sixDigitCode } from '../../src/server/secrets';
import type { TestServer } from '../support/server';
import { call } from './helpers';

export interface TestCard { iccid: string; code: string }

/** A fresh card of our own: paid online US 5GB physical unless told otherwise. */
export async function newCard(server: TestServer, opts: {
  kind?: 'us' | 'global'; simType?: 'physical' | 'esim'; collected?: 'online' | 'offline'; plan?: boolean;
} = {}): Promise<TestCard> {
  const kind = opts.kind ?? 'us';
  const iccid = newIccid(kind);
  const code = sixDigitCode();
  const [plan] = await server.db.select({ id: plans.id }).from(plans).where(eq(plans.slug, '5gb-plan'));
  const [order] = await server.db.select({ id: orders.id, globalPackId: orders.globalPackId }).from(orders)
    .where(eq(orders.orderNo, kind === 'global' ? 'LBSEED5555' : 'LBSEED2222'));
  const collected = opts.collected ?? 'online';
  await server.db.insert(sims).values({
    iccid, kind, simType: opts.simType ?? 'physical', status: 'inactive',
    activationCodeHash: simActivationCodeDigest(server.app.deps.config.codePepper, iccid, code), collected,
    orderId: collected === 'online' ? order!.id : null,
    planId: kind === 'us' && opts.plan !== false ? plan!.id : null,
    globalPackId: kind === 'global' ? order!.globalPackId : null,
    months: 1, purchasedAt: server.clock.now(),
    qrExpiresAt: opts.simType === 'esim' ? new Date(server.clock.now().getTime() + 30 * 86_400_000) : null,
  });
  return { iccid, code };
}

export const checkSim = (server: TestServer, iccid: string, activationCode: string, collected = 'online', lang = 'en') =>
  call<ActivationSim>(server, endpoints.activationCheckSim, { body: { iccid, activationCode, collected }, headers: { Language: lang } });

export async function tokenFor(server: TestServer, card: TestCard, collected = 'online'): Promise<string> {
  const res = await checkSim(server, card.iccid, card.code, collected);
  expect(res.body.code).toBe('200');
  return res.body.data!.activationToken;
}

let serial = 0;
/** A username no other test uses. */
export const uniqueUsername = (prefix = 'act') => `${prefix}${Date.now().toString(36)}${(serial++).toString(36)}`;
export const PASSWORD = 'Activate1';

export const newNumberChoice = (msisdn: string) => ({ kind: 'new', msisdn });
export const portChoice = (over: Record<string, string> = {}) => ({
  kind: 'port', carrier: 'Old Mobile', msisdn: '4155550123', accountNumber: 'ACC-77881234', pin: '8642', accountZip: '94110', ...over,
});

export function form(number: unknown, over: Record<string, unknown> = {}) {
  const username = uniqueUsername();
  return {
    number,
    personal: { birthday: '1990-05-17', email: `${username}@example.com`, zip: '91776' },
    account: { username, password: PASSWORD, confirm: PASSWORD },
    wifiCalling: { enabled: true, e911: { country: 'US', address1: '1 Main St', address2: null, city: 'San Gabriel', state: 'CA', zip: '91776' } },
    ...over,
  };
}

export interface SubmitAnswer { activation: ActivationView; login: z.infer<typeof tokenData> | null }

export const submit = (server: TestServer, activationToken: string, body: Record<string, unknown>, opts: { key?: string; lang?: string; headers?: Record<string, string> } = {}) =>
  call<SubmitAnswer>(server, endpoints.activationSubmit, {
    body: { activationToken, ...body },
    headers: { 'Idempotency-Key': opts.key ?? randomUUID(), Language: opts.lang ?? 'en', ...opts.headers },
  });

/** A free number of the network's inventory in an area code. */
export async function freeNumber(server: TestServer, token: string, areaCode = '626', skip = 0): Promise<string> {
  const res = await call<{ numbers: string[] }>(server, endpoints.activationNumbers, { body: { activationToken: token, areaCode } });
  expect(res.body.code).toBe('200');
  const number = res.body.data!.numbers[skip];
  if (!number) throw new Error(`no free number in ${areaCode}`);
  return number;
}
