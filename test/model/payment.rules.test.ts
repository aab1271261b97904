/**
 * Rules of the payment chart that one generated path does not show on its own, run with instant fakes: "order
 * already paid" is never shown as a refusal on the payment form, the QR code's last seconds, and where the payment
 * stands before anything is chosen.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { PAYMENT_UNSETTLED, paymentMachine, WECHAT_POLL_MS, type PayOrderInput } from '../../machines/payment.machine';
import type { PaymentResult } from '../../src/contract/payments';
import { PAYMENT_INPUT, PAYMENT_RESULTS } from '../../machines/models/payment';

const settle = () => new Promise((r) => setTimeout(r, 0));
const apiError = (code: string, status = 409) => Object.assign(new Error(code), { code, status, message: '' });
const SAVED_CARD = { id: 7, brand: 'VISA', last4: '1111', expMonth: 12, expYear: 2030, holderName: 'Mei Lin', isDefault: true };

/** The chart with fakes: payStatus answers from `statuses` in turn (the last one again when they run out). */
function start(opts: { methods: PayOrderInput['method'][]; pay: (input: PayOrderInput) => Promise<PaymentResult>; statuses: (PaymentResult | null)[]; clock?: SimulatedClock }) {
  const calls = { pay: 0, status: 0 };
  const machine = paymentMachine.provide({
    actors: {
      loadCards: fromPromise(async () => ({ cards: [SAVED_CARD] })),
      loadBalance: fromPromise(async () => ({ generalCents: 100_000 })),
      cardForm: fromCallback(() => undefined),
      payOrder: fromPromise(({ input }: { input: PayOrderInput }) => { calls.pay += 1; return opts.pay(input); }),
      payStatus: fromPromise(async () => { calls.status += 1; return opts.statuses[Math.min(calls.status, opts.statuses.length) - 1] ?? null; }),
    },
  });
  const actor = createActor(machine, { input: { ...PAYMENT_INPUT, methods: opts.methods }, ...(opts.clock ? { clock: opts.clock } : {}) }).start();
  return { actor, calls };
}

describe('"order already paid" (resubmit) goes to the attempt that paid it', () => {
  it('a saved-card payment answered "resubmit" (the QR was paid on the phone meanwhile) ends paid, not as a refusal on the form', async () => {
    const clock = new SimulatedClock();
    const { actor } = start({ methods: ['default_card', 'wechat_pay'], pay: () => Promise.reject(apiError('resubmit')), statuses: [null, PAYMENT_RESULTS.paid], clock });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ savedCard: { idle: 'ready' } });
    actor.send({ type: 'payment.submit' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ confirming: 'waiting' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(actor.getSnapshot().hasTag(PAYMENT_UNSETTLED)).toBe(true);
    clock.increment(WECHAT_POLL_MS);
    await settle();
    expect(actor.getSnapshot().output).toMatchObject({ outcome: 'paid' });
  });

  it('a new QR code asked for an order already paid ends paid too', async () => {
    const clock = new SimulatedClock();
    const { actor } = start({ methods: ['wechat_pay'], pay: () => Promise.reject(apiError('resubmit')), statuses: [null, PAYMENT_RESULTS.paid], clock });
    await settle();
    actor.send({ type: 'payment.submit' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ confirming: 'waiting' });
    clock.increment(WECHAT_POLL_MS);
    await settle();
    expect(actor.getSnapshot().output).toMatchObject({ outcome: 'paid' });
  });
});

describe('the QR code\'s lifetime ends with one more status answer', () => {
  const shortCode = (): PaymentResult => ({ ...PAYMENT_RESULTS.wechatPending, wechat: { ...PAYMENT_RESULTS.wechatPending.wechat!, expiresAt: new Date(Date.now() + 500).toISOString() } });

  it('a phone payment in the code\'s last second shows paid, not "code expired"', async () => {
    const clock = new SimulatedClock();
    const { actor, calls } = start({ methods: ['wechat_pay'], pay: async () => shortCode(), statuses: [null, PAYMENT_RESULTS.paid], clock });
    await settle();
    actor.send({ type: 'payment.submit' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ wechat: { idle: 'awaitingScan' } });
    clock.increment(600); // the code's lifetime (500 ms), before the 2-second poll
    await settle();
    expect(calls.status).toBe(2);
    expect(actor.getSnapshot().output).toMatchObject({ outcome: 'paid' });
  });

  it('still unpaid when its lifetime is over: "code expired", and a new code can be asked for', async () => {
    const clock = new SimulatedClock();
    const { actor } = start({ methods: ['wechat_pay'], pay: async () => shortCode(), statuses: [null, PAYMENT_RESULTS.wechatPending], clock });
    await settle();
    actor.send({ type: 'payment.submit' });
    await settle();
    clock.increment(600);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ wechat: { idle: 'codeExpired' } });
    expect(actor.getSnapshot().context.codeLapsed).toBe(true);
    actor.send({ type: 'payment.submit' });
    expect(actor.getSnapshot().context.codeLapsed).toBe(false);
  });
});

describe('where the payment stands is read before anything is chosen', () => {
  it('a card payment of the order still running is awaited, not offered again', async () => {
    const { actor, calls } = start({ methods: ['bank_card', 'wechat_pay'], pay: async () => PAYMENT_RESULTS.paid, statuses: [PAYMENT_RESULTS.pending] });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ confirming: 'waiting' });
    expect(calls.pay).toBe(0);
  });

  it('an order paid meanwhile ends paid; an earlier failed attempt lets the customer pay again', async () => {
    expect((await (async () => { const { actor } = start({ methods: ['bank_card'], pay: async () => PAYMENT_RESULTS.paid, statuses: [PAYMENT_RESULTS.paid] }); await settle(); return actor.getSnapshot().output; })())).toMatchObject({ outcome: 'paid' });
    const { actor } = start({ methods: ['wechat_pay'], pay: async () => PAYMENT_RESULTS.paid, statuses: [PAYMENT_RESULTS.declined] });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ wechat: { idle: 'ready' } });
  });
});
