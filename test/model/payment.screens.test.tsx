// @vitest-environment jsdom
/**
 * The payment chart's generated paths driven through the real PaymentPanel (Testing Library) against an in-process
 * gateway, for the demo customer (logged in: balance, saved card, new card and WeChat Pay are offered). Page-object
 * verbs are the chart's events; the panel's `data-state` is checked at every settled step; delays run on a
 * simulated clock the test moves.
 *
 * The gateway answers every call it can be made to answer as the path needs: the order paid over the API first
 * ("another tab paid it": resubmit, a payment read as paid), the sandbox phone paying or failing a QR code, the
 * server's clock past a code's expiry, a declined card paid over the API (a payment read as failed), an order dearer
 * than the balance (120081). The transport between the panel and the gateway (the fetch wrapper below) does the rest:
 * - LOST: the request reaches the gateway, its answer is lost (network, timeout, a proxy's 502): every
 *   `[callWasInterrupted]` branch, the `unavailable` states and every status check that fails;
 * - SHAPED (SHAPED_BECAUSE below says why for each): answers this gateway gives only to a race a test cannot hold (a card
 *   payment running at the provider at that very moment: 120086, a pending status), or to a provider's own refusal
 *   of a card on file, or to a QR code asked again after its phone paid or failed; and the one QR code whose expiry
 *   is brought to the next second (its lifetime timer must run before the 2-second poll).
 * The card entry (the provider's cross-origin iframe: cardForm.*, tokenizing, paying by a new card, its lost answer)
 * cannot run in jsdom: test/e2e/payment.paths.spec.ts walks those paths in Chromium and asserts that the two screen
 * depths together take every transition not declared unreachable (machines/index.ts).
 */
import '../support/nodeRealmEncoding';
import { randomUUID } from 'node:crypto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { i18n } from '../../i18n';
import { call, captchaHeaders, fetchCaptcha } from '../../src/api/client';
import { flowObservers, inspectFlow } from '../../src/app/flows/login';
import { paymentFlow } from '../../src/app/flows/payment';
import { endpoints } from '../../src/contract';
import { balances } from '../../src/server/db/schema';
import { OAUTH_CLIENT } from '../../src/contract/auth';
import { IDEMPOTENCY_HEADER, ORDER_TOKEN_HEADER, type OrderData } from '../../src/contract/orders';
import type { PaymentResult } from '../../src/contract/payments';
import { WECHAT_POLL_MS, type PaymentInput } from '../../machines/payment.machine';
import { PaymentPanel } from '../../screens/payment/PaymentPanel';
import { TEST_CARDS, tokenizeCard, wechatPhonePay } from '../support/payments';
import { withBrowserCookies } from '../support/browserCookies';
import { type TestServer } from '../support/server';
import { startScreenDepthServer } from './toolkit/screenServer';
import { createOrder, payByCard } from './checkoutOrders';
import { VALID_DRAFT } from '../../machines/models/checkoutFixtures';
import { paymentModel } from '../../machines/models/payment';
import { describePathsByState } from './toolkit/describeChart';
import { coverageOf, formatTable, writeCoverage } from './toolkit/coverage';
import type { PathCase } from '../../machines/paths';
import { newRecorder, observe, type Recorder } from './toolkit/run';
import { JSDOM_DEPTH } from './toolkit/screenDepths';
import { screenPaths } from '../../machines/models/screens';

const STEP_TIMEOUT = 10_000;

const outputOf = (e: EventObject | undefined) => (e as { output?: PaymentResult | null } | undefined)?.output;
const errorOf = (e: EventObject | undefined) => (e as { error?: { code?: string; status?: number } } | undefined)?.error;
const actorOf = (e: EventObject | undefined): string | null => e?.type.match(/^xstate\.(?:done|error)\.actor\.(.+)$/)?.[1] ?? null;
const isError = (e: EventObject | undefined) => e?.type.startsWith('xstate.error.actor.') ?? false;

/** The gateway endpoint each of the chart's calls goes to. */
const ENDPOINT: Record<string, string> = {
  checkEarlierPayment: endpoints.payStatus.path, checkWechatPayment: endpoints.payStatus.path, checkPendingPayment: endpoints.payStatus.path,
  payByBalance: endpoints.payOrder.path, payBySavedCard: endpoints.payOrder.path, requestWechatCode: endpoints.payOrder.path,
  loadBalance: endpoints.userInfo.path, loadCards: endpoints.cardList.path,
};

/**
 * The answers the transport gives in place of the gateway, and why the gateway cannot be made to give them here.
 * Keyed `<actor>:<answer>`: the error code, or the done answer's kind.
 */
const SHAPED_BECAUSE: Record<string, string> = {
  'checkEarlierPayment:running': 'a card payment of the order is running at the provider at that moment',
  'payByBalance:120086': 'another tab\'s card payment of the order is running at that moment',
  'payBySavedCard:120086': 'another tab\'s card payment of the order is running at that moment',
  'requestWechatCode:120086': 'another tab\'s card payment of the order is running at that moment',
  'loadCards:none': 'the card was removed from file (another page) after the order offered it',
  'payBySavedCard:declined': 'the bank declines the card on file',
  'payBySavedCard:pending': 'the gateway could not reach the card provider',
  'payBySavedCard:120087': 'the provider no longer keeps the card on file',
  'payBySavedCard:refused': 'the gateway refuses the card (no longer on file for this customer)',
  'requestWechatCode:paid': 'the same attempt asked again after its code was paid on the phone',
  'requestWechatCode:failed': 'the same attempt asked again after its code failed on the phone',
  'requestWechatCode:refused': 'the gateway refuses the request (e.g. too many requests)',
  'requestWechatCode:expiresSoon': 'the code\'s expiry brought to the next second, so its lifetime ends before the 2-second poll',
};

type Plan = { kind: 'lost' } | { kind: 'shaped'; why: string; status: number; body: unknown } | { kind: 'expiresSoon'; why: string };

/** How the transport carries the answer `e` of a call (null: the gateway answers as it is). */
function planFor(path: PathCase, i: number): Plan | null {
  const e = path.events[i];
  const actor = actorOf(e);
  if (!actor) return null;
  const shaped = (answer: string, status: number, body: unknown): Plan => {
    const why = SHAPED_BECAUSE[`${actor}:${answer}`];
    if (!why) throw new Error(`the path needs ${actor} to answer ${answer}, which neither the gateway nor SHAPED_BECAUSE gives`);
    return { kind: 'shaped', why, status, body };
  };
  if (isError(e)) {
    const error = errorOf(e)!;
    if (error.code === 'http') return { kind: 'lost' };
    if (error.code === 'resubmit' || (actor === 'payByBalance' && error.code === '120081')) return null;
    return shaped(['120086', '120087'].includes(error.code ?? '') ? error.code! : 'refused', error.status ?? 422, { code: error.code, message: '' });
  }
  const out = outputOf(e);
  const done = (answer: string) => shaped(answer, 200, { code: '200', message: '', data: out });
  switch (actor) {
    case 'checkEarlierPayment': return out?.status === 'pending' ? done('running') : null;
    case 'loadCards': return ((out as unknown as { cards: unknown[] }).cards.length > 0 ? null : done('none'));
    case 'payBySavedCard': return out?.status === 'paid' ? null : done(out?.status === 'failed' ? 'declined' : 'pending');
    case 'requestWechatCode':
      if (out?.status === 'pending' && out.wechat) {
        const lapses = path.events.slice(i).find((x) => x.type.startsWith('xstate.after.wechat'))?.type.startsWith('xstate.after.wechatCodeLifetime');
        return lapses ? { kind: 'expiresSoon', why: SHAPED_BECAUSE['requestWechatCode:expiresSoon']! } : null;
      }
      return done(out?.status === 'paid' ? 'paid' : 'failed');
    default: return null;
  }
}

/** What the transport does to the next call of each endpoint. */
const plans = new Map<string, Plan>();
const shapedTaken = new Map<string, number>();
const planCall = (path: PathCase, i: number) => {
  const actor = actorOf(path.events[i]);
  const plan = planFor(path, i);
  if (actor && plan) plans.set(ENDPOINT[actor]!, plan);
};

/** Where the path's answers need the gateway to be: the order paid, or failed, by another tab, before the call. */
async function prepareGateway(path: PathCase, i: number) {
  const e = path.events[i];
  const actor = actorOf(e);
  if (!actor || plans.has(ENDPOINT[actor]!)) return;
  const out = outputOf(e);
  if (errorOf(e)?.code === 'resubmit' || (actor === 'checkEarlierPayment' && out?.status === 'paid') || (actor === 'checkPendingPayment' && out?.status === 'paid')) await payElsewhere('visa');
  if (actor === 'checkPendingPayment' && out?.status === 'failed') await payElsewhere('declined');
}


/** What a person can do at these screens, state by state: machines/models/screens.ts (`npm run paths -- <chart> --depth screen`). */
const paths = screenPaths('payment')!;

let server: TestServer;
let lastCodeUrl: string | null = null;
let lastCodeExpiresAt: string | null = null;
let clock: SimulatedClock;
let current: { order: OrderData; orderToken: string } | null = null;
const realFetch = globalThis.fetch;
const recorder = newRecorder();

/** Another tab pays the order (or fails to, with the declined test card) over the gateway's API. */
async function payElsewhere(card: 'visa' | 'declined') {
  await payByCard(server, current!.order, current!.orderToken, card, VALID_DRAFT.billing.zip);
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  server = await startScreenDepthServer();
  globalThis.fetch = withBrowserCookies(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const endpoint = [...plans.keys()].find((p) => new URL(url).pathname === p);
    const plan = endpoint ? plans.get(endpoint) : undefined;
    if (endpoint) plans.delete(endpoint);
    if (plan?.kind === 'shaped') {
      shapedTaken.set(plan.why, (shapedTaken.get(plan.why) ?? 0) + 1);
      return json(plan.status, plan.body);
    }
    const res = await realFetch(input, init);
    let body = null as { data?: { wechat?: { codeUrl?: string; expiresAt?: string } | null } } | null;
    if (url.includes(endpoints.payOrder.path)) {
      body = (await res.clone().json()) as typeof body;
      if (body?.data?.wechat?.codeUrl) { lastCodeUrl = body.data.wechat.codeUrl; lastCodeExpiresAt = body.data.wechat.expiresAt ?? null; }
    }
    if (plan?.kind === 'lost') {
      await res.arrayBuffer();
      throw new TypeError('fetch failed: the connection was reset');
    }
    if (plan?.kind === 'expiresSoon' && body?.data?.wechat) {
      shapedTaken.set(plan.why, (shapedTaken.get(plan.why) ?? 0) + 1);
      body.data.wechat.expiresAt = new Date(Date.now() + 800).toISOString();
      lastCodeExpiresAt = body.data.wechat.expiresAt;
      return json(res.status, body);
    }
    return res;
  });
  // The demo customer logs in by password, as /login does.
  const { token } = await fetchCaptcha(endpoints.createImg.path);
  const answer = await server.captchaAnswer(token);
  const session = await call(endpoints.oauthToken, {
    body: { grant_type: 'password', username: 'demo', password: 'Demo@2468' },
    query: { grant_type: 'password', scope: 'all' },
    headers: { Authorization: `Basic ${btoa(`${OAUTH_CLIENT.id}:${OAUTH_CLIENT.secret}`)}`, ...captchaHeaders(answer, token) },
    silent: true,
  });
  // The gateway set the session cookie (HttpOnly): the client keeps nothing of the answer.
  expect(session.access_token).toBeTruthy();
  // A second card on file, saved by paying with it: choosing between saved cards needs two.
  const { order, orderToken } = await createOrder({ ...VALID_DRAFT, planId: 1, months: 1, couponCode: '' });
  const card = TEST_CARDS.mastercard;
  const sourceId = await tokenizeCard(server.paymentsUrl, { number: card.number, exp: card.exp, cvv: card.cvv, postalCode: VALID_DRAFT.billing.zip });
  await call(endpoints.payOrder, {
    body: { orderNo: order.orderNo, method: 'bank_card', sourceId, cardholderName: 'Mei Lin', saveCard: true },
    headers: { [IDEMPOTENCY_HEADER]: randomUUID(), [ORDER_TOKEN_HEADER]: orderToken }, silent: true,
  });
}, 120_000);

afterEach(() => {
  cleanup();
  flowObservers.clear();
  plans.clear();
  lastCodeUrl = null;
  current = null;
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
  const coverage = coverageOf(paymentModel.entry, recorder, JSDOM_DEPTH, paths.length);
  console.log(`\n${formatTable([coverage])}`);
  console.log(`answers shaped at the transport: ${[...shapedTaken].map(([why, n]) => `${n} × ${why}`).join('; ') || 'none'}`);
  writeCoverage([coverage]);
  // Only the card entry is left to the Chromium depth, which asserts that the two depths together take everything.
  // Everything but what the registry exempts from this depth (machines/index.ts, with the depth that takes them and why): the card entry, which test/e2e/payment.paths.spec.ts walks in Chromium.
  expect({ transitions: coverage.transitions.missing, states: coverage.states.missing }).toEqual({ transitions: [], states: [] });
});

function PaymentHarness({ input, simulated }: { input: PaymentInput; simulated: SimulatedClock }) {
  const actor = useActorRef(paymentFlow, { input, inspect: inspectFlow, clock: simulated });
  return <PaymentPanel actor={actor} />;
}

/** Page object of the payment panel: its verbs are the payment chart's events. */
class PaymentScreen {
  private t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);
  panel() { return screen.getByTestId('payment'); }
  state(): unknown { return JSON.parse(this.panel().dataset.state ?? 'null'); }

  chooseMethod(method: string) {
    fireEvent.click(within(this.panel()).getByRole('radio', { name: new RegExp(`^${this.t(`payment:methods.${method}`)}`) }));
  }
  typeCardholder(name: string) {
    fireEvent.change(this.panel().querySelector('[data-field="cardholderName"]')!, { target: { value: name } });
  }
  selectCard() { fireEvent.click(within(this.panel()).getAllByRole('radio').find((r) => (r as HTMLInputElement).name === 'savedCard' && !(r as HTMLInputElement).checked)!); }
  submit() {
    const labels = [this.t('payment:wechat.showCode'), this.t('payment:wechat.newCode')];
    const button = within(this.panel()).getAllByRole('button').find((b) => labels.includes(b.textContent ?? '') || /^Pay /.test(b.textContent ?? ''));
    fireEvent.click(button!);
  }
  retry() { fireEvent.click(within(this.panel()).getByRole('button', { name: this.t('payment:pay.retry') })); }
  retryLoad() { fireEvent.click(within(this.panel()).getByRole('button', { name: this.t('payment:pay.tryAgain') })); }
}

/** Where the path pays from the balance and the gateway must refuse it (120081), the order costs more than the balance. */
const needsExpensiveOrder = (path: PathCase) => path.events.some((e) => e.type === 'xstate.error.actor.payByBalance' && errorOf(e)?.code === '120081');

/** The phone, the server's clock: what the QR code's next status answer needs. */
async function beforeWechatStatus(next: EventObject | undefined) {
  const answer = outputOf(next);
  if (answer?.status === 'paid') await wechatPhonePay(server.paymentsUrl, lastCodeUrl!, 'pay');
  // Just past the code's expiry at WeChat Pay (not further: the customer's login would expire too).
  else if (answer?.failure === 'WECHAT_CLOSED') server.clock.advance(Date.parse(lastCodeExpiresAt!) - server.clock.now().getTime() + 1_000);
  else if (answer?.status === 'failed') await wechatPhonePay(server.paymentsUrl, lastCodeUrl!, 'fail');
}

async function perform(page: PaymentScreen, path: PathCase, i: number) {
  const event = path.events[i]!;
  const next = path.events[i + 1];
  planCall(path, i + 1);
  await prepareGateway(path, i + 1);
  const p = event as Record<string, unknown>;
  switch (event.type) {
    case 'method.choose': return page.chooseMethod(String(p.method));
    case 'field.change': return page.typeCardholder(String(p.value));
    case 'card.select': return page.selectCard();
    case 'payment.submit': return page.submit();
    case 'payment.retry': return page.retry();
    case 'balance.retry': case 'cards.retry': return page.retryLoad();
    default:
      if (event.type.startsWith('xstate.after.wechatPoll')) {
        await beforeWechatStatus(next);
        return clock.increment(WECHAT_POLL_MS);
      }
      if (event.type.startsWith('xstate.after.wechatCodeLifetime')) {
        await beforeWechatStatus(next);
        // The code expires within the second (see SHAPED_BECAUSE); the 2-second poll stays after it.
        return clock.increment(1_000);
      }
      if (event.type.startsWith('xstate.after.statusPoll')) return clock.increment(WECHAT_POLL_MS);
      return undefined; // a call's answer: the gateway (or the transport) gives it; the next check waits for it
  }
}

const settled = (s: AnyMachineSnapshot) => !s.hasTag('busy') && !s._nodes.some((n: { key: string; invoke: unknown[] }) => n.invoke.length > 0 && n.key !== 'newCard');

async function runOnScreen(path: PathCase, record: Recorder) {
  clock = new SimulatedClock();
  // The demo customer's General account holds $50 at the start of every path: enough for the cheap order only.
  await server.db.update(balances).set({ generalCents: 5_000 });
  const draft = needsExpensiveOrder(path)
    ? { ...VALID_DRAFT, planId: 5, months: 12 as const }
    : { ...VALID_DRAFT, planId: 1, months: 1 as const, couponCode: '' };
  current = await createOrder(draft);
  const { order, orderToken } = current;
  const input: PaymentInput = { reference: order.orderNo, amountCents: order.payAmountCents, methods: order.payMethods, orderToken, loggedIn: true };

  const page = new PaymentScreen();
  const pathRecorder = newRecorder();
  const onInspect = observe(paymentFlow, pathRecorder);
  const onInspectAll = observe(paymentFlow, record);
  const isPayment = (ref: unknown) => (ref as { logic?: unknown } | undefined)?.logic === paymentFlow;
  flowObservers.add((e) => {
    onInspect(e as never, isPayment);
    onInspectAll(e as never, isPayment);
    if (isPayment(e.actorRef) && (e.type === '@xstate.event' || e.type === '@xstate.snapshot')) {
      const snapshot = (e.type === '@xstate.snapshot' ? e.snapshot : e.actorRef.getSnapshot()) as AnyMachineSnapshot;
      for (const node of snapshot._nodes) if (node !== paymentFlow.root) { record.states.add(node.id); pathRecorder.states.add(node.id); }
    }
  });
  // The first answer (where the payment stands) is asked as the panel opens.
  planCall(path, 0);
  await prepareGateway(path, 0);
  render(<PaymentHarness input={input} simulated={clock} />);

  for (let i = 0; i < path.events.length; i++) {
    // What the customer does, and a timer that runs, need the screen in the step the path is at.
    if (!actorOf(path.events[i])) await waitFor(() => expect(page.state()).toEqual(path.values[i]), { timeout: STEP_TIMEOUT });
    await perform(page, path, i);
    const after = path.snapshots[i + 1]!;
    if (settled(after)) await waitFor(() => expect(page.state()).toEqual(after.value), { timeout: STEP_TIMEOUT });
  }
  await waitFor(() => expect([...pathRecorder.transitions]).toContain(path.transition.id), { timeout: STEP_TIMEOUT });
}

describe('payment screen paths', () => {
  it('the panel can reach every part of the chart but the card entry', () => {
    expect(paths.length).toBeGreaterThan(50);
  });

  describePathsByState(paths, (path) => runOnScreen(path, recorder));
});
