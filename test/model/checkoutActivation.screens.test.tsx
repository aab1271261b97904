// @vitest-environment jsdom
/**
 * The checkout chart in activation mode (issue 4, "current ICCID has no plan") through the real checkout layout and
 * screens (Testing Library) against an in-process gateway (test/support/server.ts) that seeds the dealer card without
 * plan (8901260010000000070 / 777777). Step 1 is asked of the gateway as the activation flow asks it; the card and
 * its token are kept in the tab as /activation/propagate keeps them ('activation/card').
 *
 * What activation changes in the screens is covered here: the card shown by its ICCID instead of the SIM type and
 * count, no shipping section or fee, one SIM of the card's type in the order, the refusal of a payment shown on the
 * card's own form (spec section 8: repay, view more) and paid again, the result that continues the activation; a
 * reload while the refusal shows; no card in the tab. Payments go through WeChat Pay (jsdom cannot run the
 * provider's card iframe; test/e2e/activationPlan.spec.ts pays by card in Chromium).
 *
 * The transitions taken are written as their own row (`checkout@screen (activation)`) of the coverage report: the
 * checkout chart's screen row (test/model/checkout.screens.test.tsx), merged with Chromium's, stays what it is.
 */
import '../support/nodeRealmEncoding';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot } from 'xstate';
import { i18n } from '../../i18n';
import { call } from '../../src/api/client';
import { checkoutFlow } from '../../src/app/flows/checkout';
import { flowObservers } from '../../src/app/flows/login';
import { setItem } from '../../src/storage';
import { endpoints } from '../../src/contract';
import type { ActivationSim } from '../../src/contract/activation';
import CheckoutLayout from '../../screens/checkout/CheckoutLayout';
import BundleFormScreen from '../../screens/checkout/BundleFormScreen';
import BundleResultScreen from '../../screens/checkout/BundleResultScreen';
import type { CheckoutContext } from '../../machines/checkout.machine';
import { wechatPhonePay } from '../support/payments';
import { withBrowserCookies } from '../support/browserCookies';
import { type TestServer } from '../support/server';
import { startScreenDepthServer } from './toolkit/screenServer';
import { coverageOf, formatTable, writeCoverage } from './toolkit/coverage';
import { newRecorder, observe, pressButton } from './toolkit/run';
import { checkoutModel } from '../../machines/models/checkout';

const STEP_TIMEOUT = 15_000;
const DEALER_CARD = { iccid: '8901260010000000070', code: '777777' };
const ICCID_AS_PRINTED = '8901 2600 1000 0000 070';
const FORM_URL = '/activation/bundleForm?plan=5gb-plan&months=3';

let server: TestServer;
let lastCodeUrl: string | null = null;
let lastSnapshot: AnyMachineSnapshot | null = null;
let card: ActivationSim | null = null;
const realFetch = globalThis.fetch;
const recorder = newRecorder();
const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);

beforeAll(async () => {
  server = await startScreenDepthServer();
  // The WeChat code_url the page turns into a QR code, as the buyer's phone would read it.
  globalThis.fetch = withBrowserCookies(async (input, init) => {
    const res = await realFetch(input, init);
    if (String(input instanceof Request ? input.url : input).includes('/pay/payOrder')) {
      const body = (await res.clone().json()) as { data?: { wechat?: { codeUrl?: string } | null } };
      if (body.data?.wechat?.codeUrl) lastCodeUrl = body.data.wechat.codeUrl;
    }
    return res;
  });
  // Step 1, as the activation flow asks it: the dealer card answers with no plan and its token.
  card = await call(endpoints.activationCheckSim, { body: { iccid: DEALER_CARD.iccid, activationCode: DEALER_CARD.code, collected: 'offline' }, silent: true });
}, 120_000);

afterEach(() => {
  cleanup();
  flowObservers.clear();
  sessionStorage.clear();
  localStorage.clear();
  lastCodeUrl = null;
  lastSnapshot = null;
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
  const coverage = coverageOf(checkoutModel.entry, recorder, 'screen (activation)', 3);
  console.log(`\n${formatTable([coverage])}`);
  writeCoverage([coverage]);
});

const routes = [
  { path: '/activation/first', element: <p>step 1</p> },
  { path: '/activation/second', element: <p>step 2</p> },
  {
    Component: CheckoutLayout,
    children: [
      { path: '/activation/bundleForm', Component: BundleFormScreen },
      { path: '/activation/bundleResult/:orderNo', Component: BundleResultScreen },
    ],
  },
];

/** Opens the checkout of activation at a URL, the card kept in the tab (or not), recording what the chart takes. */
function open(url: string, { withCard = true } = {}) {
  if (withCard && card) setItem('activation/card', { activationToken: card.activationToken, card });
  const isCheckout = (ref: unknown) => (ref as { logic?: unknown } | undefined)?.logic === checkoutFlow;
  const onInspect = observe(checkoutFlow, recorder);
  flowObservers.add((e) => {
    onInspect(e as never, isCheckout);
    if (!isCheckout(e.actorRef) || (e.type !== '@xstate.snapshot' && e.type !== '@xstate.event')) return;
    const snapshot = (e.type === '@xstate.snapshot' ? e.snapshot : e.actorRef.getSnapshot()) as AnyMachineSnapshot;
    for (const node of snapshot._nodes) if (node !== checkoutFlow.root) recorder.states.add(node.id);
    lastSnapshot = snapshot;
  });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

/** Page object of the checkout screens in activation mode: its verbs are the checkout chart's events. */
const page = {
  state: (): unknown => JSON.parse(screen.getByTestId('checkout').dataset.state ?? 'null'),
  context: () => lastSnapshot?.context as CheckoutContext,
  field: (name: string) => document.querySelector<HTMLInputElement>(`[data-field="${name}"]`),
  async expectIn(matches: (v: unknown) => boolean, what: string) {
    await waitFor(() => expect(matches(page.state()), `checkout in ${what}: ${JSON.stringify(page.state())}`).toBe(true), { timeout: STEP_TIMEOUT });
  },
  /** field.change, as typed */
  type(name: string, value: string) { fireEvent.change(page.field(name)!, { target: { value } }); },
  check(name: string) { fireEvent.click(page.field(name)!); },
  fillBuyer() {
    page.type('shipping.firstNameEn', 'Mei');
    page.type('shipping.lastNameEn', 'Lin');
    page.type('shipping.phone', '6265550123');
    page.type('shipping.email', 'mei.lin@example.com');
    page.type('billing.address1', '100 Main St');
    page.type('billing.city', 'Alhambra');
    page.type('billing.state', 'CA');
    page.type('billing.zip', '91801');
    page.type('channel', 'friend');
    for (const box of ['termsAccepted', 'confirmPersonalUse', 'confirmUsOnly']) page.check(box);
  },
  /** order.submit */
  submit() { fireEvent.click(screen.getByRole('button', { name: t('checkout:confirm.placeOrder') })); },
  /** payment.repay */
  repay() { fireEvent.click(screen.getByRole('button', { name: t('errors:other.repay') })); },
  viewMore() { fireEvent.click(screen.getByRole('button', { name: t('errors:other.viewMore') })); },
  /** The payment chart's part, by WeChat Pay: the code is shown, the sandbox phone pays or fails it, the page asks. */
  async payByWechat(outcome: 'pay' | 'fail') {
    lastCodeUrl = null;
    const panel = await screen.findByTestId('payment', {}, { timeout: STEP_TIMEOUT });
    const radio = await within(panel).findByRole('radio', { name: new RegExp(t('payment:methods.wechat_pay')) }, { timeout: STEP_TIMEOUT });
    if (!(radio as HTMLInputElement).checked) fireEvent.click(radio);
    await pressButton(t('payment:wechat.showCode'), STEP_TIMEOUT, { within: () => screen.getByTestId('payment') });
    await waitFor(() => expect(lastCodeUrl).not.toBeNull(), { timeout: STEP_TIMEOUT });
    await wechatPhonePay(server.paymentsUrl, lastCodeUrl!, outcome);
  },
};

const isForm = (v: unknown) => (v as { form?: { submission?: string } })?.form?.submission === 'editing';
const isPaying = (v: unknown) => v === 'paying' || (typeof v === 'object' && v !== null && 'paying' in v);

describe('form (activation mode): the card being activated instead of a SIM to buy', () => {
  it('shows the card by its ICCID, asks no SIM type, count or address, charges no shipping; the order is one SIM of the card for its token', async () => {
    open(FORM_URL);
    await page.expectIn(isForm, 'form.submission.editing');
    await screen.findByRole('heading', { level: 1, name: t('checkout:activationPlan.formTitle') });
    expect(screen.getByTestId('activation-iccid').textContent).toBe(ICCID_AS_PRINTED);
    expect(screen.getByTestId('activation-card').textContent).toContain(t('checkout:product.simTypes.physical'));
    for (const hidden of ['simType', 'simCount', 'shipping.address1', 'shipping.city', 'shipping.state', 'shipping.zip', 'shippingMethod', 'billingSameAsShipping']) {
      expect(page.field(hidden), hidden).toBeNull();
    }
    expect(screen.getByText(t('checkout:activationPlan.detailsNote'))).toBeTruthy();

    page.fillBuyer();
    await waitFor(() => expect(page.context().quote).not.toBeNull(), { timeout: STEP_TIMEOUT });
    expect(page.context().quote).toMatchObject({ simCount: 1, shippingCents: 0 });
    expect(screen.queryByText(t('checkout:summary.shipping'))).toBeNull();

    page.submit();
    await page.expectIn(isPaying, 'paying');
    const order = page.context().order!;
    expect(order).toMatchObject({ activationIccid: DEALER_CARD.iccid, simType: 'physical', simCount: 1, shippingFeeCents: 0 });
    // The order review names the card, not "1 physical SIM", and ships nothing.
    const review = screen.getByRole('region', { name: t('checkout:review.title') });
    expect(review.textContent).toContain(DEALER_CARD.iccid.slice(-4));
    expect(review.textContent).not.toContain(t('checkout:summary.shipping'));
  });
});

describe('paymentFailed (activation mode): spec section 8 on the card\'s own form', () => {
  it('a refused payment shows the reason, the card, repay and view more (the ICCID and email for support); repay pays the same order; the result continues the activation', async () => {
    const router = open(FORM_URL);
    await page.expectIn(isForm, 'form.submission.editing');
    page.fillBuyer();
    page.submit();
    await page.expectIn(isPaying, 'paying');
    const orderNo = page.context().order!.orderNo;

    await page.payByWechat('fail');
    await page.expectIn((v) => v === 'paymentFailed', 'paymentFailed');
    expect(router.state.location.pathname).toBe('/activation/bundleForm');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('checkout:failed.title'));
    expect(screen.getByText(t('errors:other.paymentFailed'))).toBeTruthy();
    // Support is told what this customer has: the order number, the email, and the ICCID of the card being activated.
    const contact = screen.getByTestId('failed-contact').textContent ?? '';
    for (const has of [orderNo, 'mei.lin@example.com', ICCID_AS_PRINTED]) expect(contact).toContain(has);
    expect(screen.getByTestId('failed-order').textContent).toContain(orderNo);
    expect(screen.getByTestId('activation-iccid').textContent).toBe(ICCID_AS_PRINTED);
    expect(screen.getByText(t('checkout:activationPlan.failedNote'))).toBeTruthy();
    page.viewMore();
    const more = screen.getByRole('region', { name: t('checkout:failed.moreTitle') });
    expect(more.textContent).toContain(ICCID_AS_PRINTED);
    expect(more.textContent).toContain('mei.lin@example.com');
    expect(more.textContent).toContain(orderNo);

    page.repay();
    await page.expectIn(isPaying, 'paying after repay');
    expect(page.context().order!.orderNo).toBe(orderNo);
    await page.payByWechat('pay');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/activation/bundleResult/${orderNo}`), { timeout: STEP_TIMEOUT });
    await screen.findByRole('heading', { name: t('checkout:activationPlan.resultTitle') }, { timeout: STEP_TIMEOUT });
    expect(screen.getByText(ICCID_AS_PRINTED)).toBeTruthy();
    // The purchase was for this card: no "buy again"; continuing goes back to the activation's step 2.
    expect(screen.queryByRole('button', { name: t('checkout:result.buyAgain') })).toBeNull();
    fireEvent.click(screen.getByTestId('continue-activation'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activation/second'));
  }, 60_000);
});

describe('opening (activation mode)', () => {
  it('without the card in this tab the plan purchase starts at step 1', async () => {
    const router = open(FORM_URL, { withCard: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/activation/first'));
  });
});
