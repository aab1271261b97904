/**
 * Orders placed per second with N concurrent buyers against a running product (`npm start`): each buyer, in a loop,
 * creates an order (its own Idempotency-Key), has the payment sandbox tokenize a test card as the card form does,
 * and pays the order with it. A placement is the three calls; its latency is measured from the first to the last.
 * Only real HTTP: the gateway, its database and the payment sandbox on its own port.
 *
 * Then the fulfilment backlog: every paid order has an 'order.fulfil' job, and an eSIM order leaves fulfilment
 * 'pending' when that job has run. BACKLOG_AFTER_MS after the last placement, each order is read back (orderDetail,
 * 20 at a time) and those still pending are counted; on PostgreSQL the jobs table is also counted at that instant.
 * Then the pending ones are read again until none is left: the seconds from the end of the load to an empty backlog.
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
  /** Paid orders whose fulfilment had not run BACKLOG_AFTER_MS after the load, read back through the API. */
  backlog: { afterMs: number; pending: number; of: number; readInMs: number; pendingJobsInDatabase: number | null; emptyAfterSeconds: number | null };
}

export const BACKLOG_AFTER_MS = 3000;
/** How long the backlog is followed after the load before giving up on it emptying. */
const BACKLOG_FOLLOW_MS = 120_000;

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', Language: 'en', ...headers }, body: JSON.stringify(body) });
  const answer = (await res.json()) as { code: string; data?: T; message?: string };
  if (answer.code !== '200' || answer.data === undefined) throw new Error(`${url}: ${answer.code} ${answer.message ?? ''}`);
  return answer.data;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Placed { orderNo: string; orderToken: string }

/** The orders among `placed` whose fulfilment is still pending, read through orderDetail with 20 requests at a time. */
async function stillPending(base: string, placed: Placed[]): Promise<Placed[]> {
  const pending: Placed[] = [];
  for (let i = 0; i < placed.length; i += 20) {
    const slice = placed.slice(i, i + 20);
    const details = await Promise.all(slice.map((p) => post<{ fulfilment: string }>(`${base}${endpoints.orderDetail.path}`,
      { orderNo: p.orderNo }, { 'X-Order-Token': p.orderToken })));
    details.forEach((d, n) => { if (d.fulfilment === 'pending') pending.push(slice[n]!); });
  }
  return pending;
}

export async function benchOrders(base: string, paymentsUrl: string, opts: {
  buyers: number; seconds: number;
  /** PostgreSQL: counts the 'order.fulfil' jobs not done yet, straight from the database. */
  pendingJobs?: () => Promise<number>;
}): Promise<OrdersBench> {
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
  const placed: Placed[] = [];
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
        placed.push({ orderNo: order.orderNo, orderToken });
      } catch {
        failures += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.buyers }, (_, n) => buyer(n)));
  const loadEnded = performance.now();
  const elapsed = (loadEnded - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);

  await sleep(Math.max(0, loadEnded + BACKLOG_AFTER_MS - performance.now()));
  const pendingJobsInDatabase = opts.pendingJobs ? await opts.pendingJobs() : null;
  const readFrom = performance.now();
  let pending = await stillPending(base, placed);
  const backlog = {
    afterMs: BACKLOG_AFTER_MS, pending: pending.length, of: placed.length, readInMs: Math.round(performance.now() - readFrom),
    pendingJobsInDatabase, emptyAfterSeconds: null as number | null,
  };
  while (pending.length && performance.now() - loadEnded < BACKLOG_FOLLOW_MS) {
    await sleep(250);
    pending = await stillPending(base, pending);
  }
  if (!pending.length) backlog.emptyAfterSeconds = Number(((performance.now() - loadEnded) / 1000).toFixed(1));
  return {
    buyers: opts.buyers,
    seconds: Number(elapsed.toFixed(1)),
    orders: latencies.length,
    ordersPerSecond: Number((latencies.length / elapsed).toFixed(1)),
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms: Math.round(percentile(sorted, 99)),
    failures,
    backlog,
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
