/**
 * Orders placed per second with N concurrent buyers against a running product (`npm start`): each buyer, in a loop,
 * creates an order (its own Idempotency-Key), has the payment sandbox tokenize a test card as the card form does,
 * and pays the order with it. A placement is the three calls; its latency is measured from the first to the last.
 * Only real HTTP: the gateway, its database and the payment sandbox on its own port.
 */
import { randomUUID } from 'node:crypto';
import { endpoints } from '../src/contract';
import { TOKENIZE_PATH } from '../src/server/adapters/payments/sandbox/tokenizeRoute';

export interface OrdersBench {
  buyers: number;
  seconds: number;
  orders: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', Language: 'en', ...headers }, body: JSON.stringify(body) });
  const answer = (await res.json()) as { code: string; data?: T; message?: string };
  if (answer.code !== '200' || answer.data === undefined) throw new Error(`${url}: ${answer.code} ${answer.message ?? ''}`);
  return answer.data;
}

export async function benchOrders(base: string, paymentsUrl: string, opts: { buyers: number; seconds: number }): Promise<OrdersBench> {
  const catalogue = await post<{ plans: { id: number; slug: string }[] }>(`${base}${endpoints.bundleList.path}`, {});
  const planId = catalogue.plans.find((p) => p.slug === '5gb-plan')!.id;
  // The card form's ids, as the page gets them from the gateway.
  const config = (await (await fetch(`${base}${endpoints.payConfig.path}`)).json()) as { data: { applicationId: string } };
  const app = config.data;
  const form = (email: string) => ({
    planId, months: 3, simType: 'esim', simCount: 1, autoRenew: false, autoRenewTermsAccepted: false,
    shipping: { country: 'US', firstNameEn: 'Bench', lastNameEn: 'Buyer', phone: '6265550188', email },
    shippingMethod: 'standard', billingSameAsShipping: false,
    billing: { country: 'US', address1: '100 Main St', city: 'Los Angeles', state: 'CA', zip: '90012' },
    couponCode: null, referralCode: null, termsAccepted: true, confirmPersonalUse: true, confirmUsOnly: true,
    channel: 'search', reasons: ['price'],
  });

  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + opts.seconds * 1000;
  const buyer = async (n: number) => {
    for (let i = 0; performance.now() < deadline; i++) {
      const started = performance.now();
      try {
        const { order, orderToken } = await post<{ order: { orderNo: string }; orderToken: string }>(
          `${base}${endpoints.createOrder.path}`, form(`bench${n}.${i}@example.com`), { 'Idempotency-Key': randomUUID() });
        const token = await tokenize(paymentsUrl, app.applicationId);
        const paid = await post<{ status: string }>(`${base}${endpoints.payOrder.path}`,
          { orderNo: order.orderNo, method: 'bank_card', sourceId: token, cardholderName: 'Bench Buyer' },
          { 'Idempotency-Key': randomUUID(), 'X-Order-Token': orderToken });
        if (paid.status !== 'paid') throw new Error(`payment ${paid.status}`);
        latencies.push(performance.now() - started);
      } catch {
        failures += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.buyers }, (_, n) => buyer(n)));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    buyers: opts.buyers,
    seconds: Number(elapsed.toFixed(1)),
    orders: latencies.length,
    ordersPerSecond: Number((latencies.length / elapsed).toFixed(1)),
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms: Math.round(percentile(sorted, 99)),
    failures,
  };
}

/** The card form's tokenization answers `{ token }` outside the gateway envelope. */
async function tokenize(paymentsUrl: string, applicationId: string): Promise<string> {
  const res = await fetch(`${paymentsUrl}${TOKENIZE_PATH}`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ applicationId, number: '4111 1111 1111 1111', exp: '12/30', cvv: '111', postalCode: '90012', lang: 'en' }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`tokenize: ${res.status}`);
  return body.token;
}
