import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { endpoints } from '../../src/contract';
import { IDEMPOTENCY_HEADER, type OrderData } from '../../src/contract/orders';
import { toOrderBody } from '../../machines/checkoutForm';
import { RESUME_VERSION } from '../../machines/checkout.machine';
import { TEST_CARDS } from '../../src/server/adapters/payments/testValues';
import { paymentModel } from '../model/models/payment';
import { VALID_DRAFT } from '../model/models/checkoutFixtures';
import { coverageOf, formatTable, writeCoverage } from '../model/toolkit/coverage';
import { stepTitle } from '../model/toolkit/describeChart';
import { generatePaths, type PathCase } from '../model/toolkit/paths';
import { newRecorder } from '../model/toolkit/run';
import { transitionIndex } from '../../machines/chart';
import { PaymentPage } from '../support/pages/PaymentPage';
import { captchaAnswer } from './sandbox';

/**
 * The payment chart's card-entry paths at the screen depth, in real Chromium: the provider's card form is an
 * iframe of its own origin, which jsdom cannot run (test/model/payment.screens.test.tsx walks the rest of the chart).
 * Generated from the same model; the page object's verbs are the chart's events; the panel's `data-state` is
 * checked at every settled step. The network fails where a path needs it to (the SDK, the tokenization, payOrder),
 * by the browser's request routing.
 *
 * Stays at the pure depth: a new-card payment answered as pending (the gateway could not reach the provider),
 * 120087 (a used or expired token: the form hands out a fresh one each time), 120086 (two attempts at the same
 * moment), and answers this gateway never gives to a card (balance short, a WeChat code, any other refusal).
 */

const machine = paymentModel.entry.machine;
const index = transitionIndex(machine);
const isCardEntry = (id: string) => /^payment\.newCard\.(idle\.(loadingForm:cardForm|formUnavailable|entering)|tokenizing|paying|interrupted)/.test(id);
const PURE_ONLY = /^payment\.newCard\.paying:xstate\.(done\.actor\.payByNewCard:[13]|error\.actor\.payByNewCard:[023])$/;
/** While the provider's form loads, only the provider speaks; nothing is typed or chosen twice; nothing while a call runs. */
const offeredByScreen = (s: AnyMachineSnapshot, e: EventObject): boolean => {
  const loading = s.matches({ newCard: { idle: 'loadingForm' } } as never);
  if (loading) return e.type.startsWith('cardForm.');
  if (e.type.startsWith('xstate.') || e.type.startsWith('cardForm.')) return true;
  if (e.type === 'method.choose' && (e as { method?: string }).method === (s.context as { method: string }).method) return false;
  return !s.hasTag('busy');
};
const paths = generatePaths({ ...paymentModel, filterEvents: offeredByScreen }).filter((p) => isCardEntry(p.transition.id) && !PURE_ONLY.test(p.transition.id));
const recorder = newRecorder();

const outputOf = (e: EventObject | undefined) => (e as { output?: { status?: string } } | undefined)?.output;
const isError = (e: EventObject | undefined, code: string) => (e as { error?: { code?: string } } | undefined)?.error?.code === code;

/** The demo customer's session, made as /login makes it: password grant with the image code. */
async function demoToken(request: APIRequestContext): Promise<string> {
  const img = await request.get(endpoints.createImg.path);
  const captchaToken = img.headers()['x-image-code-token']!;
  const answer = await captchaAnswer(request, captchaToken);
  const res = await request.post(`${endpoints.oauthToken.path}?grant_type=password&scope=all`, {
    form: { grant_type: 'password', username: 'demo', password: 'Demo@2468' },
    headers: { Authorization: `Basic ${Buffer.from('eshop:eshop').toString('base64')}`, 'IMAGE-CODE': answer, 'X-IMAGE-CODE-TOKEN': captchaToken },
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

/** An order of the demo customer, awaiting payment; the page opens on paying it (a reload while paying). */
async function openPayment(page: Page, request: APIRequestContext, baseURL: string) {
  const token = await demoToken(request);
  const draft = { ...VALID_DRAFT, planId: 1, months: 1 as const, couponCode: '' };
  const res = await request.post(endpoints.createOrder.path, {
    data: toOrderBody(draft), headers: { Authorization: `Bearer ${token}`, [IDEMPOTENCY_HEADER]: randomUUID() },
  });
  const { order, orderToken } = ((await res.json()) as { data: { order: OrderData; orderToken: string } }).data;
  await page.context().addCookies([{ name: 'Admin-Token', value: token, url: baseURL }]);
  const wrap = (content: unknown, storage: string) => JSON.stringify({ type: 'object', content, storage, timestamp: Date.now() });
  await page.addInitScript(([tokens, resume]) => {
    localStorage.setItem('orders/tokens', tokens!);
    sessionStorage.setItem('checkout/resume', resume!);
  }, [
    wrap({ [order.orderNo]: { token: orderToken, at: Date.now() } }, 'local'),
    wrap({ version: RESUME_VERSION, link: { plan: '500mb-plan', months: 1, simType: 'esim' }, draft, orderNo: order.orderNo }, 'session'),
  ]);
  await page.goto('/plans/bundleForm?plan=500mb-plan&months=1&simType=esim');
  await expect(page.getByTestId('payment')).toBeVisible();
  return order;
}

const abort = (route: Route) => route.abort('failed');

async function perform(page: Page, payment: PaymentPage, path: PathCase, i: number) {
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
        const declined = later.some((e) => e.type === 'xstate.done.actor.payByNewCard' && outputOf(e)?.status === 'failed');
        const c = declined ? TEST_CARDS.declined : TEST_CARDS.visa;
        await payment.typeCard({ number: c.number, exp: c.exp, cvv: c.cvv, postalCode: VALID_DRAFT.billing.zip });
        if (later.some((e) => isError(e, 'http'))) await page.route('**/pay/payOrder', abort);
      } else if (next?.type === 'cardForm.invalid') {
        await payment.typeCard({ number: '4111 1111 1111 1112', exp: '12/30', cvv: '111', postalCode: VALID_DRAFT.billing.zip });
      } else if (next?.type === 'cardForm.error') {
        await payment.typeCard({ number: TEST_CARDS.visa.number, exp: '12/30', cvv: '111', postalCode: VALID_DRAFT.billing.zip });
        await page.route('**/v1/card-nonce', abort);
      }
      return payment.panel().getByRole('button', { name: /^Pay \$/ }).click();
    }
    case 'payment.retry':
      await page.unroute('**/pay/payOrder');
      return payment.retry();
    default: return undefined; // the provider's or the gateway's answer; the next check waits for it
  }
}

const settled = (s: AnyMachineSnapshot) => !s.hasTag('busy') && !s._nodes.some((n: { key: string; invoke: unknown[] }) => n.invoke.length > 0 && n.key !== 'newCard');

test.describe('payment chart card-entry paths in Chromium', () => {
  test.afterAll(() => {
    const coverage = coverageOf(paymentModel.entry, recorder, 'browser', paths.length);
    console.log(`\n${formatTable([coverage])}`);
    writeCoverage([coverage]);
  });

  test('the card entry paths exist', () => { expect(paths.length).toBeGreaterThan(8); });

  for (const path of paths) {
    test(`${path.transition.source.path.join('.')}: ${stepTitle(path)}`, async ({ page, request, baseURL }) => {
      const payment = new PaymentPage(page);
      await openPayment(page, request, baseURL!);
      for (let i = 0; i < path.events.length; i++) {
        await perform(page, payment, path, i);
        const after = path.snapshots[i + 1]!;
        if (after.status === 'done') {
          await expect(page).toHaveURL(after.value === 'paid' ? /\/plans\/bundleResult\// : /\/plans\/bundleResultError\?/);
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
