import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { buyPaidOrder } from '../model/trackingOrders';
import { endpoints } from '../../src/contract';
import { IDEMPOTENCY_HEADER } from '../../src/contract/orders';
import { OAUTH_CLIENT } from '../../src/contract/auth';
import { TEST_CARDS } from '../../src/server/adapters/payments/testValues';
import { tokenizeCard } from '../support/payments';
import type { Card } from '../support/pages/ActivationPage';

/** Reads the sandbox's view of the world: the SMS/email outbox, captcha answers, the server clock. */
export interface SandboxMessage { channel: 'sms' | 'email'; to: string; subject?: string | null; body: string; createdAt: string }

export async function messagesTo(request: APIRequestContext, to: string): Promise<SandboxMessage[]> {
  const res = await request.get(`/sandbox/api/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok()) throw new Error(`sandbox messages: ${res.status()}`);
  const body = (await res.json()) as { data?: { messages: SandboxMessage[] }; messages?: SandboxMessage[] };
  return body.data?.messages ?? body.messages ?? [];
}

/** The newest 6-digit code sent to a phone. */
export async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [latest] = await messagesTo(request, phone);
    const code = latest?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code sent to ${phone}`);
}

export async function captchaAnswer(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get(`/sandbox/api/captcha/${encodeURIComponent(token)}`);
  if (!res.ok()) throw new Error(`sandbox captcha: ${res.status()}`);
  const body = (await res.json()) as { data?: { answer: string }; answer?: string };
  return body.data?.answer ?? body.answer ?? '';
}

export async function advanceClock(request: APIRequestContext, ms: number): Promise<void> {
  const res = await request.post('/sandbox/api/clock/advance', { data: { ms } });
  if (!res.ok()) throw new Error(`sandbox clock: ${res.status()}`);
}

/** Keeps the token of the newest image captcha the page loaded (from the X-IMAGE-CODE-TOKEN response header). */
export function watchCaptcha(page: Page): { token(): Promise<string> } {
  let latest: Promise<string> | null = null;
  page.on('response', (res: Response) => {
    if (res.url().includes('/gateway/pcapp/createImg')) latest = Promise.resolve(res.headers()['x-image-code-token'] ?? '');
  });
  return {
    async token() {
      for (let i = 0; i < 100 && !latest; i++) await page.waitForTimeout(50);
      if (!latest) throw new Error('no captcha loaded');
      return latest;
    },
  };
}

/** The payment sandbox of a gateway: it listens on the gateway's port + 1 (servers.ts). */
export const paymentsUrlOf = (baseURL: string): string => {
  const url = new URL(baseURL);
  url.port = String(Number(url.port) + 1);
  return url.origin;
};

/** An eSIM bought over the API (with a referral code when given): its ICCID and activation code, read from its QR email as its buyer reads them. */
export async function boughtEsim(request: APIRequestContext, baseURL: string, opts: { referralCode?: string } = {}): Promise<Card & { orderNo: string }> {
  const order = await buyPaidOrder(baseURL, paymentsUrlOf(baseURL), { simType: 'esim', ...opts });
  let card: Card | null = null;
  await expect.poll(async () => {
    const mail = (await messagesTo(request, order.email)).find((m) => /ICCID/.test(m.body) && /Activation code/.test(m.body));
    const iccid = mail?.body.match(/\b(89\d{17})\b/)?.[1];
    const code = mail?.body.match(/Activation code\D{0,4}(\d{6})\b/)?.[1];
    card = iccid && code ? { iccid, code } : null;
    return card !== null;
  }, { message: 'the eSIM QR email', timeout: 30_000 }).toBe(true);
  return { ...card!, orderNo: order.orderNo };
}

/**
 * A customer of the test's own with a line (US by default) and a plan in force (POST /sandbox/api/testLine): no other
 * spec changes it.
 */
export async function testLine(request: APIRequestContext, opts: { generalCents?: number; kind?: 'us' | 'global'; endsInHours?: number; months?: number; simType?: 'physical' | 'esim' } = {}): Promise<{ username: string; phone: string; password: string }> {
  const res = await request.post('/sandbox/api/testLine', { data: opts });
  if (!res.ok()) throw new Error(`sandbox testLine: ${res.status()}`);
  return ((await res.json()) as { data: { username: string; phone: string; password: string } }).data;
}

/** Saves a card for the session's customer as /mybank does: a token of the provider's form, then addCard. */
export async function saveCard(request: APIRequestContext, baseURL: string, token: string, card: { cardholderName: string; billingZip: string } = { cardholderName: 'Demo Customer', billingZip: '91776' }): Promise<void> {
  const sourceId = await tokenizeCard(paymentsUrlOf(baseURL), { ...TEST_CARDS.visa, postalCode: card.billingZip });
  const res = await request.post(endpoints.addCard.path, {
    headers: { Authorization: `Bearer ${token}`, CHANNEL: 'eshop', [IDEMPOTENCY_HEADER]: randomUUID() },
    data: { sourceId, ...card },
  });
  if (!res.ok()) throw new Error(`addCard: ${res.status()} ${await res.text()}`);
}

const BASIC = `Basic ${Buffer.from(`${OAUTH_CLIENT.id}:${OAUTH_CLIENT.secret}`).toString('base64')}`;

/**
 * Logs a browser in as `login` without the login page (its journeys are login.spec.ts's): the session as the gateway
 * sets it at login (decision 0013), the token HttpOnly, the marker readable.
 */
export async function signIn(page: Page, request: APIRequestContext, baseURL: string, login: { username: string; password: string }): Promise<void> {
  const img = await request.get(endpoints.createImg.path);
  const captchaToken = img.headers()['x-image-code-token']!;
  const res = await request.post(`${endpoints.oauthToken.path}?grant_type=password&scope=all`, {
    form: { grant_type: 'password', username: login.username, password: login.password },
    headers: { Authorization: BASIC, 'IMAGE-CODE': await captchaAnswer(request, captchaToken), 'X-IMAGE-CODE-TOKEN': captchaToken },
  });
  const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  await page.context().addCookies([
    { name: 'Admin-Token', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    { name: 'Logged-In', value: 'e2e-session', url: baseURL, sameSite: 'Lax' },
  ]);
}

/** The logged-in customer's balances, as the account pages read them (the page's context sends the session cookie). */
export async function balancesOf(page: Page): Promise<{ generalCents: number; ildCents: number }> {
  // The session is the gateway's HttpOnly cookie (decision 0013); a change it authenticates names the channel.
  const res = await page.request.post(endpoints.userInfo.path, { headers: { CHANNEL: 'eshop' } });
  return ((await res.json()) as { data: { balances: { generalCents: number; ildCents: number } } }).data.balances;
}
