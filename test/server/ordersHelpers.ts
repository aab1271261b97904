/** Checkout forms and orders for the server suites of quote, orders, payments and reliability. */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { CheckoutForm, OrderData } from '../../src/contract/orders';
import { plans } from '../../src/server/db/schema';
import type { TestServer } from '../support/server';
import { call, passwordLogin, type Answer } from './helpers';

export const LANGS = ['en', 'zh-Hans', 'zh-Hant'] as const;

/** The gateway's message for a catalogue code, read from the same files the gateway reads. */
export function errorText(lang: string, code: string): string {
  const file = JSON.parse(readFileSync(new URL(`../../i18n/${lang}/errors.json`, import.meta.url), 'utf8')) as { code: Record<string, string> };
  const text = file.code[code];
  if (!text) throw new Error(`no message for ${code} in ${lang}`);
  return text;
}

export async function planIdOf(server: TestServer, slug: string): Promise<number> {
  const [plan] = await server.db.select({ id: plans.id }).from(plans).where(eq(plans.slug, slug));
  if (!plan) throw new Error(`no plan ${slug}`);
  return plan.id;
}

export const shippingUs = {
  country: 'US' as const, firstNameEn: 'Mei', lastNameEn: 'Chen', firstNameZh: '美', lastNameZh: '陈',
  phone: '6265550188', email: 'Mei.Chen@Example.com', address1: '100 Main St', address2: 'Apt 2', city: 'Los Angeles', state: 'CA', zip: '90012',
};

/** A physical 5GB plan for 3 months to Los Angeles, billing same as shipping: everything the form asks, filled in. */
export function checkoutForm(planId: number, overrides: Partial<CheckoutForm> = {}): CheckoutForm {
  return {
    planId, months: 3, simType: 'physical', simCount: 1, autoRenew: false, autoRenewTermsAccepted: false,
    shipping: shippingUs, shippingMethod: 'standard', billingSameAsShipping: true, billing: null,
    couponCode: null, referralCode: null, termsAccepted: true, confirmPersonalUse: true, confirmUsOnly: true,
    channel: 'wechat', reasons: ['price', 'chinaCalls'],
    ...overrides,
  };
}

/** An eSIM (nothing shipped) billed in Los Angeles: tax 7.25%. */
export function esimForm(planId: number, overrides: Partial<CheckoutForm> = {}): CheckoutForm {
  return checkoutForm(planId, {
    simType: 'esim', billingSameAsShipping: false,
    billing: { country: 'US', address1: '100 Main St', city: 'Los Angeles', state: 'CA', zip: '90012' },
    ...overrides,
  });
}

export const newKey = (): string => randomUUID();

export interface PlacedOrder { order: OrderData; orderToken: string }

export function postOrder(server: TestServer, form: unknown, init: { key?: string | null; lang?: string; token?: string } = {}) {
  const headers: Record<string, string> = { Language: init.lang ?? 'en' };
  if (init.key !== null) headers['Idempotency-Key'] = init.key ?? newKey();
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  return call<PlacedOrder>(server, endpoints.createOrder, { body: form, headers });
}

/** Places an order and fails the test loudly when the gateway refuses it. */
export async function placeOrder(server: TestServer, form: unknown, init: { key?: string; token?: string } = {}): Promise<PlacedOrder> {
  const res: Answer<PlacedOrder> = await postOrder(server, form, init);
  if (res.body.code !== '200' || !res.body.data) throw new Error(`createOrder refused: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function demoToken(server: TestServer): Promise<string> {
  const login = await passwordLogin(server, 'demo', 'Demo@2468');
  const token = login.body.data?.access_token;
  if (!token) throw new Error(`demo login failed: ${JSON.stringify(login.body)}`);
  return token;
}

/**
 * Makes the next `method path` request from this process to `baseUrl` (a provider's API) get `status` and `body`
 * without reaching the provider, as a real provider would answer it; every other request goes through. Answers a
 * function that undoes it (also undone once used).
 */
export function providerAnswersOnce(baseUrl: string, method: string, path: string, status: number, body: unknown): () => void {
  const real = globalThis.fetch;
  const restore = () => { if (globalThis.fetch === fake) globalThis.fetch = real; };
  const fake: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const sameMethod = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase() === method;
    if (sameMethod && url.origin === new URL(baseUrl).origin && url.pathname === path) {
      restore();
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }
    return real(input, init);
  };
  globalThis.fetch = fake;
  return restore;
}
