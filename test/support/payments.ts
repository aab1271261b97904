/**
 * Test helpers for the payment providers' sandbox (its own origin): a card tokenized over real HTTP exactly as
 * the card form iframe posts it, the WeChat "phone" paying or failing a QR, and the notification controls.
 */
import { CONTROL_PATHS } from '../../src/server/adapters/payments/sandbox/controlRoutes';
import { PHONE_PATH } from '../../src/server/adapters/payments/sandbox/phoneRoutes';
import { TOKENIZE_PATH } from '../../src/server/adapters/payments/sandbox/tokenizeRoute';

export { TEST_CARDS, TEST_NONCES, type TestCardName } from '../../src/server/adapters/payments/testValues';

export interface CardInput { number: string; exp: string; cvv: string; postalCode: string }
export interface TokenizeAnswer {
  status: number;
  body: { token?: string; details?: { card: { brand: string; last4: string; expMonth: number; expYear: number }; billing: { postalCode: string } }; errors?: { field: string; type: string; message: string }[] };
}

const applications = new Map<string, Promise<{ applicationId: string; locationId: string }>>();

/** The application and location ids a page would get from the gateway's /pay/config. */
export function sandboxApplication(paymentsUrl: string): Promise<{ applicationId: string; locationId: string }> {
  let found = applications.get(paymentsUrl);
  if (!found) {
    found = fetch(`${paymentsUrl}${CONTROL_PATHS.application}`).then((r) => r.json() as Promise<{ applicationId: string; locationId: string }>);
    applications.set(paymentsUrl, found);
  }
  return found;
}

/** The tokenization request the card form makes, answered as is (field errors included). */
export async function tokenizeCardRaw(paymentsUrl: string, card: CardInput, lang = 'en'): Promise<TokenizeAnswer> {
  const { applicationId } = await sandboxApplication(paymentsUrl);
  const res = await fetch(`${paymentsUrl}${TOKENIZE_PATH}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ applicationId, ...card, lang }),
  });
  return { status: res.status, body: (await res.json()) as TokenizeAnswer['body'] };
}

/** A single-use card token for a card (a TEST_CARDS entry or your own values); throws with the field errors. */
export async function tokenizeCard(paymentsUrl: string, card: CardInput): Promise<string> {
  const answer = await tokenizeCardRaw(paymentsUrl, card);
  if (!answer.body.token) throw new Error(`card refused (${answer.status}): ${JSON.stringify(answer.body.errors)}`);
  return answer.body.token;
}

/** The buyer's phone after scanning the QR: pays, or makes the payment fail (PAYERROR). */
export async function wechatPhonePay(paymentsUrl: string, codeUrl: string, outcome: 'pay' | 'fail'): Promise<void> {
  const pr = new URL(codeUrl).searchParams.get('pr');
  if (!pr) throw new Error(`not a Native pay code_url: ${codeUrl}`);
  const res = await fetch(`${paymentsUrl}${PHONE_PATH}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ pr, outcome, lang: 'en' }).toString(), redirect: 'manual',
  });
  await res.arrayBuffer();
  if (res.status !== 303) throw new Error(`the phone page answered ${res.status}`);
}

/** Sends the WeChat notifications due on the sandbox's clock (retries, further copies, late ones). */
export async function wechatDeliverDue(paymentsUrl: string): Promise<{ attempts: number; pending: number; nextDueAt: string | null }> {
  const res = await fetch(`${paymentsUrl}${CONTROL_PATHS.deliverDue}`, { method: 'POST' });
  return res.json() as Promise<{ attempts: number; pending: number; nextDueAt: string | null }>;
}

/** Delivers one more copy of a paid order's notification now; answers the notify_url's HTTP status. */
export async function wechatNotifyAgain(paymentsUrl: string, outTradeNo: string): Promise<number> {
  const res = await fetch(`${paymentsUrl}${CONTROL_PATHS.notifyAgain}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ out_trade_no: outTradeNo }),
  });
  const body = (await res.json()) as { status?: number };
  if (typeof body.status !== 'number') throw new Error(`no paid order ${outTradeNo}`);
  return body.status;
}
