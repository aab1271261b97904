import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page, type Route } from './fixtures';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { endpoints } from '../../src/contract';
import { IDEMPOTENCY_HEADER, ORDER_TOKEN_HEADER, type OrderData } from '../../src/contract/orders';
import { toOrderBody } from '../../machines/checkoutForm';
import { RESUME_VERSION } from '../../machines/checkout.machine';
import { TEST_CARDS } from '../../src/server/adapters/payments/testValues';
import { paymentModel, PAYMENT_RESULTS } from '../../machines/models/payment';
import { VALID_DRAFT } from '../../machines/models/checkoutFixtures';
import { coverageOf, formatTable, writeCoverage } from '../model/toolkit/coverage';
import { stepTitle } from '../model/toolkit/describeChart';
import { generatePaths, type PathCase } from '../../machines/paths';
import { newRecorder } from '../model/toolkit/run';
import { BROWSER_DEPTH, isCardEntry, mergedScreenCoverage } from '../model/toolkit/screenDepths';
import { transitionIndex } from '../../machines/chart';
import { PaymentPage } from '../support/pages/PaymentPage';
import { textOf } from '../support/pages/i18nText';
import { addSessionCookies, sessionToken } from './session';

/**
 * The payment chart's card-entry paths at the screen depth, in real Chromium: the provider's card form is an
 * iframe of its own origin, which jsdom cannot run (test/model/payment.screens.test.tsx walks the rest of the chart).
 * Generated from the same model; the page object's verbs are the chart's events; the panel's `data-state` is
 * checked at every settled step.
 *
 * The gateway answers what it can be made to: a declined test card, the order paid over the API first (another tab:
 * "resubmit"), and 120087 for real by replaying a used token (the request's sourceId becomes the sandbox's
 * already-used test nonce). The browser's request routing does the rest: the SDK, the tokenization and payOrder fail
 * where a path needs a network failure, and payOrder is answered in the gateway's words where it needs an answer only
 * a race gives (a provider out of reach: pending; another tab's card payment running: 120086; another refusal).
 *
 * Afterwards the two screen depths together (this recorder and the jsdom depth's row of the coverage report) must
 * take every transition that machines/index.ts does not declare unreachable.
 */

const machine = paymentModel.entry.machine;
const index = transitionIndex(machine);
/** While the provider's form loads, only the provider speaks; nothing is typed or chosen twice; nothing while a call runs. */
const offeredByScreen = (s: AnyMachineSnapshot, e: EventObject): boolean => {
  const loading = s.matches({ newCard: { idle: 'loadingForm' } } as never);
  if (loading) return e.type.startsWith('cardForm.');
  if (e.type.startsWith('xstate.') || e.type.startsWith('cardForm.')) return true;
  if (e.type === 'method.choose' && (e as { method?: string }).method === (s.context as { method: string }).method) return false;
  return !s.hasTag('busy');
};
const paths = generatePaths({ ...paymentModel, filterEvents: offeredByScreen }).filter((p) => isCardEntry(p.transition.id));
const recorder = newRecorder();

const outputOf = (e: EventObject | undefined) => (e as { output?: { status?: string } } | undefined)?.output;
const errorOf = (e: EventObject | undefined) => (e as { error?: { code?: string; status?: number } } | undefined)?.error;
const isPayByNewCard = (e: EventObject) => e.type === 'xstate.done.actor.payByNewCard' || e.type === 'xstate.error.actor.payByNewCard';

interface Opened { order: OrderData; orderToken: string; token: string }

/** An order of the demo customer, awaiting payment; the page opens on paying it (a reload while paying). */
async function openPayment(page: Page, request: APIRequestContext, baseURL: string): Promise<Opened> {
  const token = await sessionToken(request, 'demo', 'Demo@2468');
  const draft = { ...VALID_DRAFT, planId: 1, months: 1 as const, couponCode: '' };
  const res = await request.post(endpoints.createOrder.path, {
    data: toOrderBody(draft), headers: { Authorization: `Bearer ${token}`, [IDEMPOTENCY_HEADER]: randomUUID() },
  });
  const { order, orderToken } = ((await res.json()) as { data: { order: OrderData; orderToken: string } }).data;
  await addSessionCookies(page, token, baseURL);
  const wrap = (content: unknown, storage: string) => JSON.stringify({ type: 'object', content, storage, timestamp: Date.now() });
  await page.addInitScript(([tokens, resume]) => {
    localStorage.setItem('orders/tokens', tokens!);
    sessionStorage.setItem('checkout/resume', resume!);
  }, [
    wrap({ [order.orderNo]: { token: orderToken, at: Date.now() } }, 'local'),
    wrap({ version: RESUME_VERSION, link: { plan: '500mb-plan', months: 1, simType: 'esim' }, draft, orderNo: order.orderNo, purchaseId: null }, 'session'),
  ]);
  await page.goto('/plans/bundleForm?plan=500mb-plan&months=1&simType=esim');
  await expect(page.getByTestId('payment')).toBeVisible();
  return { order, orderToken, token };
}

/** Another tab pays the order first, over the gateway's API (the sandbox's test nonce that pays). */
async function payElsewhere(request: APIRequestContext, opened: Opened) {
  const res = await request.post(endpoints.payOrder.path, {
    data: { orderNo: opened.order.orderNo, method: 'bank_card', sourceId: 'cnon:card-nonce-ok', cardholderName: 'Mei Lin' },
    headers: { Authorization: `Bearer ${opened.token}`, [IDEMPOTENCY_HEADER]: randomUUID(), [ORDER_TOKEN_HEADER]: opened.orderToken },
  });
  expect(((await res.json()) as { data: { status: string } }).data.status).toBe('paid');
}

const abort = (route: Route) => route.abort('failed');
const answer = (status: number, body: unknown) => (route: Route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** How payOrder carries the answer the path needs from the card payment. */
async function routePayOrder(page: Page, request: APIRequestContext, opened: Opened, e: EventObject) {
  const error = errorOf(e);
  if (!error) {
    // Pending: the gateway could not reach the provider (the order stays as it is; payStatus is asked).
    if (outputOf(e)?.status === 'pending') await page.route('**/pay/payOrder', answer(200, { code: '200', message: '', data: { ...PAYMENT_RESULTS.pending, reference: opened.order.orderNo } }));
    return;
  }
  switch (error.code) {
    case 'http': return page.route('**/pay/payOrder', abort);
    case 'resubmit': return payElsewhere(request, opened);
    // A used token replayed: the gateway itself answers "payment info expired".
    case '120087': return page.route('**/pay/payOrder', (route) => route.continue({ postData: JSON.stringify({ ...JSON.parse(route.request().postData() ?? '{}'), sourceId: 'cnon:card-nonce-already-used' }) }));
    default: return page.route('**/pay/payOrder', answer(error.status ?? 422, { code: error.code, message: '' }));
  }
}

async function perform(page: Page, request: APIRequestContext, opened: Opened, payment: PaymentPage, path: PathCase, i: number) {
  const event = path.events[i]!;
  const next = path.events[i + 1];
  const later = path.events.slice(i + 1);
  switch (event.type) {
    case 'method.choose':
      if (next?.type === 'cardForm.failed') await page.route('**/v1/sdk.js', abort);
      return payment.chooseMethod((event as unknown as { method: 'bank_card' }).method);
    case 'cardForm.retry':
      await page.unroute('**/v1/sdk.js');
      return payment.panel().getByRole('button', { name: payment.t('payment:pay.tryAgain') }).click();
    case 'field.change': return payment.typeCardholder(String((event as unknown as { value: unknown }).value));
    case 'payment.submit': {
      if (next?.type === 'cardForm.tokenized') {
        const pay = later.find(isPayByNewCard);
        const c = pay && outputOf(pay)?.status === 'failed' ? TEST_CARDS.declined : TEST_CARDS.visa;
        await payment.typeCard({ number: c.number, exp: c.exp, cvv: c.cvv, postalCode: VALID_DRAFT.billing.zip });
        if (pay) await routePayOrder(page, request, opened, pay);
      } else if (next?.type === 'cardForm.invalid') {
        await payment.typeCard({ number: '4111 1111 1111 1112', exp: '12/30', cvv: '111', postalCode: VALID_DRAFT.billing.zip });
      } else if (next?.type === 'cardForm.error') {
        await payment.typeCard({ number: TEST_CARDS.visa.number, exp: '12/30', cvv: '111', postalCode: VALID_DRAFT.billing.zip });
        await page.route('**/v1/card-nonce', abort);
      }
      return payment.panel().getByRole('button', { name: /^Pay \$/ }).click();
    }
    case 'payment.retry': {
      await page.unroute('**/pay/payOrder');
      const pay = later.find(isPayByNewCard);
      if (pay) await routePayOrder(page, request, opened, pay);
      return payment.retry();
    }
    default: return undefined; // the provider's or the gateway's answer; the next check waits for it
  }
}

const settled = (s: AnyMachineSnapshot) => !s.hasTag('busy') && !s._nodes.some((n: { key: string; invoke: unknown[] }) => n.invoke.length > 0 && n.key !== 'newCard');

test.describe('payment chart card-entry paths in Chromium', () => {
  test.afterAll(() => {
    const coverage = coverageOf(paymentModel.entry, recorder, BROWSER_DEPTH, paths.length);
    const merged = mergedScreenCoverage(paymentModel.entry, recorder, paths.length);
    console.log(`\n${formatTable([coverage, merged])}`);
    writeCoverage([coverage, merged]);
    // The card entry is all this depth walks; jsdom walks the rest: together, every transition not declared unreachable.
    expect(coverage.transitions.missing.filter(isCardEntry)).toEqual([]);
    expect({ transitions: merged.transitions.missing, states: merged.states.missing }).toEqual({ transitions: [], states: [] });
  });

  test('the card entry paths exist', () => { expect(paths.length).toBeGreaterThan(15); });

  for (const path of paths) {
    test(`${path.transition.source.path.join('.')}: ${stepTitle(path)}`, async ({ page, request, baseURL }) => {
      const payment = new PaymentPage(page);
      const opened = await openPayment(page, request, baseURL!);
      for (let i = 0; i < path.events.length; i++) {
        await perform(page, request, opened, payment, path, i);
        const after = path.snapshots[i + 1]!;
        if (after.status === 'done') {
          if (after.value === 'expired') {
            // Spec section 4: "120087 (payment info expired): dialog; on confirm go home."
            await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toContainText(textOf('en', 'errors:code.120087'));
          } else {
            await expect(page).toHaveURL(after.value === 'paid' ? /\/plans\/bundleResult\// : /\/plans\/bundleResultError\?/);
          }
        } else if (settled(after) && !after.matches({ newCard: { idle: 'loadingForm' } } as never)) {
          await expect.poll(() => payment.state(), { message: `after ${path.events[i]!.type}` }).toEqual(after.value);
        }
      }
      // Every step was seen on the page; the transitions it took are the chart's for those events.
      path.events.forEach((event, i) => {
        for (const t of machine.getTransitionData(path.snapshots[i]!, event)) { const found = index.get(t); if (found) recorder.transitions.add(found.id); }
        for (const node of path.snapshots[i + 1]!._nodes) recorder.states.add(node.id);
      });
    });
  }
});
