import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { simReplacementMachine } from '../../machines/simReplacement.machine';
import { simLifecycleMachine } from '../../machines/simLifecycle.machine';
import { cardProblems, orderFormProblems, simReplacementPageMachine, EMPTY_SHIPPING, type ActivateCardInput } from '../../machines/simReplacementPage.machine';
import type { ReauthChannel, SentCode } from '../../machines/numberSecurity.machine';
import { REPLACEMENT, replacementInfo, SHIPPING_DRAFT, simReplacementModel, simReplacementPageModel } from '../../machines/models/replacement';
import type { ReplacementInfo } from '../../src/contract/replacement';
import { describeChartPaths } from './toolkit/describeChart';

describe('simReplacement chart paths', () => describeChartPaths(simReplacementModel));
describe('simReplacementPage chart paths', () => describeChartPaths(simReplacementPageModel));

describe('SIM replacement rules (issue 16, decision 0037)', () => {
  it('the line moves only from a shipped replacement, never while the number is locked or kept', () => {
    const ordered = initialTransition(simReplacementMachine)[0];
    expect(ordered.can({ type: 'replacement.activate', numberLocked: false, numberKept: false })).toBe(false);
    const shipped = transition(simReplacementMachine, ordered, { type: 'replacement.shipped', carrier: 'USPS', trackingNumber: '1' })[0];
    expect(shipped.can({ type: 'replacement.activate', numberLocked: true, numberKept: false })).toBe(false);
    expect(shipped.can({ type: 'replacement.activate', numberLocked: false, numberKept: true })).toBe(false);
    const [moved, actions] = transition(simReplacementMachine, shipped, { type: 'replacement.activate', numberLocked: false, numberKept: false });
    expect(moved.value).toBe('moved');
    expect(actions.map((a) => a.type)).toEqual(['moveLine']);
    expect(moved.can({ type: 'replacement.cancel', reason: 'customer' })).toBe(false);
  });

  it('the old card stops from any activated state; a replacement card takes a line only while inactive', () => {
    const start = initialTransition(simLifecycleMachine)[0];
    const onNew = transition(simLifecycleMachine, start, { type: 'sim.takeLine', replacementId: 'R' })[0];
    expect(onNew.value).toEqual({ activated: 'physical' });
    for (const value of [{ activated: 'physical' }, { activated: 'esim' }, { activated: 'convertedToEsim' }]) {
      const snapshot = simLifecycleMachine.resolveState({ value, context: {} });
      expect(transition(simLifecycleMachine, snapshot, { type: 'sim.replaced', replacementId: 'R' })[0].value).toBe('void');
    }
    expect(onNew.can({ type: 'sim.takeLine', replacementId: 'R' })).toBe(false);
    expect(onNew.can({ type: 'sim.voidReplacement', replacementId: 'R' })).toBe(false);
  });

  it('the form is checked by the contract\'s rules, field by field', () => {
    expect(orderFormProblems({ reason: '', shipping: EMPTY_SHIPPING })).toMatchObject({
      reason: ['validation:replacementReason.required'], firstNameEn: expect.any(Array), address1: ['validation:address1.required'], zip: ['validation:zip.required'],
    });
    expect(orderFormProblems({ reason: 'lost', shipping: { ...SHIPPING_DRAFT } })).toEqual({});
    expect(orderFormProblems({ reason: 'lost', shipping: { ...SHIPPING_DRAFT, zip: '10001' } })).toEqual({ zip: ['validation:zip.state'] });
    expect(cardProblems({ iccid: '8901260010000000014', activationCode: '12' })).toEqual({ iccid: ['validation:iccid.checkDigit'], activationCode: ['validation:activationCode.format'] });
  });

  it('a refused code stays on the form with all that was typed; a wrong card code goes next to its field', async () => {
    let info: ReplacementInfo = replacementInfo() as ReplacementInfo;
    const orders: unknown[] = [];
    const actor = createActor(simReplacementPageMachine.provide({
      actors: {
        loadInfo: fromPromise(async () => info),
        sendCode: fromPromise<SentCode, { channel: ReauthChannel }>(async () => ({ channel: 'sms', to: '••• 0100', resendAfterSeconds: 60, expiresInSeconds: 300 })),
        placeOrder: fromPromise(async ({ input }) => { orders.push(input); if (orders.length === 1) throw { code: 'codeWrong', message: '', status: 400 }; return (info = replacementInfo({ replacement: REPLACEMENT.shipped }) as ReplacementInfo); }),
        activateCard: fromPromise<ReplacementInfo, ActivateCardInput>(async () => { throw { code: '120019', message: '', status: 422 }; }),
        cancelReplacement: fromPromise(async () => info),
      },
    })).start();
    await waitFor(actor, (s) => s.matches('showing'));
    // The form starts from the last address.
    expect(actor.getSnapshot().context.shipping).toEqual(SHIPPING_DRAFT);
    actor.send({ type: 'order.start' });
    actor.send({ type: 'order.next' });
    expect(actor.getSnapshot().context.fieldErrors.reason).toEqual(['validation:replacementReason.required']);
    actor.send({ type: 'field.change', field: 'reason', value: 'damaged' });
    actor.send({ type: 'field.change', field: 'city', value: 'Alhambra ' });
    actor.send({ type: 'order.next' });
    actor.send({ type: 'code.send', channel: 'sms' });
    await waitFor(actor, (s) => s.matches('answering'));
    actor.send({ type: 'field.change', field: 'code', value: '654321' });
    actor.send({ type: 'field.change', field: 'password', value: 'Demo@2468' });
    actor.send({ type: 'reauth.submit' });
    await waitFor(actor, (s) => s.matches('answering') && Boolean(s.context.fieldErrors.code));
    expect(actor.getSnapshot().context).toMatchObject({ reason: 'damaged', code: '654321', password: 'Demo@2468', fieldErrors: { code: ['errors:code.codeWrong'] } });
    actor.send({ type: 'reauth.submit' });
    await waitFor(actor, (s) => s.matches('showing') && s.context.done === 'ordered');
    expect(orders).toHaveLength(2);
    expect(orders[1]).toMatchObject({ reason: 'damaged', shipping: { ...SHIPPING_DRAFT, city: 'Alhambra ' }, code: '654321' });
    actor.send({ type: 'field.change', field: 'iccid', value: '8901260010000000013' });
    actor.send({ type: 'field.change', field: 'activationCode', value: '000000' });
    actor.send({ type: 'card.submit' });
    await waitFor(actor, (s) => s.matches('showing') && Boolean(s.context.fieldErrors.activationCode));
    expect(actor.getSnapshot().context).toMatchObject({ iccid: '8901260010000000013', activationCode: '000000', fieldErrors: { activationCode: ['errors:code.120019'] } });
  });
});
