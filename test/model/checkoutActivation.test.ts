/**
 * The checkout chart in activation mode (issue 4): every path of the chart at pure depth with the card of step 1, and
 * the rules the card imposes on what the chart asks the gateway.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { RESUME_VERSION, checkoutMachine, type CreatedOrder, type LoadedOrder, type OrderSubmission } from '../../machines/checkout.machine';
import type { PaymentInput, PaymentMachine, PaymentOutput } from '../../machines/payment.machine';
import { urlFor } from '../../screens/checkout/checkoutUrls';
import { fitToCard, emptyDraft, formProblems, toOrderBody, toQuoteRequest } from '../../machines/checkoutForm';
import type { QuoteRequest } from '../../src/contract/orders';
import { checkoutActivationModel, ACTIVATION_INPUT, DEALER_CARD } from '../../machines/models/checkoutActivation';
import { CATALOG, QUOTE, VALID_DRAFT, order } from '../../machines/models/checkoutFixtures';
import { describeChartPaths } from './toolkit/describeChart';

describe('checkout chart paths in activation mode', () => describeChartPaths(checkoutActivationModel));

describe('a plan for the card being activated', () => {
  it('fits any draft to the card: its token, one SIM of its type, standard (no) shipping', () => {
    const d = fitToCard({ ...VALID_DRAFT, simType: 'esim', simCount: '4', shippingMethod: 'express' }, DEALER_CARD, CATALOG);
    expect(d).toMatchObject({ activationToken: DEALER_CARD.activationToken, simType: 'physical', simCount: '1', shippingMethod: 'standard', planId: 3 });
    expect(fitToCard(VALID_DRAFT, null, CATALOG)).toBe(VALID_DRAFT);
  });

  it('asks no address of the physical card: the order body and the quote carry the token and ship nothing', () => {
    const d = fitToCard({ ...VALID_DRAFT, shipping: { ...VALID_DRAFT.shipping, address1: '1 Main St' } }, DEALER_CARD, CATALOG);
    expect(formProblems(d)).toEqual({});
    const body = toOrderBody(d);
    expect(body).toMatchObject({ activationToken: DEALER_CARD.activationToken, simType: 'physical', simCount: 1, shippingMethod: 'standard', billingSameAsShipping: false });
    expect(body.shipping).toMatchObject({ address1: null, city: null, state: null, zip: null });
    expect(toQuoteRequest(d)).toMatchObject({ activationToken: DEALER_CARD.activationToken, shippingCountry: null, taxAddress: { state: 'CA', zip: '91801' } });
    // Without the token a physical SIM is posted again: its address is asked.
    expect(Object.keys(formProblems({ ...d, activationToken: null }))).toContain('shipping.city');
  });

  it('gives the global card a data pack, never a US plan', () => {
    const global = { ...DEALER_CARD, kind: 'global' as const, simType: 'esim' as const };
    expect(fitToCard({ ...emptyDraft(), planId: 3, months: 3 }, global, CATALOG)).toMatchObject({ planId: null, globalPackId: 13, months: 1, simType: 'esim' });
    expect(fitToCard({ ...emptyDraft(), globalPackId: 13 }, DEALER_CARD, CATALOG)).toMatchObject({ planId: 3, globalPackId: null });
  });

  it('keeps the card whatever the form sends, and the gateway gets the token in the quote and the order', async () => {
    const quotes: QuoteRequest[] = [];
    const submissions: OrderSubmission[] = [];
    const actor = createActor(checkoutMachine.provide({
      actors: {
        loadCatalog: fromPromise(async () => CATALOG),
        quote: fromPromise(async ({ input }: { input: QuoteRequest }) => { quotes.push(input); return QUOTE; }),
        createOrder: fromPromise(async ({ input }: { input: OrderSubmission }): Promise<CreatedOrder> => { submissions.push(input); return { order: order({ status: 'paid', fulfilment: 'plan_ready', activationIccid: DEALER_CARD.iccid }), orderToken: 't' }; }),
        loadOrder: fromPromise(async ({ input: _input }: { input: { orderNo: string } }): Promise<LoadedOrder> => ({ order: order({ status: 'paid', fulfilment: 'plan_ready', activationIccid: DEALER_CARD.iccid }), orderToken: 't' })),
      },
      delays: { quoteDebounce: 0 },
    }), { input: ACTIVATION_INPUT }).start();
    actor.send({ type: 'checkout.open', entry: { kind: 'form', link: { plan: '5gb-plan', months: 3 } }, resume: { version: 2, link: null, draft: { ...VALID_DRAFT, activationToken: 'another-card' }, orderNo: null, purchaseId: 'p' }, openPurchase: null });
    await waitFor(actor, (s) => s.matches({ form: { quote: 'quoted' } }));
    actor.send({ type: 'field.change', field: 'simType', value: 'esim' });
    actor.send({ type: 'field.change', field: 'simCount', value: '3' });
    expect(actor.getSnapshot().context.draft).toMatchObject({ simType: 'physical', simCount: '1', activationToken: DEALER_CARD.activationToken });
    actor.send({ type: 'order.submit' });
    await waitFor(actor, (s) => s.matches({ paid: 'fulfilled' }));
    expect(quotes.every((q) => q.activationToken === DEALER_CARD.activationToken && q.shippingCountry === null)).toBe(true);
    expect(submissions[0]!.form).toMatchObject({ activationToken: DEALER_CARD.activationToken, simCount: 1, simType: 'physical', planId: 3, months: 3 });
    actor.stop();
  });
});

describe('paymentFailed in activation mode (spec section 8 "payment failed ... buttons repay or view more")', () => {
  const LINK = { plan: '5gb-plan', months: 3 };
  const unpaid = order({ simType: 'physical', activationIccid: DEALER_CARD.iccid });
  /** The chart with the gateway faked: one order; the payment child answers the outcomes given, one per attempt. */
  function run(outcomes: PaymentOutput[], loadOrder: () => LoadedOrder = () => ({ order: unpaid, orderToken: 'order-token' })) {
    const submissions: OrderSubmission[] = [];
    const payments: PaymentInput[] = [];
    const actor = createActor(checkoutMachine.provide({
      actors: {
        loadCatalog: fromPromise(async () => CATALOG),
        quote: fromPromise(async () => QUOTE),
        createOrder: fromPromise(async ({ input }: { input: OrderSubmission }): Promise<CreatedOrder> => { submissions.push(input); return { order: unpaid, orderToken: 'order-token' }; }),
        loadOrder: fromPromise(async ({ input: _input }: { input: { orderNo: string } }): Promise<LoadedOrder> => loadOrder()),
        // The payment child answers only its outcome here (the payment chart's own paths are test/model/payment.test.ts).
        payment: fromPromise(async ({ input }: { input: PaymentInput }): Promise<PaymentOutput> => { payments.push(input); return outcomes[payments.length - 1]!; }) as unknown as PaymentMachine,
      },
      delays: { quoteDebounce: 0 },
    }), { input: ACTIVATION_INPUT }).start();
    return { actor, submissions, payments };
  }
  const declined: PaymentOutput = { outcome: 'failed', failure: 'GENERIC_DECLINE', result: null };
  const paidOutcome: PaymentOutput = { outcome: 'paid', failure: null, result: null };

  it('a declined card keeps the card and its order, stays on /activation/bundleForm; repay pays the same order, then the result continues the activation', async () => {
    const { actor, submissions, payments } = run([declined, paidOutcome], () => ({ order: { ...unpaid, status: 'paid', fulfilment: 'plan_ready' }, orderToken: 'order-token' }));
    actor.send({ type: 'checkout.open', entry: { kind: 'form', link: LINK }, resume: { version: RESUME_VERSION, link: LINK, draft: VALID_DRAFT, orderNo: null, purchaseId: 'p' }, openPurchase: null });
    await waitFor(actor, (s) => s.matches({ form: { submission: 'editing' } }));
    actor.send({ type: 'order.submit' });
    await waitFor(actor, (s) => s.matches('paymentFailed'));

    const failed = actor.getSnapshot();
    expect(failed.context).toMatchObject({ failure: 'GENERIC_DECLINE', activation: DEALER_CARD, order: { orderNo: unpaid.orderNo, activationIccid: DEALER_CARD.iccid } });
    expect(failed.context.draft.activationToken).toBe(DEALER_CARD.activationToken);
    // Activation has no error page of its own: the failure is told on the card's form, never on /plans/bundleResultError.
    expect(urlFor(failed)).toBe('/activation/bundleForm');

    actor.send({ type: 'payment.repay' });
    await waitFor(actor, (s) => s.matches('paid'));
    expect(submissions).toHaveLength(1);
    expect(payments.map((p) => p.reference)).toEqual([unpaid.orderNo, unpaid.orderNo]);
    expect(actor.getSnapshot().context.activation).toEqual(DEALER_CARD);
    expect(urlFor(actor.getSnapshot())).toBe(`/activation/bundleResult/${unpaid.orderNo}`);
    actor.stop();
  });

  it('a reload after the refusal reads the order and shows the failure again for the same card, with repay', async () => {
    const { actor, submissions } = run([paidOutcome], () => ({ order: { ...unpaid, status: 'payment_failed', failureCode: 'CVV_FAILURE' }, orderToken: 'order-token' }));
    actor.send({ type: 'checkout.open', entry: { kind: 'form', link: LINK }, resume: { version: RESUME_VERSION, link: LINK, draft: VALID_DRAFT, orderNo: unpaid.orderNo, purchaseId: 'p' }, openPurchase: null });
    await waitFor(actor, (s) => s.matches('paymentFailed'));
    expect(actor.getSnapshot().context).toMatchObject({ failure: 'CVV_FAILURE', activation: DEALER_CARD });
    expect(actor.getSnapshot().can({ type: 'payment.repay' })).toBe(true);
    expect(submissions).toHaveLength(0);
    actor.stop();
  });
});
