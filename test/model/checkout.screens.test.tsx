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
 * Chromium). The payment's state as the checkout hears it (`xstate.snapshot.payment`) is driven by the customer:
 * a QR code shown is unsettled, another method chosen is settled again.
 *
 * A network failure is something a customer meets: the transport between the screens and the gateway (the fetch
 * wrapper below) loses the answer where a path needs it (the catalogue, a result page's poll).
 * `payment done [paymentInfoExpired]` needs a card token (120087): the Chromium depth takes it
 * (test/e2e/payment.spec.ts, "a used card token"), and asserts that the two screen depths together take every
 * transition not declared unreachable (machines/index.ts).
 */
import '../support/nodeRealmEncoding';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { eduVerifications } from '../../src/server/db/schema';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { i18n } from '../../i18n';
import { checkoutFlow, flowClock } from '../../src/app/flows/checkout';
import { flowObservers } from '../../src/app/flows/login';
import { setItem } from '../../src/storage';
import { fulfilmentPollDelay, QUOTE_DEBOUNCE_MS, type CheckoutContext, type OpenEvent } from '../../machines/checkout.machine';
import { PAYMENT_UNSETTLED, WECHAT_POLL_MS, type PaymentOutput } from '../../machines/payment.machine';
import { endpoints } from '../../src/contract';
import type { OrderData } from '../../src/contract/orders';
import { runDueJobs } from '../../src/server/jobs/runner';
import CheckoutLayout from '../../screens/checkout/CheckoutLayout';
import BundleFormScreen from '../../screens/checkout/BundleFormScreen';
import BundleResultScreen from '../../screens/checkout/BundleResultScreen';
import BundleResultErrorScreen from '../../screens/checkout/BundleResultErrorScreen';
import { wechatPhonePay } from '../support/payments';
import { clearBrowserCookies, withBrowserCookies } from '../support/browserCookies';
import { type TestServer } from '../support/server';
import { startScreenDepthServer } from './toolkit/screenServer';
import { checkoutModel } from '../../machines/models/checkout';
import { VALID_DRAFT } from '../../machines/models/checkoutFixtures';
import { orderIn, paidSubmission, type OrderShape } from './checkoutOrders';
import { describePathsByState } from './toolkit/describeChart';
import { coverageOf, formatTable, writeCoverage } from './toolkit/coverage';
import type { PathCase } from '../../machines/paths';
import { newRecorder, observe, pressButton, type Recorder } from './toolkit/run';
import { JSDOM_DEPTH } from './toolkit/screenDepths';
import { screenPaths } from '../../machines/models/screens';

const STEP_TIMEOUT = 10_000;
const LINK = '?plan=5gb-plan&months=3&simType=esim&count=1';
const UNKNOWN_ORDER = 'LB0000000000';
const CALLS = new Set(['loadCatalog', 'quote', 'createOrder', 'loadOrder', 'sendEduCode', 'verifyEduCode']);
/** Each path its own school address (decision 0045): the per-address limits of one path never reach the next. */
let pathNo = 0;
const uniqueEdu = (email: string) => (email.endsWith('@ucla.edu') ? email.replace('@ucla.edu', `.p${pathNo}@ucla.edu`) : email);

const outputOf = <T,>(e: EventObject | undefined) => (e as { output?: T } | undefined)?.output;


/** What a person can do at these screens, state by state: machines/models/screens.ts (`npm run paths -- <chart> --depth screen`). */
const paths = screenPaths('checkout')!;

let server: TestServer;
let lastCodeUrl: string | null = null;
let lastSnapshot: AnyMachineSnapshot | null = null;
let clock: SimulatedClock;
const realFetch = globalThis.fetch;
const recorder = newRecorder();
/**
 * Answers the transport loses (the request reaches the gateway; its answer does not come back), by endpoint and by
 * the ordinal of the call since the page opened; `calls` counts them.
 */
const losing = new Map<string, Set<number>>();
const calls = new Map<string, number>();
const ENDPOINT_OF_ANSWER: Record<string, string> = {
  loadCatalog: endpoints.bundleList.path, checkOrder: endpoints.orderDetail.path, checkFulfilment: endpoints.orderDetail.path,
};
const actorOf = (e: EventObject): string | null => e.type.match(/^xstate\.(?:done|error)\.actor\.(.+)$/)?.[1] ?? null;

/** The catalogue and the result page's polls whose answers the path needs lost on the way. */
function planLostAnswers(path: PathCase) {
  losing.clear();
  calls.clear();
  const seen = new Map<string, number>();
  for (const e of path.events) {
    const actor = actorOf(e);
    const endpoint = actor ? ENDPOINT_OF_ANSWER[actor] : undefined;
    if (!endpoint) continue;
    const n = (seen.get(endpoint) ?? 0) + 1;
    seen.set(endpoint, n);
    if (e.type.startsWith('xstate.error.actor.') && actor !== 'checkOrder') losing.set(endpoint, new Set([...(losing.get(endpoint) ?? []), n]));
  }
}

beforeAll(async () => {
  server = await startScreenDepthServer();
  // The WeChat code_url the page turns into a QR code, as the buyer's phone would read it.
  globalThis.fetch = withBrowserCookies(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const { pathname } = new URL(url);
    const n = (calls.get(pathname) ?? 0) + 1;
    calls.set(pathname, n);
    const res = await realFetch(input, init);
    if (losing.get(pathname)?.has(n)) {
      await res.arrayBuffer();
      throw new TypeError('fetch failed: the connection was reset');
    }
    if (url.includes('/pay/payOrder')) {
      const body = (await res.clone().json()) as { data?: { wechat?: { codeUrl?: string } | null } };
      if (body.data?.wechat?.codeUrl) lastCodeUrl = body.data.wechat.codeUrl;
    }
    return res;
  });
}, 120_000);

afterEach(() => {
  clearBrowserCookies();
  cleanup();
  flowObservers.clear();
  flowClock.current = undefined;
  localStorage.clear();
  sessionStorage.clear();
  lastCodeUrl = null;
  lastSnapshot = null;
  losing.clear();
  calls.clear();
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
  const coverage = coverageOf(checkoutModel.entry, recorder, JSDOM_DEPTH, paths.length);
  console.log(`\n${formatTable([coverage])}`);
  writeCoverage([coverage]);
  // Everything but what the registry exempts from this depth (machines/index.ts, with the depth that takes them and why): the Chromium depth takes the payment answering 120087 (test/e2e/payment.spec.ts).
  expect({ transitions: coverage.transitions.missing, states: coverage.states.missing }).toEqual({ transitions: [], states: [] });
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
    if (resume) {
      const draft = { ...resume.draft, student: { ...resume.draft.student, eduEmail: uniqueEdu(resume.draft.student.eduEmail) } };
      setItem('checkout/resume', { ...resume, draft, orderNo: resume.orderNo ? await orderForAnswer(next, then) : null } as unknown as Record<string, unknown>);
    }
    if (entry.link?.student) return `/plans/bundleForm${LINK}&student=1`;
    return `/plans/bundleForm${LINK}`;
  }
  const orderNo = await orderForAnswer(next, then);
  return entry.kind === 'result' ? `/plans/bundleResult/${orderNo}` : `/plans/bundleResultError?orderNo=${orderNo}&reason=${entry.reason ?? ''}`;
}

/** Page object of the checkout screens: its verbs are the checkout chart's events. */
class CheckoutScreen {
  private t = (key: string) => i18n.t(key);
  private field = (name: string) => document.querySelector<HTMLInputElement>(`[data-field="${name}"]`)!;
  // The step's screen may still be loading (a lazy route after the chart moved on): wait for its button, then press it
  // in the same step (toolkit/run.ts pressButton: a button found a macrotask earlier may have been detached since).
  private click = (name: string) => pressButton(this.t(name), STEP_TIMEOUT, { first: true });

  state(): unknown { return JSON.parse(screen.getByTestId('checkout').dataset.state ?? 'null'); }
  draft() { return (lastSnapshot?.context as CheckoutContext).draft; }
  purchaseId() { return (lastSnapshot?.context as CheckoutContext).purchaseId; }

  type(name: string, value: string) { fireEvent.change(this.field(name), { target: { value: name === 'student.eduEmail' ? uniqueEdu(value) : value } }); }
  turnStudentOn() { fireEvent.click(this.field('student.isStudent')); }
  turnStudentOff() { this.turnStudentOn(); }
  /** The code to the school address: a refusal the path needs comes from the per-address limit (a code sent a moment ago). */
  async sendEduCode(refused: boolean) {
    if (refused) await postJson(endpoints.studentSendEduCode.path, { eduEmail: this.draft().student.eduEmail });
    const resend = i18n.t('checkout:student.resendCode');
    return pressButton(screen.queryByRole('button', { name: resend }) ? resend : i18n.t('checkout:student.sendCode'), STEP_TIMEOUT, { first: true });
  }
  /** The code from the email: the one sent when the gateway is to take it, another when it is to refuse it. */
  async verifyEduCode(answer: 'right' | 'wrong' | 'none') {
    if (answer !== 'none') {
      const [mail] = await server.outbox(this.draft().student.eduEmail.trim().toLowerCase());
      const code = mail?.body.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error('no student code in the sandbox inbox');
      // The code's field appears once the screen has rendered codeSent (the chart may be there a render earlier).
      await waitFor(() => expect(document.querySelector('[data-field="student.eduCode"]')).not.toBeNull(), { timeout: STEP_TIMEOUT });
      this.type('student.eduCode', answer === 'right' ? code : String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    }
    return pressButton(i18n.t('checkout:student.verify'), STEP_TIMEOUT, { first: true });
  }
  applyCodes() { return this.click('checkout:codes.applyCoupon'); }
  turnAutoRenewOn() { fireEvent.click(screen.getByRole('switch', { name: this.t('checkout:autoRenew.label') })); }
  turnAutoRenewOff() { this.turnAutoRenewOn(); }
  acceptAutoRenewTerms() { fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: this.t('checkout:autoRenew.accept') })); }
  declineAutoRenewTerms() { fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: this.t('checkout:autoRenew.decline') })); }
  submit() { return this.click('checkout:confirm.placeOrder'); }
  editOrder() { return this.click('checkout:review.edit'); }
  repay() { return this.click('errors:other.repay'); }
  newOrder() { return this.click('checkout:result.buyAgain'); }
  retryCatalog() { return this.click('checkout:tryAgain'); }

  private async panel() { return screen.findByTestId('payment', {}, { timeout: STEP_TIMEOUT }); }
  private async choosePayMethod(method: string) {
    const panel = await this.panel();
    const radio = await within(panel).findByRole('radio', { name: new RegExp(this.t(`payment:methods.${method}`)) }, { timeout: STEP_TIMEOUT });
    if (!(radio as HTMLInputElement).checked) fireEvent.click(radio);
  }

  /** The payment turns unsettled: the WeChat Pay code is shown (the phone may pay it at any moment). */
  async showWechatCode() {
    if (lastCodeUrl) return;
    await this.choosePayMethod('wechat_pay');
    await pressButton(this.t('payment:wechat.showCode'), STEP_TIMEOUT, { within: () => screen.getByTestId('payment') });
    await waitFor(() => expect(lastCodeUrl).not.toBeNull(), { timeout: STEP_TIMEOUT });
    await within(await this.panel()).findByRole('img', { name: this.t('payment:wechat.qrAlt') }, { timeout: STEP_TIMEOUT });
  }

  /** The payment stands still again: the customer turns to the card instead of the code shown. */
  async leaveWechatCode() {
    if (!lastCodeUrl) return;
    await this.choosePayMethod('bank_card');
    lastCodeUrl = null;
  }

  /** The payment chart's part, by WeChat Pay: the code is shown, the sandbox phone pays or fails it, the page polls. */
  async payByWechat(outcome: 'paid' | 'failed') {
    await this.showWechatCode();
    await wechatPhonePay(server.paymentsUrl, lastCodeUrl!, outcome === 'paid' ? 'pay' : 'fail');
    clock.increment(WECHAT_POLL_MS);
  }
}

const unsettledPayment = (e: EventObject) => Boolean((e as { snapshot?: { hasTag?(tag: string): boolean } }).snapshot?.hasTag?.(PAYMENT_UNSETTLED));

async function perform(page: CheckoutScreen, path: PathCase, i: number) {
  const event = path.events[i]!;
  const next = path.events[i + 1];
  const p = event as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.open': return undefined; // the layout sends it when the page opens
    case 'field.change': return page.type(String(p.field), String(p.value));
    case 'codes.apply': return page.applyCodes();
    case 'autoRenew.turnOn': return page.turnAutoRenewOn();
    case 'autoRenew.turnOff': return page.turnAutoRenewOff();
    case 'autoRenew.acceptTerms': return page.acceptAutoRenewTerms();
    case 'autoRenew.declineTerms': return page.declineAutoRenewTerms();
    case 'student.turnOn': return page.turnStudentOn();
    case 'student.turnOff': return page.turnStudentOff();
    case 'student.sendCode': return page.sendEduCode(next?.type === 'xstate.error.actor.sendEduCode');
    case 'student.verify':
      return page.verifyEduCode(next?.type === 'xstate.done.actor.verifyEduCode' ? 'right' : next?.type === 'xstate.error.actor.verifyEduCode' ? 'wrong' : 'none');
    case 'order.submit':
      if (outputOf<{ order: OrderData }>(next)?.order.status === 'paid') await paidSubmission(server, page.draft(), page.purchaseId());
      // A code the gateway refuses: it refuses the order with it (the form's rules still hold).
      // (A student's order with a proof the gateway never gave is refused as it is.)
      if (next?.type === 'xstate.error.actor.createOrder' && (next as { error?: { code?: string } }).error?.code !== 'eduEmailUnverified') page.type('couponCode', 'NOPE');
      // A proof the gateway no longer takes: its 24 hours are over (decision 0045), as the gateway's table says.
      if (next?.type === 'xstate.error.actor.createOrder' && (next as { error?: { code?: string } }).error?.code === 'eduEmailUnverified') {
        await server.db.update(eduVerifications).set({ expiresAt: new Date(server.clock.now().getTime() - 1000) });
      }
      return page.submit();
    case 'order.edit': return page.editOrder();
    case 'payment.repay': return page.repay();
    case 'order.new': return page.newOrder();
    case 'catalog.retry': return page.retryCatalog();
    case 'xstate.snapshot.payment': return unsettledPayment(event) ? page.showWechatCode() : page.leaveWechatCode();
    case 'xstate.done.actor.payment': return page.payByWechat(outputOf<PaymentOutput>(event)?.outcome === 'paid' ? 'paid' : 'failed');
    default:
      if (event.type.startsWith('xstate.after.quoteDebounce')) {
        if (next?.type === 'xstate.error.actor.quote') page.type('couponCode', 'NOPE');
        return clock.increment(QUOTE_DEBOUNCE_MS);
      }
      // The wait before another code to the school address: the page's clock and the gateway's (its per-address limit).
      if (event.type.startsWith('xstate.after.eduResendWait')) {
        const left = (path.snapshots[i]!.context as CheckoutContext).resendSecondsLeft * 1000;
        server.clock.advance(left);
        return clock.increment(left);
      }
      if (event.type.startsWith('xstate.after.1000.checkout.form.student')) {
        server.clock.advance(1000);
        return clock.increment(1000);
      }
      if (event.type.startsWith('xstate.after.fulfilmentPoll')) {
        const answer = outputOf<{ order: OrderData }>(next)?.order;
        if (answer && answer.fulfilment !== 'pending') await runDueJobs(server.app.deps);
        return clock.increment(fulfilmentPollDelay((path.snapshots[i]!.context as CheckoutContext).fulfilmentChecks));
      }
      return undefined; // a call's answer: the gateway gives it; the next check waits for it
  }
}

const settled = (s: AnyMachineSnapshot) => !s._nodes.some((n: { invoke: { src: unknown }[] }) => n.invoke.some((i) => CALLS.has(String(i.src))));

async function postJson(path: string, body: unknown) {
  await realFetch(new URL(path, server.url), { method: 'POST', headers: { 'content-type': 'application/json', Language: 'en' }, body: JSON.stringify(body) });
}

async function runOnScreen(path: PathCase, record: Recorder) {
  pathNo++;
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
  planLostAnswers(path);
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />);

  for (let i = 0; i < path.events.length; i++) {
    // What the customer does, and a timer that runs, need the screen in the step the path is at.
    const event = path.events[i]!;
    const answer = event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.');
    if (i > 0 && !answer && event.type !== 'xstate.snapshot.payment') await waitFor(() => expect(page.state()).toEqual(path.values[i]), { timeout: STEP_TIMEOUT });
    await perform(page, path, i);
    const after = path.snapshots[i + 1]!;
    if (settled(after)) await waitFor(() => expect(page.state()).toEqual(after.value), { timeout: STEP_TIMEOUT });
  }
  await waitFor(() => expect([...pathRecorder.transitions]).toContain(path.transition.id), { timeout: STEP_TIMEOUT });
}

describe('checkout screen paths', () => {
  it('the screen can reach most of the chart', () => {
    expect(paths.length).toBeGreaterThan(25);
  });

  describePathsByState(paths, (path) => runOnScreen(path, recorder));
});
