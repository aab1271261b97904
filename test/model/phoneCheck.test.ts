import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { phoneCheckMachine, phoneCheckProblems } from '../../machines/phoneCheck.machine';
import { phoneCheckModel, PHONE_CHECK_ANSWERS } from '../../machines/models/phoneCheck';
import type { PhoneCheckAnswer } from '../../src/contract/phoneCheck';
import { describeChartPaths } from './toolkit/describeChart';

describe('phoneCheck chart paths', () => describeChartPaths(phoneCheckModel));

describe('phone check rules (issue 18)', () => {
  it('says what is wrong with each field, by the gateway\'s own schemas', () => {
    expect(phoneCheckProblems({ brand: '', model: ' ', imei: '35467214123456' })).toEqual({
      brand: ['validation:device.brandRequired'], model: ['validation:device.modelRequired'], imei: ['validation:imei.length'],
    });
    expect(phoneCheckProblems({ brand: 'Apple', model: 'iPhone 15', imei: '354672141234566' })).toEqual({ imei: ['validation:imei.checkDigit'] });
    expect(phoneCheckProblems({ brand: 'Apple', model: 'iPhone 15', imei: '35 467214 123456 5' })).toEqual({});
  });

  it('a refused form keeps what was typed and never asks the gateway; a valid one does, once', async () => {
    const asked: unknown[] = [];
    const actor = createActor(phoneCheckMachine.provide({
      actors: { checkPhone: fromPromise(async ({ input }) => { asked.push(input); return PHONE_CHECK_ANSWERS[1] as PhoneCheckAnswer; }) },
    })).start();
    actor.send({ type: 'field.change', field: 'brand', value: '苹果' });
    actor.send({ type: 'field.change', field: 'imei', value: '868012062045114' });
    actor.send({ type: 'check.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ brand: '苹果', imei: '868012062045114', fieldErrors: { model: ['validation:device.modelRequired'], imei: ['validation:imei.checkDigit'] } });
    expect(asked).toEqual([]);
    actor.send({ type: 'field.change', field: 'model', value: 'iPhone 15' });
    actor.send({ type: 'field.change', field: 'imei', value: '868012062045113' });
    actor.send({ type: 'check.submit' });
    await waitFor(actor, (s) => s.matches('answered'));
    expect(actor.getSnapshot().value).toEqual({ answered: 'partlyCompatible' });
    expect(asked).toEqual([{ brand: '苹果', model: 'iPhone 15', imei: '868012062045113' }]);
    actor.send({ type: 'field.change', field: 'imei', value: '354672141234565' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ answer: null, brand: '苹果', imei: '354672141234565' });
  });
});
