// @vitest-environment jsdom
/**
 * Rules of the checkout and payment flows that a single path does not show: one submission key per body, the
 * resume point, where a URL opens the chart and which URL each step shows, every broken rule at once, the gateway's
 * answers placed next to their field, one idempotency key per payment attempt.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import {
  checkoutMachine, FULFILMENT_MAX_CHECKS, fulfilmentPollDelay, opening, RESUME_VERSION, type CheckoutContext, type OrderSubmission, type ResumePoint,
} from '../../machines/checkout.machine';
import type { OrderData } from '../../src/contract/orders';
import type { PaymentResult } from '../../src/contract/payments';
import { emptyDraft, formProblems, taxSource, toQuoteRequest, type ProductLink } from '../../machines/checkoutForm';
import { paymentMachine, preferredMethod } from '../../machines/payment.machine';
import { openPurchase, orderTokenFor, rememberOrderToken, submissionKeyFor, SUBMISSION_KEY_TTL_MS, ORDER_TOKEN_TTL_MS } from '../../src/app/flows/orderKeys';
import { purchaseSharer, resumePointOf } from '../../src/app/flows/checkoutResume';
import { entryFromUrl, searchOfLink, urlFor } from '../../screens/checkout/checkoutUrls';
import { connect } from '../../screens/checkout/checkout.connect';
import { toOrderBody } from '../../machines/checkoutForm';
import { CATALOG, QUOTE, VALID_DRAFT, order } from '../../machines/models/checkoutFixtures';
import { PAYMENT_INPUT, PAYMENT_RESULTS } from '../../machines/models/payment';

afterEach(() => { localStorage.clear(); sessionStorage.clear(); });

const settle = () => new Promise((r) => setTimeout(r, 0));

const BUYER = { purchaseId: 'purchase-1', buyer: 'anonymous' };

describe('submission keys (a double click, a retry or a second tab never makes a second order)', () => {
  it('the same body of the same purchase gets the same key, in any field order; a changed body gets a new one', () => {
    const body = toOrderBody(VALID_DRAFT);
    const key = submissionKeyFor(body, BUYER);
    expect(submissionKeyFor(JSON.parse(JSON.stringify(body)), BUYER)).toBe(key);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect(submissionKeyFor(reordered, BUYER)).toBe(key);
    expect(submissionKeyFor({ ...body, simCount: 2 }, BUYER)).not.toBe(key);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a day later the same body is a new order', () => {
    const body = toOrderBody(VALID_DRAFT);
    const now = Date.now();
    const key = submissionKeyFor(body, BUYER, now);
    expect(submissionKeyFor(body, BUYER, now + SUBMISSION_KEY_TTL_MS + 1)).not.toBe(key);
  });

  it('another purchase ("buy again" after paying) gets a new key for the same body', () => {
    const body = toOrderBody(VALID_DRAFT);
    expect(submissionKeyFor(body, { ...BUYER, purchaseId: 'purchase-2' })).not.toBe(submissionKeyFor(body, BUYER));
  });

  it('logging in or out between two submits is another buyer: another key (the gateway hashes the customer too)', () => {
    const body = toOrderBody(VALID_DRAFT);
    const anonymous = submissionKeyFor(body, BUYER);
    const customer = submissionKeyFor(body, { ...BUYER, buyer: 'customer:1' });
    expect(customer).not.toBe(anonymous);
    expect(submissionKeyFor(body, { ...BUYER, buyer: 'customer:2' })).not.toBe(customer);
    expect(submissionKeyFor(body, { ...BUYER, buyer: 'customer:1' })).toBe(customer);
  });

  it('the purchase a tab has open is shared with the other tabs for a day; a resumed one is not shared again', () => {
    const now = Date.now();
    expect(openPurchase(now)).toBeNull();
    const share = purchaseSharer('resumed');
    share('resumed');
    expect(openPurchase(now)).toBeNull();
    share('next');
    expect(openPurchase()).toBe('next');
    expect(openPurchase(Date.now() + SUBMISSION_KEY_TTL_MS + 1)).toBeNull();
  });

  it('order tokens are kept per order number in localStorage, and forgotten after they expire', () => {
    const now = Date.now();
    rememberOrderToken('LB1', 'token-1', now);
    expect(orderTokenFor('LB1', now)).toBe('token-1');
    expect(JSON.parse(localStorage.getItem('orders/tokens')!).content.LB1.token).toBe('token-1');
    expect(orderTokenFor('LB1', now + ORDER_TOKEN_TTL_MS + 1)).toBeNull();
    expect(orderTokenFor('LB2', now)).toBeNull();
  });
});

const context = (over: Partial<CheckoutContext> = {}): CheckoutContext => ({
  startedFrom: 'plans', activation: null, loggedIn: false, referralCode: null, link: null, entryKind: 'form', lookupOrderNo: null, reasonFromLink: null,
  linkCodes: { couponCode: null, promotionPlatform: null, activityCode: null }, studentProblem: null, eduCodeSentTo: null, eduCodeSendingTo: null, resendSecondsLeft: 0, resendWaitSeconds: 0,
  draft: emptyDraft(), catalog: null, quote: null, quoteHasTax: false, quoteProblem: null, fieldErrors: {}, problem: null, focusRequest: 0,
  order: null, orderToken: null, failure: null, notice: null, purchaseId: 'purchase-1', fulfilmentChecks: 0, ...over,
});
const LINK = { plan: '5gb-plan', months: 3, simType: 'esim', count: 1 };

describe('opening at a URL', () => {
  const open = (link: ProductLink | null, resume: ResumePoint | null, openPurchaseId: string | null = null) =>
    opening(context(), { type: 'checkout.open', entry: { kind: 'form', link }, resume, openPurchase: openPurchaseId });
  const resume = { version: RESUME_VERSION, link: LINK, draft: VALID_DRAFT, orderNo: 'LB9', purchaseId: 'purchase-1' } as const;

  it('a reload of the form resumes the order being paid and its purchase; a link to another product starts over but keeps the buyer', () => {
    expect(open(LINK, resume)).toMatchObject({ lookupOrderNo: 'LB9', draft: VALID_DRAFT, purchaseId: 'purchase-1' });
    expect(open(null, resume)).toMatchObject({ lookupOrderNo: 'LB9', link: LINK });
    const other = open({ plan: '2gb-plan' }, resume);
    expect(other.lookupOrderNo).toBeNull();
    expect(other.draft?.shipping.email).toBe(VALID_DRAFT.shipping.email);
    expect(other.link).toEqual({ plan: '2gb-plan' });
    expect(open(LINK, { ...resume, version: 1 as never }).draft).toEqual(emptyDraft());
  });

  it('the resumed order is reused only when every value the link names matches it (months, SIM type, count too)', () => {
    expect(open({ plan: '5gb-plan', months: 3 }, resume).lookupOrderNo).toBe('LB9');
    for (const link of [{ plan: '5gb-plan', months: 6 }, { plan: '5gb-plan', simType: 'physical' }, { plan: '5gb-plan', count: 2 }, { months: 12 }]) {
      const opened = open(link, resume);
      expect(opened.lookupOrderNo, JSON.stringify(link)).toBeNull();
      expect(opened.link).toEqual(link);
      expect(opened.draft?.shipping.email).toBe(VALID_DRAFT.shipping.email);
    }
  });

  it('a new tab joins the purchase another tab has open; without one, a new purchase starts', () => {
    expect(open(LINK, null, 'purchase-7').purchaseId).toBe('purchase-7');
    const fresh = open(LINK, null).purchaseId;
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect(open(LINK, null).purchaseId).not.toBe(fresh);
  });

  it('a result link reads its order; the stored recommend code prefills the referral code', () => {
    expect(opening(context(), { type: 'checkout.open', entry: { kind: 'resultError', orderNo: 'LB3', reason: 'CVV_FAILURE' }, resume: null, openPurchase: null }))
      .toMatchObject({ lookupOrderNo: 'LB3', reasonFromLink: 'CVV_FAILURE', entryKind: 'resultError' });
    expect(opening(context({ referralCode: 'DEMO' }), { type: 'checkout.open', entry: { kind: 'form', link: null }, resume: null, openPurchase: null }).draft?.referralCode).toBe('DEMO');
  });

  it('URLs of spec section 2 and TEAM.md open the chart where they say', () => {
    expect(entryFromUrl('/plans/bundleForm', '?plan=5gb-plan&months=3&simType=esim&count=2')).toEqual({ kind: 'form', link: { plan: '5gb-plan', pack: null, months: 3, simType: 'esim', count: 2, student: null } });
    // A plan page's student link (decision 0045) opens the form with "I am a student" on; it is kept in the URL.
    expect(entryFromUrl('/plans/bundleForm', '?plan=5gb-plan&student=1')).toMatchObject({ kind: 'form', link: { plan: '5gb-plan', student: true } });
    expect(searchOfLink({ plan: '5gb-plan', months: 1, student: true })).toBe('?plan=5gb-plan&months=1&student=1');
    expect(entryFromUrl('/plans/bundleForm', '?pack=13&simType=physical')).toMatchObject({ kind: 'form', link: { pack: 13, simType: 'physical' } });
    expect(entryFromUrl('/plans/bundleForm', '?plan=<script>')).toEqual({ kind: 'form', link: null });
    expect(entryFromUrl('/plans/bundleResult/LB12', '')).toEqual({ kind: 'result', orderNo: 'LB12' });
    expect(entryFromUrl('/plans/bundleResultError', '?orderNo=LB12&reason=GENERIC_DECLINE')).toEqual({ kind: 'resultError', orderNo: 'LB12', reason: 'GENERIC_DECLINE' });
    expect(entryFromUrl('/plans/bundleResultError', '')).toEqual({ kind: 'form', link: null });
  });
});

describe('the URL follows the chart', () => {
  const snap = (value: string, over: Partial<CheckoutContext> = {}) => ({ context: context(over), matches: (v: never) => v === value });
  it('form and payment at bundleForm, then the result pages; unknown while the order is read', () => {
    expect(urlFor(snap('form', { link: LINK }))).toBe('/plans/bundleForm?plan=5gb-plan&months=3&simType=esim&count=1');
    expect(urlFor(snap('paying'))).toBe('/plans/bundleForm');
    expect(urlFor(snap('paid', { order: order({ orderNo: 'LB5' }) }))).toBe('/plans/bundleResult/LB5');
    expect(urlFor(snap('paymentFailed', { order: order({ orderNo: 'LB5' }), failure: 'CVV_FAILURE' }))).toBe('/plans/bundleResultError?orderNo=LB5&reason=CVV_FAILURE');
    expect(urlFor(snap('checkingOrder'))).toBeNull();
    expect(urlFor(snap('paid', { startedFrom: 'activation', order: order({ orderNo: 'LB5' }) }))).toBe('/activation/bundleResult/LB5');
  });
});

describe('resume point (only stable states, never while a payment call runs)', () => {
  const snap = (value: unknown, over: Partial<CheckoutContext> = {}, opts: { busy?: boolean } = {}) => ({
    context: context({ link: LINK, draft: VALID_DRAFT, order: order({ orderNo: 'LB7' }), ...over }),
    matches: (v: never) => JSON.stringify(v) === JSON.stringify(value) || (typeof value === 'object' && value !== null && v === Object.keys(value)[0]),
    hasTag: () => Boolean(opts.busy),
  });
  it('keeps the order being paid and its purchase, skips while a call runs or the payment is unsettled, clears after 120087', () => {
    expect(resumePointOf(snap({ paying: 'open' }))).toMatchObject({ version: RESUME_VERSION, orderNo: 'LB7', link: LINK, purchaseId: 'purchase-1' });
    expect(resumePointOf(snap({ paying: 'locked' }))).toBe('skip');
    expect(resumePointOf(snap('form', {}, { busy: true }))).toBe('skip');
    expect(resumePointOf(snap('paymentExpired'))).toBe('clear');
    const paid = resumePointOf(snap('paid', { purchaseId: 'purchase-2' }));
    expect(paid).toMatchObject({ orderNo: null, purchaseId: 'purchase-2' });
    expect(paid !== 'skip' && paid !== 'clear' && paid.draft.termsAccepted).toBe(false);
  });
});

describe('the form\'s rules (the contract\'s checkoutFormSchema)', () => {
  it('names every broken rule at once, the posted SIM\'s address included', () => {
    const errors = formProblems({ ...emptyDraft(), planId: 3, simType: 'physical', shipping: { ...emptyDraft().shipping, state: 'NY', zip: '91801' } });
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['shipping.firstNameEn', 'termsAccepted', 'channel', 'shipping.address1', 'shipping.city', 'shipping.zip']));
    expect(errors['shipping.zip']).toEqual(['validation:zip.state']);
    expect(formProblems(VALID_DRAFT)).toEqual({});
  });

  it('tax is asked for the billing address in the US, else the US shipping address, else not yet', () => {
    expect(taxSource(VALID_DRAFT)).toBe('billing');
    expect(toQuoteRequest(VALID_DRAFT).taxAddress).toEqual({ country: 'US', state: 'CA', zip: '91801' });
    const physical = { ...VALID_DRAFT, simType: 'physical' as const, billingSameAsShipping: true, shipping: { ...VALID_DRAFT.shipping, address1: '1 A St', city: 'Reno', state: 'NV', zip: '89501' } };
    expect(taxSource(physical)).toBe('shipping');
    expect(taxSource({ ...VALID_DRAFT, billing: { ...VALID_DRAFT.billing, country: 'CN', state: 'Guangdong', zip: '510000' } })).toBeNull();
  });
});

describe('the gateway\'s answers land next to their field or the summary', () => {
  const view = (problem: CheckoutContext['problem'], quoteProblem: CheckoutContext['quoteProblem'] = null) => connect({
    value: { form: { autoRenewal: 'off', quote: quoteProblem ? 'failed' : 'quoted', submission: 'editing' } },
    context: context({ draft: VALID_DRAFT, catalog: CATALOG, quote: QUOTE, problem, quoteProblem }),
    matches: (v: never) => (typeof v === 'string' ? v === 'form' : JSON.stringify(v).includes(quoteProblem ? '"failed"' : '"quoted"') || JSON.stringify(v).includes('"editing"') || JSON.stringify(v).includes('"off"')),
    hasTag: () => false,
    children: {},
  }, () => undefined);

  it('a code refused by the gateway is shown next to the code; a tax ZIP next to the address it came from', () => {
    const coupon = view({ code: 'couponInvalid', message: 'x', status: 422, field: 'couponCode' });
    expect(coupon.fieldError('couponCode')).toEqual([{ key: 'errors:code.couponInvalid' }]);
    expect(coupon.formError).toBeNull();
    const tax = view(null, { code: '120077', message: '', status: 422, field: 'taxAddress.zip' });
    expect(tax.fieldError('billing.zip')).toEqual([{ key: 'errors:code.120077' }]);
    expect(tax.summary.problem).toBeNull();
  });

  it('an answer about no field, or a field the form does not show, goes to the form or the summary', () => {
    expect(view({ code: 'resubmit', message: '', status: 409, field: null }).formError).toEqual({ key: 'errors:code.resubmit' });
    const hidden = view({ code: 'validation', message: 'Shipping method: Express shipping is for US addresses only.', status: 400, field: 'shippingMethod' });
    expect(hidden.formError).toEqual({ text: 'Shipping method: Express shipping is for US addresses only.' });
  });
});

describe('one idempotency key per payment attempt', () => {
  it('a retry after a lost answer reuses the key; a new attempt gets a new one', async () => {
    const keys: string[] = [];
    let calls = 0;
    const machine = paymentMachine.provide({
      actors: {
        loadBalance: fromPromise(async () => ({ generalCents: 100_000 })),
        payOrder: fromPromise(async ({ input }: { input: { idempotencyKey: string } }) => {
          keys.push(input.idempotencyKey);
          calls += 1;
          if (calls === 1) throw Object.assign(new Error('network'), { code: 'http', status: 502 });
          if (calls === 2) throw Object.assign(new Error('short'), { code: '120081', status: 422 });
          return PAYMENT_RESULTS.paid;
        }) as never,
      },
    });
    const actor = createActor(machine, { input: { ...PAYMENT_INPUT, methods: ['account'] } }).start();
    await settle();
    actor.send({ type: 'payment.submit' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ account: 'interrupted' });
    actor.send({ type: 'payment.retry' });
    await settle();
    expect(keys[1]).toBe(keys[0]);
    expect(actor.getSnapshot().value).toEqual({ account: { idle: 'ready' } });
    expect(actor.getSnapshot().context.problem?.code).toBe('120081');
    actor.send({ type: 'payment.submit' });
    await settle();
    expect(keys[2]).not.toBe(keys[1]);
    expect(actor.getSnapshot().output).toMatchObject({ outcome: 'paid' });
  });

  it('the saved card comes first for a customer who has one, then a new card', () => {
    expect(preferredMethod(['account', 'bank_card', 'wechat_pay', 'default_card'])).toBe('default_card');
    expect(preferredMethod(['bank_card', 'wechat_pay'])).toBe('bank_card');
    expect(preferredMethod(['wechat_pay'])).toBe('wechat_pay');
  });
});

describe('checkout with instant fakes', () => {
  interface Fakes {
    createOrder?: (input: OrderSubmission) => Promise<{ order: OrderData; orderToken: string }>;
    loadOrder?: () => Promise<{ order: OrderData; orderToken: string | null }>;
    payOrder?: () => Promise<PaymentResult>;
    payStatus?: () => Promise<PaymentResult | null>;
    clock?: SimulatedClock;
  }
  const start = (fakes: Fakes = {}) => {
    const submissions: OrderSubmission[] = [];
    const machine = checkoutMachine.provide({
      actors: {
        loadCatalog: fromPromise(async () => CATALOG),
        quote: fromPromise(async () => QUOTE),
        createOrder: fromPromise(async ({ input }: { input: OrderSubmission }) => { submissions.push(input); return fakes.createOrder ? fakes.createOrder(input) : { order: order(), orderToken: 't' }; }),
        loadOrder: fromPromise(async () => (fakes.loadOrder ? fakes.loadOrder() : { order: order(), orderToken: 't' as string | null })) as never,
        payment: paymentMachine.provide({
          actors: {
            cardForm: fromCallback(() => undefined),
            payOrder: fromPromise(async () => (fakes.payOrder ? fakes.payOrder() : PAYMENT_RESULTS.paid)) as never,
            payStatus: fromPromise(async () => (fakes.payStatus ? fakes.payStatus() : null)) as never,
          },
        }),
      },
    });
    const actor = createActor(machine, { input: { startedFrom: 'plans', loggedIn: false, referralCode: null }, ...(fakes.clock ? { clock: fakes.clock } : {}) }).start();
    return { actor, submissions, payment: () => actor.getSnapshot().children.payment as unknown as { send(e: unknown): void; getSnapshot(): { value: unknown } } };
  };
  const openForm = (actor: ReturnType<typeof start>['actor']) =>
    actor.send({ type: 'checkout.open', entry: { kind: 'form', link: LINK }, resume: { version: RESUME_VERSION, link: LINK, draft: VALID_DRAFT, orderNo: null, purchaseId: null }, openPurchase: null });
  const wechatOnly = () => order({ payMethods: ['wechat_pay'] });

  it('a second submit while the order is being made does nothing; one order is paid', async () => {
    const { actor, submissions } = start();
    openForm(actor);
    await settle();
    actor.send({ type: 'order.submit' });
    actor.send({ type: 'order.submit' });
    await settle();
    expect(submissions).toHaveLength(1);
    expect(actor.getSnapshot().matches('paying')).toBe(true);
    actor.stop();
  });

  it('"buy again" after a paid order is a new purchase: the same details are submitted under a new purchase', async () => {
    const { actor, submissions, payment } = start({ createOrder: async () => ({ order: wechatOnly(), orderToken: 't' }), payOrder: async () => PAYMENT_RESULTS.paid });
    openForm(actor);
    await settle();
    actor.send({ type: 'order.submit' });
    await settle();
    payment().send({ type: 'payment.submit' });
    await settle();
    expect(actor.getSnapshot().matches('paid')).toBe(true);
    actor.send({ type: 'order.new' });
    for (const field of ['termsAccepted', 'confirmPersonalUse', 'confirmUsOnly'] as const) actor.send({ type: 'field.change', field, value: true });
    actor.send({ type: 'order.submit' });
    await settle();
    expect(submissions).toHaveLength(2);
    expect(submissions[1]!.form).toEqual(submissions[0]!.form);
    expect(submissions[1]!.purchaseId).not.toBe(submissions[0]!.purchaseId);
    actor.stop();
  });

  it('nothing typed reaches the form while its order is being created: the created order is the form shown', async () => {
    let finish: (v: { order: OrderData; orderToken: string }) => void = () => undefined;
    const { actor } = start({ createOrder: () => new Promise((r) => { finish = r; }) });
    openForm(actor);
    await settle();
    actor.send({ type: 'order.submit' });
    expect(actor.getSnapshot().matches({ form: { submission: 'creatingOrder' } } as never)).toBe(true);
    actor.send({ type: 'field.change', field: 'simCount', value: '3' });
    actor.send({ type: 'autoRenew.turnOff' });
    actor.send({ type: 'codes.apply' });
    expect(actor.getSnapshot().context.draft).toEqual(VALID_DRAFT);
    expect(actor.getSnapshot().matches({ form: { autoRenewal: 'on' } } as never)).toBe(true);
    finish({ order: order(), orderToken: 't' });
    await settle();
    expect(actor.getSnapshot().matches('paying')).toBe(true);
    actor.stop();
  });

  it('the order cannot be edited while its payment is unsettled (an answer lost, a QR code open); it can once nothing is running', async () => {
    let calls = 0;
    const { actor, payment } = start({
      createOrder: async () => ({ order: wechatOnly(), orderToken: 't' }),
      payOrder: async () => { calls += 1; if (calls === 1) throw Object.assign(new Error('lost'), { code: 'http', status: 502 }); return PAYMENT_RESULTS.wechatPending; },
    });
    openForm(actor);
    await settle();
    actor.send({ type: 'order.submit' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ paying: 'open' });
    payment().send({ type: 'payment.submit' });
    await settle();
    expect(payment().getSnapshot().value).toEqual({ wechat: 'interrupted' });
    expect(actor.getSnapshot().value).toEqual({ paying: 'locked' });
    actor.send({ type: 'order.edit' });
    expect(actor.getSnapshot().value).toEqual({ paying: 'locked' });
    payment().send({ type: 'payment.retry' });
    await settle();
    expect(payment().getSnapshot().value).toEqual({ wechat: { idle: 'awaitingScan' } });
    actor.send({ type: 'order.edit' });
    expect(actor.getSnapshot().value).toEqual({ paying: 'locked' });
    actor.stop();
  });

  it('the result page stops asking for fulfilment after its last check and says the email follows', async () => {
    const clock = new SimulatedClock();
    let reads = 0;
    const { actor } = start({ clock, loadOrder: async () => { reads += 1; return { order: order({ status: 'paid', fulfilment: 'pending' }), orderToken: 't' }; } });
    actor.send({ type: 'checkout.open', entry: { kind: 'result', orderNo: 'LB202611220001' }, resume: null, openPurchase: null });
    await settle();
    await settle();
    for (let n = 0; n < FULFILMENT_MAX_CHECKS; n++) {
      expect(actor.getSnapshot().value).toEqual({ paid: 'waitingFulfilment' });
      clock.increment(fulfilmentPollDelay(n));
      await settle();
    }
    clock.increment(fulfilmentPollDelay(FULFILMENT_MAX_CHECKS));
    await settle();
    expect(actor.getSnapshot().value).toEqual({ paid: 'emailFollows' });
    const readsAtCap = reads;
    clock.increment(10 * 60_000);
    await settle();
    expect(reads).toBe(readsAtCap);
    expect(fulfilmentPollDelay(0)).toBe(3_000);
    expect(fulfilmentPollDelay(9)).toBe(60_000);
    actor.stop();
  });

  it('a payment-failed link opened while a card payment of the order still runs shows the payment step waiting for it, not "failed"', async () => {
    const { actor, payment } = start({ loadOrder: async () => ({ order: order({ status: 'paying' }), orderToken: 't' }), payStatus: async () => PAYMENT_RESULTS.pending });
    actor.send({ type: 'checkout.open', entry: { kind: 'resultError', orderNo: 'LB202611220001', reason: 'GENERIC_DECLINE' }, resume: null, openPurchase: null });
    await settle();
    await settle();
    expect(actor.getSnapshot().matches('paying')).toBe(true);
    expect(payment().getSnapshot().value).toEqual({ confirming: 'waiting' });
    actor.stop();
  });
});
