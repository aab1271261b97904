// @vitest-environment jsdom
/**
 * Rules of the checkout and payment flows that a single path does not show: one submission key per body, the
 * resume point, where a URL opens the chart and which URL each step shows, every broken rule at once, the gateway's
 * answers placed next to their field, one idempotency key per payment attempt.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { checkoutMachine, opening, RESUME_VERSION, type CheckoutContext } from '../../machines/checkout.machine';
import { emptyDraft, formProblems, taxSource, toQuoteRequest } from '../../machines/checkoutForm';
import { paymentMachine, preferredMethod } from '../../machines/payment.machine';
import { forgetSubmission, orderTokenFor, rememberOrderToken, submissionKeyFor, SUBMISSION_KEY_TTL_MS, ORDER_TOKEN_TTL_MS } from '../../src/app/flows/orderKeys';
import { resumePointOf } from '../../src/app/flows/checkoutResume';
import { entryFromUrl, urlFor } from '../../screens/checkout/checkoutUrls';
import { connect } from '../../screens/checkout/checkout.connect';
import { toOrderBody } from '../../machines/checkoutForm';
import { CATALOG, QUOTE, VALID_DRAFT, order } from './models/checkoutFixtures';
import { PAYMENT_INPUT, PAYMENT_RESULTS } from './models/payment';

afterEach(() => { localStorage.clear(); sessionStorage.clear(); });

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('submission keys (a double click, a retry or a second tab never makes a second order)', () => {
  it('the same body gets the same key, in any field order; a changed body gets a new one', () => {
    const body = toOrderBody(VALID_DRAFT);
    const key = submissionKeyFor(body);
    expect(submissionKeyFor(JSON.parse(JSON.stringify(body)))).toBe(key);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect(submissionKeyFor(reordered)).toBe(key);
    expect(submissionKeyFor({ ...body, simCount: 2 })).not.toBe(key);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a day later, or after "do not resubmit, refresh to reorder", the same body is a new order', () => {
    const body = toOrderBody(VALID_DRAFT);
    const now = Date.now();
    const key = submissionKeyFor(body, now);
    expect(submissionKeyFor(body, now + SUBMISSION_KEY_TTL_MS + 1)).not.toBe(key);
    const again = submissionKeyFor(body);
    forgetSubmission(body);
    expect(submissionKeyFor(body)).not.toBe(again);
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
  startedFrom: 'plans', loggedIn: false, referralCode: null, link: null, entryKind: 'form', lookupOrderNo: null, reasonFromLink: null,
  draft: emptyDraft(), catalog: null, quote: null, quoteHasTax: false, quoteProblem: null, fieldErrors: {}, problem: null, focusRequest: 0,
  order: null, orderToken: null, failure: null, notice: null, ...over,
});
const LINK = { plan: '5gb-plan', months: 3, simType: 'esim', count: 1 };

describe('opening at a URL', () => {
  it('a reload of the form resumes the order being paid; a link to another product starts over but keeps the buyer', () => {
    const resume = { version: RESUME_VERSION, link: LINK, draft: VALID_DRAFT, orderNo: 'LB9' } as const;
    expect(opening(context(), { type: 'checkout.open', entry: { kind: 'form', link: LINK }, resume })).toMatchObject({ lookupOrderNo: 'LB9', draft: VALID_DRAFT });
    const other = opening(context(), { type: 'checkout.open', entry: { kind: 'form', link: { plan: '2gb-plan' } }, resume });
    expect(other.lookupOrderNo).toBeNull();
    expect(other.draft?.shipping.email).toBe(VALID_DRAFT.shipping.email);
    expect(other.link).toEqual({ plan: '2gb-plan' });
    expect(opening(context(), { type: 'checkout.open', entry: { kind: 'form', link: LINK }, resume: { ...resume, version: 0 as never } }).draft).toEqual(emptyDraft());
  });

  it('a result link reads its order; the stored recommend code prefills the referral code', () => {
    expect(opening(context(), { type: 'checkout.open', entry: { kind: 'resultError', orderNo: 'LB3', reason: 'CVV_FAILURE' }, resume: null }))
      .toMatchObject({ lookupOrderNo: 'LB3', reasonFromLink: 'CVV_FAILURE', entryKind: 'resultError' });
    expect(opening(context({ referralCode: 'DEMO' }), { type: 'checkout.open', entry: { kind: 'form', link: null }, resume: null }).draft?.referralCode).toBe('DEMO');
  });

  it('URLs of spec section 2 and TEAM.md open the chart where they say', () => {
    expect(entryFromUrl('/plans/bundleForm', '?plan=5gb-plan&months=3&simType=esim&count=2')).toEqual({ kind: 'form', link: { plan: '5gb-plan', pack: null, months: 3, simType: 'esim', count: 2 } });
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
  const snap = (value: string, over: Partial<CheckoutContext> = {}, opts: { busy?: boolean; paymentBusy?: boolean } = {}) => ({
    context: context({ link: LINK, draft: VALID_DRAFT, order: order({ orderNo: 'LB7' }), ...over }),
    matches: (v: never) => v === value,
    hasTag: () => Boolean(opts.busy),
    children: { payment: { getSnapshot: () => ({ hasTag: () => Boolean(opts.paymentBusy) }) } as never },
  });
  it('keeps the order being paid, skips while a call runs, clears after 120087', () => {
    expect(resumePointOf(snap('paying'))).toMatchObject({ version: RESUME_VERSION, orderNo: 'LB7', link: LINK });
    expect(resumePointOf(snap('paying', {}, { paymentBusy: true }))).toBe('skip');
    expect(resumePointOf(snap('form', {}, { busy: true }))).toBe('skip');
    expect(resumePointOf(snap('paymentExpired'))).toBe('clear');
    const paid = resumePointOf(snap('paid'));
    expect(paid).toMatchObject({ orderNo: null });
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
  it('a second submit while the order is being made does nothing; one order is paid', async () => {
    let created = 0;
    const machine = checkoutMachine.provide({
      actors: {
        loadCatalog: fromPromise(async () => CATALOG),
        quote: fromPromise(async () => QUOTE),
        createOrder: fromPromise(async () => { created += 1; return { order: order(), orderToken: 't' }; }),
        loadOrder: fromPromise(async () => ({ order: order(), orderToken: 't' as string | null })) as never,
      },
    });
    const actor = createActor(machine, { input: { startedFrom: 'plans', loggedIn: false, referralCode: null } }).start();
    actor.send({ type: 'checkout.open', entry: { kind: 'form', link: LINK }, resume: { version: RESUME_VERSION, link: LINK, draft: VALID_DRAFT, orderNo: null } });
    await settle();
    actor.send({ type: 'order.submit' });
    actor.send({ type: 'order.submit' });
    await settle();
    expect(created).toBe(1);
    expect(actor.getSnapshot().value).toBe('paying');
    actor.stop();
  });
});
