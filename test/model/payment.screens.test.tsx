// @vitest-environment jsdom
/**
 * The payment chart's generated paths driven through the real PaymentPanel (Testing Library) against an in-process
 * gateway, for the demo customer (logged in: balance, saved card, new card and WeChat Pay are offered). Page-object
 * verbs are the chart's events; the panel's `data-state` is checked at every settled step; delays run on a
 * simulated clock the test moves.
 *
 * The card entry (the provider's cross-origin iframe: cardForm.*, tokenizing, paying by a new card, its lost
 * answer) cannot run in jsdom: test/e2e/payment.paths.spec.ts walks those paths in Chromium.
 *
 * Stays at the pure depth (test/model/payment.test.ts), because this gateway never answers so or a person at the
 * screen cannot cause it:
 * - `loadBalance error`, `loadCards error`, their `unavailable` states and retries, `checkWechatPayment error`,
 *   `checkPendingPayment error`, and every `[callWasInterrupted]` branch: the network must fail.
 * - A balance payment the gateway answers as failed or pending (it refuses with 120081 instead), a saved card or
 *   WeChat code that is declined or pending when asked, 120087 (only a used or expired card token causes it) and
 *   120086 (two attempts of one order at the same moment); so `confirming` and its transitions too.
 * - `noCards`: the gateway offers the saved-card method only to a customer with a card on file.
 * - `after wechatCodeLifetime`: the 2-second status poll always runs first, and reaches `codeExpired` itself once
 *   WeChat Pay has closed the expired code (`checkWechatPayment done [wechatCodeClosed]`).
 */
import '../support/nodeRealmEncoding';
import { randomUUID } from 'node:crypto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { i18n, initI18n } from '../../i18n';
import { call, captchaHeaders, fetchCaptcha, setBaseURL } from '../../src/api/client';
import { setupApiClient } from '../../src/app/api';
import { flowObservers, inspectFlow } from '../../src/app/flows/login';
import { paymentFlow } from '../../src/app/flows/payment';
import { setToken } from '../../src/app/session';
import { endpoints } from '../../src/contract';
import { OAUTH_CLIENT } from '../../src/contract/auth';
import { IDEMPOTENCY_HEADER, ORDER_TOKEN_HEADER } from '../../src/contract/orders';
import type { PaymentResult } from '../../src/contract/payments';
import { WECHAT_POLL_MS, type PaymentInput } from '../../machines/payment.machine';
import { PaymentPanel } from '../../screens/payment/PaymentPanel';
import { TEST_CARDS, tokenizeCard, wechatPhonePay } from '../support/payments';
import { startTestServer, type TestServer } from '../support/server';
import { createOrder } from './checkoutOrders';
import { VALID_DRAFT } from './models/checkoutFixtures';
import { paymentModel } from './models/payment';
import { stepTitle } from './toolkit/describeChart';
import { coverageOf, formatTable, writeCoverage } from './toolkit/coverage';
import { generatePaths, type ChartModel, type PathCase } from './toolkit/paths';
import { newRecorder, observe, type Recorder } from './toolkit/run';

const STEP_TIMEOUT = 10_000;

const outputOf = (e: EventObject | undefined) => (e as { output?: PaymentResult | null } | undefined)?.output;
const errorCode = (e: EventObject | undefined) => (e as { error?: { code?: string } } | undefined)?.error?.code;

/** The answers this gateway gives to what a person does at the panel (see the header). */
function answeredByGateway(e: EventObject): boolean {
  const t = e.type;
  const out = outputOf(e);
  switch (t) {
    case 'xstate.done.actor.loadCards': return ((out as unknown as { cards?: unknown[] })?.cards?.length ?? 0) > 0;
    case 'xstate.done.actor.payByBalance': case 'xstate.done.actor.payBySavedCard': return out?.status === 'paid';
    case 'xstate.error.actor.payByBalance': return errorCode(e) === '120081';
    case 'xstate.done.actor.requestWechatCode': return out?.status === 'pending' && out.wechat != null;
    case 'xstate.done.actor.checkWechatPayment': return true;
    case 'xstate.done.actor.loadBalance': return true;
    default: return false;
  }
}

const offeredByScreen = (s: AnyMachineSnapshot, e: EventObject): boolean => {
  const t = e.type;
  if (t.startsWith('cardForm.') || t === 'balance.retry' || t === 'cards.retry') return false;
  if (t.startsWith('xstate.done.actor.') || t.startsWith('xstate.error.actor.')) return answeredByGateway(e);
  if (t.startsWith('xstate.after.')) return t.startsWith('xstate.after.wechatPoll');
  // A radio already chosen cannot be chosen again.
  if (t === 'method.choose' && (e as { method?: string }).method === (s.context as { method: string }).method) return false;
  if (t === 'card.select' && (e as { cardId?: number }).cardId === (s.context as { cardId: number | null }).cardId) return false;
  return !s.hasTag('busy');
};

const screenModel: ChartModel = { ...paymentModel, filterEvents: offeredByScreen };
const paths = generatePaths(screenModel);

let server: TestServer;
let lastCodeUrl: string | null = null;
let lastCodeExpiresAt: string | null = null;
let clock: SimulatedClock;
const realFetch = globalThis.fetch;
const recorder = newRecorder();

beforeAll(async () => {
  server = await startTestServer();
  setBaseURL(server.url);
  setupApiClient();
  await initI18n('en');
  await i18n.changeLanguage('en');
  globalThis.fetch = async (input, init) => {
    const res = await realFetch(input, init);
    if (String(input instanceof Request ? input.url : input).includes('/pay/payOrder')) {
      const body = (await res.clone().json()) as { data?: { wechat?: { codeUrl?: string; expiresAt?: string } | null } };
      if (body.data?.wechat?.codeUrl) { lastCodeUrl = body.data.wechat.codeUrl; lastCodeExpiresAt = body.data.wechat.expiresAt ?? null; }
    }
    return res;
  };
  // The demo customer logs in by password, as /login does.
  const { token } = await fetchCaptcha(endpoints.createImg.path);
  const answer = await server.captchaAnswer(token);
  const session = await call(endpoints.oauthToken, {
    body: { grant_type: 'password', username: 'demo', password: 'Demo@2468' },
    query: { grant_type: 'password', scope: 'all' },
    headers: { Authorization: `Basic ${btoa(`${OAUTH_CLIENT.id}:${OAUTH_CLIENT.secret}`)}`, ...captchaHeaders(answer, token) },
    silent: true,
  });
  setToken(session.access_token);
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
  lastCodeUrl = null;
});

/** Transitions this file's header says stay at the pure depth or run in Chromium; anything else missing fails. */
const ELSEWHERE = [
  /^payment\.newCard\.(idle\.(formUnavailable|entering)|tokenizing|paying|interrupted):/, /^payment\.newCard\.idle\.loadingForm:cardForm\./,
  /:xstate\.error\.actor\.(loadBalance|loadCards|checkWechatPayment|checkPendingPayment):/, /^payment\.(account|savedCard|wechat)\.interrupted:/,
  /^payment\.account\.paying:xstate\.(done\.actor\.payByBalance:[123]|error\.actor\.payByBalance:[012])$/,
  /^payment\.savedCard\.paying:xstate\.(done\.actor\.payBySavedCard:[123]|error\.actor\.payBySavedCard:)/,
  /^payment\.wechat\.requestingCode:xstate\.(done\.actor\.requestWechatCode:[123]|error\.actor\.requestWechatCode:)/,
  /^payment\.confirming/, /^payment\.savedCard\.idle\.(loadingCards:xstate\.done\.actor\.loadCards:1|noCards:)/,
  /^payment\.(account|savedCard)\.idle\.unavailable:/, /:xstate\.after\.wechatCodeLifetime\./,
];

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
  const coverage = coverageOf(paymentModel.entry, recorder, 'screen', paths.length);
  console.log(`\n${formatTable([coverage])}`);
  writeCoverage([coverage]);
  expect(coverage.transitions.missing.filter((t) => !ELSEWHERE.some((re) => re.test(t)))).toEqual([]);
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
    const found = within(this.panel()).queryAllByRole('radio', { name: new RegExp(`^${this.t(`payment:methods.${method}`)}`) });
    if (!found.length) throw new Error(`no ${method} radio in ${this.panel().dataset.state}: ${this.panel().innerHTML.slice(0, 1500)}`);
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
}

/** Where the path pays from the balance and the gateway must refuse it (120081), the order costs more than the balance. */
const needsExpensiveOrder = (path: PathCase) => path.events.some((e) => e.type === 'xstate.error.actor.payByBalance');

async function perform(page: PaymentScreen, event: EventObject, next: EventObject | undefined) {
  const p = event as Record<string, unknown>;
  switch (event.type) {
    case 'method.choose': return page.chooseMethod(String(p.method));
    case 'field.change': return page.typeCardholder(String(p.value));
    case 'card.select': return page.selectCard();
    case 'payment.submit': return page.submit();
    default:
      if (event.type.startsWith('xstate.after.wechatPoll')) {
        const answer = outputOf(next);
        if (answer?.status === 'paid') await wechatPhonePay(server.paymentsUrl, lastCodeUrl!, 'pay');
        // Just past the code's expiry (not further: the customer's login would expire too).
        else if (answer?.failure === 'WECHAT_CLOSED') server.clock.advance(Date.parse(lastCodeExpiresAt!) - server.clock.now().getTime() + 1_000);
        else if (answer?.status === 'failed') await wechatPhonePay(server.paymentsUrl, lastCodeUrl!, 'fail');
        return clock.increment(WECHAT_POLL_MS);
      }
      return undefined; // a call's answer: the gateway gives it; the next check waits for it
  }
}

const settled = (s: AnyMachineSnapshot) => !s.hasTag('busy') && !s._nodes.some((n: { key: string; invoke: unknown[] }) => n.invoke.length > 0 && n.key !== 'newCard');

async function runOnScreen(path: PathCase, record: Recorder) {
  clock = new SimulatedClock();
  const draft = needsExpensiveOrder(path)
    ? { ...VALID_DRAFT, planId: 5, months: 12 as const }
    : { ...VALID_DRAFT, planId: 1, months: 1 as const, couponCode: '' };
  const { order, orderToken } = await createOrder(draft);
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
  render(<PaymentHarness input={input} simulated={clock} />);

  for (let i = 0; i < path.events.length; i++) {
    await perform(page, path.events[i]!, path.events[i + 1]);
    const after = path.snapshots[i + 1]!;
    if (settled(after)) await waitFor(() => expect(page.state()).toEqual(after.value), { timeout: STEP_TIMEOUT });
  }
  await waitFor(() => expect([...pathRecorder.transitions]).toContain(path.transition.id), { timeout: STEP_TIMEOUT });
}

describe('payment screen paths', () => {
  it('the panel can reach the balance, saved card and WeChat Pay parts of the chart', () => {
    expect(paths.length).toBeGreaterThan(15);
  });

  const byState = new Map<string, PathCase[]>();
  for (const p of paths) {
    const key = p.transition.source.path.join('.') || 'payment';
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
