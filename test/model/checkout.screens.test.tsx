// @vitest-environment jsdom
/**
 * The checkout chart's generated paths driven through the real checkout layout and screens (Testing Library)
 * against an in-process gateway (test/support/server.ts). Page-object verbs are the chart's events; the screen's
 * `data-state` is checked against the path at every settled step; the transitions the layout's actor took are
 * recorded through xstate inspection. The chart's delays run on a simulated clock the test moves (flowClock), so a
 * debounce or a poll happens exactly where the path says.
 *
 * Orders a path opens on (a result link, a reload while paying) are made over the gateway's API first, in the
 * state the path's next answer needs. Payments in the paths go through WeChat Pay: the payment chart's card entry
 * needs the provider's cross-origin iframe, which jsdom cannot run (test/e2e/payment.paths.spec.ts runs it in
 * Chromium).
 *
 * Stays at the pure depth (test/model/checkout.test.ts), because a person at the screen cannot cause it:
 * - `loadCatalog error`, `catalogFailed` and `catalog.retry`: the network must fail while the catalogue loads.
 * - `checkFulfilment error`: the network must fail while the result page polls.
 * - `payment done [paymentInfoExpired]`: 120087 needs a used or expired card token; the card form hands out a fresh
 *   single-use token for every payment.
 * - `payment error`: the payment chart has no way to fail; only a crash of its actor would send it.
 */
import '../support/nodeRealmEncoding';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { i18n, initI18n } from '../../i18n';
import { setBaseURL } from '../../src/api/client';
import { setupApiClient } from '../../src/app/api';
import { checkoutFlow, flowClock } from '../../src/app/flows/checkout';
import { flowObservers } from '../../src/app/flows/login';
import { setItem } from '../../src/storage';
import { FULFILMENT_POLL_MS, QUOTE_DEBOUNCE_MS, type CheckoutContext, type OpenEvent } from '../../machines/checkout.machine';
import { WECHAT_POLL_MS, type PaymentOutput } from '../../machines/payment.machine';
import type { OrderData } from '../../src/contract/orders';
import { runDueJobs } from '../../src/server/jobs/runner';
import CheckoutLayout from '../../screens/checkout/CheckoutLayout';
import BundleFormScreen from '../../screens/checkout/BundleFormScreen';
import BundleResultScreen from '../../screens/checkout/BundleResultScreen';
import BundleResultErrorScreen from '../../screens/checkout/BundleResultErrorScreen';
import { wechatPhonePay } from '../support/payments';
import { startTestServer, type TestServer } from '../support/server';
import { checkoutModel } from './models/checkout';
import { VALID_DRAFT } from './models/checkoutFixtures';
import { orderIn, paidSubmission, type OrderShape } from './checkoutOrders';
import { stepTitle } from './toolkit/describeChart';
import { coverageOf, formatTable, writeCoverage } from './toolkit/coverage';
import { generatePaths, type ChartModel, type PathCase } from './toolkit/paths';
import { newRecorder, observe, type Recorder } from './toolkit/run';

const STEP_TIMEOUT = 10_000;
const LINK = '?plan=5gb-plan&months=3&simType=esim&count=1';
const UNKNOWN_ORDER = 'LB0000000000';
const CALLS = new Set(['loadCatalog', 'quote', 'createOrder', 'loadOrder']);

const outputOf = <T,>(e: EventObject | undefined) => (e as { output?: T } | undefined)?.output;

/** What a person can do on the screen in a state: only what is on it, and nothing while a call runs. */
const offeredByScreen = (s: AnyMachineSnapshot, e: EventObject): boolean => {
  const t = e.type;
  if (t === 'xstate.error.actor.loadCatalog' || t === 'catalog.retry' || t === 'xstate.error.actor.checkFulfilment' || t === 'xstate.error.actor.payment') return false;
  if (t === 'xstate.done.actor.payment') return outputOf<PaymentOutput>(e)?.outcome !== 'expired';
  if (t.startsWith('xstate.')) return true;
  if (s._nodes.some((n: { invoke: { src: unknown }[] }) => n.invoke.some((i) => CALLS.has(String(i.src))))) return false;
  return true;
};

const screenModel: ChartModel = { ...checkoutModel, filterEvents: offeredByScreen };
const paths = generatePaths(screenModel);

let server: TestServer;
let lastCodeUrl: string | null = null;
let lastSnapshot: AnyMachineSnapshot | null = null;
let clock: SimulatedClock;
const realFetch = globalThis.fetch;
const recorder = newRecorder();

beforeAll(async () => {
  server = await startTestServer();
  setBaseURL(server.url);
  setupApiClient();
  await initI18n('en');
  await i18n.changeLanguage('en');
  // The WeChat code_url the page turns into a QR code, as the buyer's phone would read it.
  globalThis.fetch = async (input, init) => {
    const res = await realFetch(input, init);
    if (String(input instanceof Request ? input.url : input).includes('/pay/payOrder')) {
      const body = (await res.clone().json()) as { data?: { wechat?: { codeUrl?: string } | null } };
      if (body.data?.wechat?.codeUrl) lastCodeUrl = body.data.wechat.codeUrl;
    }
    return res;
  };
}, 120_000);

afterEach(() => {
  cleanup();
  flowObservers.clear();
  flowClock.current = undefined;
  localStorage.clear();
  sessionStorage.clear();
  lastCodeUrl = null;
  lastSnapshot = null;
});

/** Transitions this file's header says stay at the pure depth; anything else missing fails. */
const PURE_ONLY = [/:xstate\.error\.actor\.loadCatalog:/, /^checkout\.catalogFailed:/, /:xstate\.error\.actor\.checkFulfilment:/, /^checkout\.paying:xstate\.done\.actor\.payment:1$/, /:xstate\.error\.actor\.payment:/];

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
  const coverage = coverageOf(checkoutModel.entry, recorder, 'screen', paths.length);
  console.log(`\n${formatTable([coverage])}`);
  writeCoverage([coverage]);
  expect(coverage.transitions.missing.filter((t) => !PURE_ONLY.some((re) => re.test(t)))).toEqual([]);
  expect(coverage.states.missing.filter((id) => id !== 'checkout.catalogFailed' && id !== 'checkout.paymentExpired')).toEqual([]);
});

const routes = [
  { path: '/', element: <p>home</p> },
  {
    Component: CheckoutLayout,
    children: [
      { path: '/plans/bundleForm', Component: BundleFormScreen },
      { path: '/plans/bundleResult/:orderNo', Component: BundleResultScreen },
      { path: '/plans/bundleResultError', Component: BundleResultErrorScreen },
    ],
  },
];

const SHAPES: [(o: OrderData) => boolean, OrderShape][] = [
  [(o) => o.status === 'paid' && o.fulfilment === 'pending', 'paidPending'],
  [(o) => o.status === 'paid', 'paidFulfilled'],
  [(o) => o.status === 'payment_failed', 'paymentFailed'],
  [(o) => o.status === 'cancelled', 'cancelled'],
  [() => true, 'awaiting'],
];

/**
 * The order the next answers of orderDetail need (an order this browser cannot read for an error). A paid order is
 * read twice in a row (its status, then its fulfilment) with nothing in between: the second answer decides.
 */
async function orderForAnswer(next: EventObject | undefined, then: EventObject | undefined): Promise<string> {
  if (next?.type.startsWith('xstate.error.actor.')) return UNKNOWN_ORDER;
  const first = outputOf<{ order: OrderData }>(next)?.order;
  const second = then?.type === 'xstate.done.actor.checkFulfilment' ? outputOf<{ order: OrderData }>(then)?.order : undefined;
  const wanted = first && second ? { ...first, fulfilment: second.fulfilment } : first;
  const shape = SHAPES.find(([test]) => wanted && test(wanted))?.[1] ?? 'awaiting';
  return (await orderIn(server, VALID_DRAFT, shape)).orderNo;
}

/** checkout.open: the URL the page is opened at, and what a reload left in this tab. */
async function openUrl(event: OpenEvent, next: EventObject | undefined, then: EventObject | undefined): Promise<string> {
  const { entry, resume } = event;
  if (entry.kind === 'form') {
    if (resume) setItem('checkout/resume', { ...resume, orderNo: resume.orderNo ? await orderForAnswer(next, then) : null } as unknown as Record<string, unknown>);
    return `/plans/bundleForm${LINK}`;
  }
  const orderNo = await orderForAnswer(next, then);
  return entry.kind === 'result' ? `/plans/bundleResult/${orderNo}` : `/plans/bundleResultError?orderNo=${orderNo}&reason=${entry.reason ?? ''}`;
}

/** Page object of the checkout screens: its verbs are the checkout chart's events. */
class CheckoutScreen {
  private t = (key: string) => i18n.t(key);
  private field = (name: string) => document.querySelector<HTMLInputElement>(`[data-field="${name}"]`)!;
  private click = (name: string) => fireEvent.click(screen.getAllByRole('button', { name: this.t(name) })[0]!);

  state(): unknown { return JSON.parse(screen.getByTestId('checkout').dataset.state ?? 'null'); }
  draft() { return (lastSnapshot?.context as CheckoutContext).draft; }
  purchaseId() { return (lastSnapshot?.context as CheckoutContext).purchaseId; }

  type(name: string, value: string) { fireEvent.change(this.field(name), { target: { value } }); }
  applyCodes() { this.click('checkout:codes.applyCoupon'); }
  turnAutoRenewOn() { fireEvent.click(screen.getByRole('switch', { name: this.t('checkout:autoRenew.label') })); }
  turnAutoRenewOff() { this.turnAutoRenewOn(); }
  acceptAutoRenewTerms() { fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: this.t('checkout:autoRenew.accept') })); }
  declineAutoRenewTerms() { fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: this.t('checkout:autoRenew.decline') })); }
  submit() { this.click('checkout:confirm.placeOrder'); }
  editOrder() { this.click('checkout:review.edit'); }
  repay() { this.click('errors:other.repay'); }
  newOrder() { this.click('checkout:result.buyAgain'); }

  /** The payment chart's part, by WeChat Pay: the code is shown, the sandbox phone pays or fails it, the page polls. */
  async payByWechat(outcome: 'paid' | 'failed') {
    const panel = await screen.findByTestId('payment', {}, { timeout: STEP_TIMEOUT });
    fireEvent.click(within(panel).getByRole('radio', { name: new RegExp(this.t('payment:methods.wechat_pay')) }));
    fireEvent.click(await within(panel).findByRole('button', { name: this.t('payment:wechat.showCode') }));
    await waitFor(() => expect(lastCodeUrl).not.toBeNull(), { timeout: STEP_TIMEOUT });
    await within(panel).findByRole('img', { name: this.t('payment:wechat.qrAlt') }, { timeout: STEP_TIMEOUT });
    await wechatPhonePay(server.paymentsUrl, lastCodeUrl!, outcome === 'paid' ? 'pay' : 'fail');
    clock.increment(WECHAT_POLL_MS);
  }
}

async function perform(page: CheckoutScreen, event: EventObject, next: EventObject | undefined) {
  const p = event as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.open': return undefined; // the layout sends it when the page opens
    case 'field.change': return page.type(String(p.field), String(p.value));
    case 'codes.apply': return page.applyCodes();
    case 'autoRenew.turnOn': return page.turnAutoRenewOn();
    case 'autoRenew.turnOff': return page.turnAutoRenewOff();
    case 'autoRenew.acceptTerms': return page.acceptAutoRenewTerms();
    case 'autoRenew.declineTerms': return page.declineAutoRenewTerms();
    case 'order.submit':
      if (outputOf<{ order: OrderData }>(next)?.order.status === 'paid') await paidSubmission(server, page.draft(), page.purchaseId());
      // A code the gateway refuses: it refuses the order with it (the form's rules still hold).
      if (next?.type === 'xstate.error.actor.createOrder') page.type('couponCode', 'NOPE');
      return page.submit();
    case 'order.edit': return page.editOrder();
    case 'payment.repay': return page.repay();
    case 'order.new': return page.newOrder();
    case 'xstate.done.actor.payment': return page.payByWechat(outputOf<PaymentOutput>(event)?.outcome === 'paid' ? 'paid' : 'failed');
    default:
      if (event.type.startsWith('xstate.after.quoteDebounce')) {
        if (next?.type === 'xstate.error.actor.quote') page.type('couponCode', 'NOPE');
        return clock.increment(QUOTE_DEBOUNCE_MS);
      }
      if (event.type.startsWith('xstate.after.fulfilmentPoll')) {
        if (outputOf<{ order: OrderData }>(next)?.order.fulfilment !== 'pending') await runDueJobs(server.app.deps);
        return clock.increment(FULFILMENT_POLL_MS);
      }
      return undefined; // a call's answer: the gateway gives it; the next check waits for it
  }
}

const settled = (s: AnyMachineSnapshot) => !s._nodes.some((n: { invoke: { src: unknown }[] }) => n.invoke.some((i) => CALLS.has(String(i.src))));

async function runOnScreen(path: PathCase, record: Recorder) {
  clock = new SimulatedClock();
  flowClock.current = clock;
  const page = new CheckoutScreen();
  const pathRecorder = newRecorder();
  const onInspect = observe(checkoutFlow, pathRecorder);
  const onInspectAll = observe(checkoutFlow, record);
  const isCheckout = (ref: unknown) => (ref as { logic?: unknown } | undefined)?.logic === checkoutFlow;
  flowObservers.add((e) => {
    onInspect(e as never, isCheckout);
    onInspectAll(e as never, isCheckout);
    if (!isCheckout(e.actorRef) || (e.type !== '@xstate.snapshot' && e.type !== '@xstate.event')) return;
    // The state the actor starts in is entered while it is created, before any microstep is inspected: the first
    // event it receives shows it.
    const snapshot = (e.type === '@xstate.snapshot' ? e.snapshot : e.actorRef.getSnapshot()) as AnyMachineSnapshot;
    for (const node of snapshot._nodes) if (node !== checkoutFlow.root) { record.states.add(node.id); pathRecorder.states.add(node.id); }
    lastSnapshot = snapshot;
  });

  const url = await openUrl(path.events[0] as unknown as OpenEvent, path.events[1], path.events[2]);
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />);

  for (let i = 0; i < path.events.length; i++) {
    await perform(page, path.events[i]!, path.events[i + 1]);
    const after = path.snapshots[i + 1]!;
    if (settled(after)) await waitFor(() => expect(page.state()).toEqual(after.value), { timeout: STEP_TIMEOUT });
  }
  await waitFor(() => expect([...pathRecorder.transitions]).toContain(path.transition.id), { timeout: STEP_TIMEOUT });
}

describe('checkout screen paths', () => {
  it('the screen can reach most of the chart', () => {
    expect(paths.length).toBeGreaterThan(25);
  });

  const byState = new Map<string, PathCase[]>();
  for (const p of paths) {
    const key = p.transition.source.path.join('.') || 'checkout';
    byState.set(key, [...(byState.get(key) ?? []), p]);
  }
  for (const [state, group] of byState) {
    describe(state, () => {
      for (const path of group) {
        it(stepTitle(path), async () => { await runOnScreen(path, recorder); }, 60_000);
      }
    });
  }
});
