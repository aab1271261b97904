/**
 * An order to track, bought the way a visitor buys one but over the gateway's API rather than the checkout screens:
 * createOrder (idempotency key), the test card tokenized by the payment sandbox as its card form does, payOrder.
 * Used by the tracking screen paths (in-process gateway) and the tracking end-to-end tests (npm start).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpoints } from '../../src/contract';
import type { BundleList } from '../../src/contract/catalog';
import type { CheckoutForm, OrderData } from '../../src/contract/orders';
import type { PaymentResult } from '../../src/contract/payments';
import { TEST_CARDS, tokenizeCard } from '../support/payments';

/** A San Francisco address: its ZIP is the one the sandbox's test cards carry, so the billing check passes. */
export const BUYER_ADDRESS = { address1: '1 Market St', address2: 'Suite 300', city: 'San Francisco', state: 'CA', zip: '94103' };
export const NEW_ADDRESS = { address1: '88 Garfield Ave', address2: '', city: 'Alhambra', state: 'CA', zip: '91801' };

interface Envelope<T> { code: string; message: string; data?: T }

async function post<T>(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', CHANNEL: 'eshop', Language: 'en', ...headers }, body: JSON.stringify(body) });
  const answer = (await res.json()) as Envelope<T>;
  if (answer.code !== '200' || answer.data === undefined) throw new Error(`${path} refused (${res.status}): ${JSON.stringify(answer)}`);
  return answer.data;
}

export const uniqueBuyerEmail = () => `track.${randomBytes(4).toString('hex')}@example.com`;

export interface BoughtOrder { orderNo: string; email: string; order: OrderData }

/** A paid 5GB plan for 3 months on one physical SIM (or an eSIM), paid by the sandbox's Visa test card. */
export async function buyPaidOrder(baseUrl: string, paymentsUrl: string, opts: { simType?: 'physical' | 'esim'; email?: string; referralCode?: string } = {}): Promise<BoughtOrder> {
  const email = opts.email ?? uniqueBuyerEmail();
  const simType = opts.simType ?? 'physical';
  const catalog = await post<BundleList>(baseUrl, endpoints.bundleList.path, {});
  const plan = catalog.plans.find((p) => p.slug === '5gb-plan');
  if (!plan) throw new Error('no 5GB plan in the catalogue');
  const form: CheckoutForm = {
    planId: plan.id, months: 3, simType, simCount: 1, autoRenew: false, autoRenewTermsAccepted: false,
    shipping: {
      country: 'US', firstNameEn: 'Mei', lastNameEn: 'Chen', firstNameZh: '美', lastNameZh: '陈', phone: '6265550142', email,
      ...(simType === 'physical' ? BUYER_ADDRESS : {}),
    },
    shippingMethod: 'standard',
    billingSameAsShipping: simType === 'physical',
    billing: simType === 'physical' ? null : { country: 'US', ...BUYER_ADDRESS },
    couponCode: null, referralCode: opts.referralCode ?? null, termsAccepted: true, confirmPersonalUse: true, confirmUsOnly: true,
    channel: 'friend', reasons: ['price'],
  };
  const { order, orderToken } = await post<{ order: OrderData; orderToken: string }>(baseUrl, endpoints.createOrder.path, form, { 'Idempotency-Key': randomUUID() });
  const card = TEST_CARDS.visa;
  const sourceId = await tokenizeCard(paymentsUrl, { number: card.number, exp: card.exp, cvv: card.cvv, postalCode: card.postalCode });
  const payment = await post<PaymentResult>(baseUrl, endpoints.payOrder.path,
    { orderNo: order.orderNo, method: 'bank_card', sourceId, cardholderName: 'Mei Chen' },
    { 'Idempotency-Key': randomUUID(), 'X-Order-Token': orderToken });
  if (payment.status !== 'paid') throw new Error(`the test card did not pay: ${JSON.stringify(payment)}`);
  return { orderNo: order.orderNo, email, order };
}

export const trackingSubjects = (orderNo: string): string[] => ['en', 'zh-Hans', 'zh-Hant'].map((lang) => {
  const file = JSON.parse(readFileSync(join(import.meta.dirname, `../../i18n/${lang}/messages.json`), 'utf8')) as { email: { trackingCode: { subject: string } } };
  return file.email.trackingCode.subject.replace('{{orderNo}}', orderNo);
});

/** The code of the newest tracking-code email of an order (messages newest first, as the sandbox lists them). */
export function trackingCodeFor(messages: { body: string; subject?: string | null }[], orderNo: string): string | null {
  const subjects = trackingSubjects(orderNo);
  const email = messages.find((m) => m.subject && subjects.includes(m.subject));
  return email?.body.match(/\b(\d{6})\b/)?.[1] ?? null;
}
