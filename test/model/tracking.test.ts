import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { trackingMachine, type AddressDraft } from '../../machines/tracking.machine';
import { orderView, trackingModel, TRACKING_VALID, VALID_ADDRESS } from '../../machines/models/tracking';
import { describeChartPaths } from './toolkit/describeChart';

describe('tracking chart paths', () => describeChartPaths(trackingModel));

type Fakes = Partial<Record<'sendCode' | 'search' | 'modifyAddress', (args: { input: unknown }) => Promise<unknown>>>;

/** The chart with instant fake calls, for the rules a path alone does not show. */
const withFakes = (over: Fakes = {}) => {
  let captchas = 0;
  return trackingMachine.provide({
    actors: {
      loadCaptcha: fromPromise(async () => ({ imageUrl: 'data:,', token: `captcha-${++captchas}` })),
      sendCode: fromPromise(over.sendCode ?? (async () => ({ resendAfterSeconds: 60, expiresInSeconds: 300 }))) as never,
      search: fromPromise(over.search ?? (async () => ({ trackingToken: 'grant-1', order: orderView() }))) as never,
      modifyAddress: fromPromise(over.modifyAddress ?? (async () => orderView())) as never,
    },
  });
};
const settle = () => new Promise((r) => setTimeout(r, 0));
const fail = (code: string, status = 400, data?: unknown) => Object.assign(new Error(code), { code, status, data });

async function foundOrder(over: Fakes = {}) {
  const actor = createActor(withFakes(over), { input: { orderNo: TRACKING_VALID.orderNo, email: TRACKING_VALID.email } }).start();
  await settle();
  actor.send({ type: 'search.submit', ...TRACKING_VALID });
  await settle();
  return actor;
}

afterEach(() => { vi.useRealTimers(); });

describe('search', () => {
  it('is prefilled from the link (?orderNo=&email=)', () => {
    const actor = createActor(withFakes(), { input: { orderNo: 'lb1', email: 'a@b.co' } }).start();
    expect(actor.getSnapshot().context).toMatchObject({ orderNo: 'lb1', email: 'a@b.co' });
  });

  it('shows each broken rule next to its field and keeps what was typed', async () => {
    const actor = createActor(withFakes(), { input: {} }).start();
    await settle();
    actor.send({ type: 'search.submit', orderNo: 'LB 1', email: 'nope', code: '12', captcha: '' });
    const c = actor.getSnapshot().context;
    expect(c.fieldErrors).toMatchObject({
      orderNo: ['validation:orderNo.invalid'], email: ['validation:email.invalid'], code: ['validation:code.invalid'], captcha: ['validation:captcha.required'],
    });
    expect(c).toMatchObject({ orderNo: 'LB 1', email: 'nope', code: '12' });
  });

  it('a wrong code keeps the form, says why and loads a new security code', async () => {
    const actor = await foundOrder({ search: async () => { throw fail('codeWrong'); } });
    const s = actor.getSnapshot();
    expect(s.matches({ search: { form: 'editing' } })).toBe(true);
    expect(s.context.problem?.code).toBe('codeWrong');
    expect(s.context.code).toBe(TRACKING_VALID.code);
    expect(s.context.captchaToken).toBe('captcha-2');
  });

  it('keeps the grant in memory only after a search', async () => {
    const actor = await foundOrder();
    expect(actor.getSnapshot().value).toBe('result');
    expect(actor.getSnapshot().context).toMatchObject({ trackingToken: 'grant-1', code: '' });
  });

  it('counts down the wait the gateway asked for before another code', async () => {
    vi.useFakeTimers();
    const actor = createActor(withFakes({ sendCode: async () => ({ resendAfterSeconds: 30, expiresInSeconds: 300 }) }), { input: {} }).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'code.send', orderNo: TRACKING_VALID.orderNo, email: TRACKING_VALID.email });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ resendSecondsLeft: 30, resendWaitSeconds: 30, codeSentTo: TRACKING_VALID.email });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(actor.getSnapshot().context).toMatchObject({ resendSecondsLeft: 25, resendWaitSeconds: 30 });
    actor.send({ type: 'code.send', orderNo: TRACKING_VALID.orderNo, email: TRACKING_VALID.email });
    expect(actor.getSnapshot().matches({ search: { emailCode: 'waiting' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(actor.getSnapshot().matches({ search: { emailCode: 'canSend' } })).toBe(true);
    expect(actor.getSnapshot().context.resendSecondsLeft).toBe(0);
    actor.stop();
  });
});

describe('modify', () => {
  it('opens only while the order is not shipped, prefilled with its address', async () => {
    const shipped = await foundOrder({ search: async () => ({ trackingToken: 'g', order: orderView({ canModify: false, shipped: true }) }) });
    shipped.send({ type: 'modify.open' });
    expect(shipped.getSnapshot().value).toBe('result');

    const open = await foundOrder();
    open.send({ type: 'modify.open' });
    expect(open.getSnapshot().matches({ modify: 'editing' })).toBe(true);
    expect(open.getSnapshot().context.address).toMatchObject({ address1: '1 Main St', city: 'Alhambra', state: 'CA', zip: '91801' });
  });

  it('refuses a zip of another state and a Chinese English name, keeping the draft', async () => {
    const actor = await foundOrder();
    actor.send({ type: 'modify.open' });
    const bad: AddressDraft = { ...VALID_ADDRESS, firstNameEn: '美', zip: '10001' };
    actor.send({ type: 'address.submit', address: bad });
    const c = actor.getSnapshot().context;
    expect(c.fieldErrors.firstNameEn).toEqual(['validation:nameEn.letters']);
    expect(c.fieldErrors.zip).toEqual(['validation:zip.state']);
    expect(c.address).toEqual(bad);
  });

  it('sends the address with the search email and shows the saved order', async () => {
    let sent: unknown;
    const actor = await foundOrder({
      modifyAddress: async ({ input }: { input: unknown }) => { sent = input; return orderView({ shipping: { ...orderView().shipping, address1: VALID_ADDRESS.address1 } }); },
    });
    actor.send({ type: 'modify.open' });
    actor.send({ type: 'address.submit', address: VALID_ADDRESS });
    await settle();
    expect(sent).toMatchObject({ trackingToken: 'grant-1', shipping: { email: TRACKING_VALID.email, address1: VALID_ADDRESS.address1, address2: null, firstNameZh: '美' } });
    expect(actor.getSnapshot().value).toBe('result');
    expect(actor.getSnapshot().context).toMatchObject({ notice: 'addressSaved', order: { shipping: { address1: VALID_ADDRESS.address1 } } });
  });

  it('"alreadyShipped": back to the result, which no longer offers the change', async () => {
    const actor = await foundOrder({ modifyAddress: async () => { throw fail('alreadyShipped', 409); } });
    actor.send({ type: 'modify.open' });
    actor.send({ type: 'address.submit', address: VALID_ADDRESS });
    await settle();
    const s = actor.getSnapshot();
    expect(s.value).toBe('result');
    expect(s.context).toMatchObject({ notice: 'alreadyShipped', order: { canModify: false, shipped: true, logisticsStatus: 'shipped' } });
  });

  it('an expired grant sends the customer back to search, keeping order number and email', async () => {
    const actor = await foundOrder({ modifyAddress: async () => { throw fail('ticketInvalid'); } });
    actor.send({ type: 'modify.open' });
    actor.send({ type: 'address.submit', address: VALID_ADDRESS });
    await settle();
    const s = actor.getSnapshot();
    expect(s.matches('search')).toBe(true);
    expect(s.context).toMatchObject({ trackingToken: null, order: null, orderNo: TRACKING_VALID.orderNo, email: TRACKING_VALID.email, problem: { code: 'ticketInvalid' } });
  });
});
