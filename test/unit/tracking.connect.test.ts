import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { trackingMachine, type TrackingEvent } from '../../machines/tracking.machine';
import { connectModify, connectResult, connectSearch, stepOf, stepOfPath, syncUrl } from '../../screens/tracking/tracking.connect';
import { orderView } from '../../machines/models/tracking';

const never = () => false;
const always = () => true;

describe('the URL follows the tracking chart', () => {
  it('maps chart states and paths to steps', () => {
    expect(stepOf({ search: { captcha: 'ready', emailCode: 'canSend', form: 'editing' } })).toBe('search');
    expect(stepOf('result')).toBe('result');
    expect(stepOf({ modify: 'saving' })).toBe('modify');
    expect(stepOfPath('/tracking/result/')).toBe('result');
    expect(stepOfPath('/tracking')).toBeNull();
  });

  it('a deep link to a step the chart has not reached is replaced by the step it is in', () => {
    expect(syncUrl({ step: 'search', lastStep: null, pathname: '/tracking/result', can: always })).toEqual({ kind: 'navigate', to: '/tracking/search', replace: true });
    expect(syncUrl({ step: 'search', lastStep: null, pathname: '/tracking/modify', can: always })).toEqual({ kind: 'navigate', to: '/tracking/search', replace: true });
    expect(syncUrl({ step: 'search', lastStep: null, pathname: '/tracking/search', can: always })).toEqual({ kind: 'none' });
  });

  it('when the chart moves on, the URL moves with it (a new history entry)', () => {
    expect(syncUrl({ step: 'result', lastStep: 'search', pathname: '/tracking/search', can: always })).toEqual({ kind: 'navigate', to: '/tracking/result', replace: false });
    expect(syncUrl({ step: 'modify', lastStep: 'result', pathname: '/tracking/result', can: always })).toEqual({ kind: 'navigate', to: '/tracking/modify', replace: false });
  });

  it('the back button to an earlier step is the chart\'s own event when it accepts it', () => {
    const back = (step: 'result' | 'modify', pathname: string, can: (e: TrackingEvent) => boolean) => syncUrl({ step, lastStep: step, pathname, can });
    expect(back('result', '/tracking/search', always)).toEqual({ kind: 'send', event: { type: 'search.again' } });
    expect(back('modify', '/tracking/result', always)).toEqual({ kind: 'send', event: { type: 'modify.cancel' } });
    // While the new address is being saved the chart takes no back step: the URL returns to where the chart is.
    expect(back('modify', '/tracking/result', never)).toEqual({ kind: 'navigate', to: '/tracking/modify', replace: true });
  });
});

describe('what the tracking screens show', () => {
  const found = (order = orderView()) => {
    // The chart as it is after a search answered this order.
    const actor = createActor(trackingMachine, { input: { orderNo: 'LB1', email: 'a@b.co' } }).start();
    actor.send({ type: 'xstate.done.actor.loadCaptcha', output: { imageUrl: 'data:,', token: 't' } } as never);
    actor.send({ type: 'search.submit', orderNo: 'LB1', email: 'a@b.co', code: '123456', captcha: 'AB12' });
    actor.send({ type: 'xstate.done.actor.search', output: { trackingToken: 'g', order } } as never);
    expect(actor.getSnapshot().value).toBe('result');
    return actor;
  };

  it('search: the code field\'s hint follows its button, "Send code" before the first code and "Resend code" after', () => {
    const actor = createActor(trackingMachine, { input: { orderNo: 'LB1', email: 'a@b.co' } }).start();
    let view = connectSearch(actor.getSnapshot(), actor.send);
    expect(view.emailCode.sentBefore).toBe(false);
    expect(view.emailCode.hint).toBe('tracking:fields.codeHint');
    actor.send({ type: 'code.send', orderNo: 'LB1', email: 'a@b.co' });
    actor.send({ type: 'xstate.done.actor.sendCode', output: { resendAfterSeconds: 60, expiresInSeconds: 300 } } as never);
    view = connectSearch(actor.getSnapshot(), actor.send);
    expect(view.emailCode.sentBefore).toBe(true);
    expect(view.emailCode.hint).toBe('tracking:fields.codeHintSent');
    actor.stop();
  });

  it('search: a wrong code goes next to the code field, an unknown order on the form', () => {
    const actor = createActor(trackingMachine, { input: {} }).start();
    actor.send({ type: 'xstate.done.actor.loadCaptcha', output: { imageUrl: 'data:,', token: 't' } } as never);
    actor.send({ type: 'search.submit', orderNo: 'LB1', email: 'a@b.co', code: '123456', captcha: 'AB12' });
    actor.send({ type: 'xstate.error.actor.search', error: { code: 'codeWrong', message: 'Wrong code', status: 400 } } as never);
    let view = connectSearch(actor.getSnapshot(), actor.send);
    expect(view.fieldError('code')).toEqual([{ text: 'Wrong code' }]);
    expect(view.formError).toBeNull();
    actor.send({ type: 'search.submit', orderNo: 'LB1', email: 'a@b.co', code: '123456', captcha: 'AB12' });
    expect(connectSearch(actor.getSnapshot(), actor.send).captcha.state).toBe('loading');
    actor.send({ type: 'xstate.done.actor.loadCaptcha', output: { imageUrl: 'data:,', token: 't2' } } as never);
    actor.send({ type: 'search.submit', orderNo: 'LB1', email: 'a@b.co', code: '123456', captcha: 'AB12' });
    actor.send({ type: 'xstate.error.actor.search', error: { code: 'noRecord', message: '', status: 404 } } as never);
    view = connectSearch(actor.getSnapshot(), actor.send);
    expect(view.formError).toEqual({ key: 'errors:code.noRecord' });
  });

  it('result: the address change is offered only while the order can be changed', () => {
    expect(connectResult(found().getSnapshot(), () => undefined).canModify).toBe(true);
    const shipped = found(orderView({ shipped: true, logisticsStatus: 'shipped', canModify: false }));
    expect(connectResult(shipped.getSnapshot(), () => undefined).canModify).toBe(false);
    expect(connectResult(found(orderView({ simType: 'esim', canModify: false })).getSnapshot(), () => undefined).isEsim).toBe(true);
  });

  it('modify: the form starts from the order\'s address and keeps its country', () => {
    const actor = found();
    actor.send({ type: 'modify.open' });
    const view = connectModify(actor.getSnapshot(), actor.send);
    expect(view.values).toMatchObject({ firstNameEn: 'Mei', address1: '1 Main St', zip: '91801', firstNameZh: '' });
    expect(view.country).toBe('US');
    expect(view.saving).toBe(false);
  });
});
