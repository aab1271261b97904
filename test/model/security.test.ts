import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { numberSecurityMachine, reauthProblems, type ReauthChannel, type SentCode } from '../../machines/numberSecurity.machine';
import type { SecurityInfo } from '../../src/contract/security';
import { cpniOptOutModel, numberSecurityModel, SECURITY_INFO } from '../../machines/models/security';
import { describeChartPaths } from './toolkit/describeChart';

describe('numberSecurity chart paths', () => describeChartPaths(numberSecurityModel));
describe('cpniOptOut chart paths', () => describeChartPaths(cpniOptOutModel));

describe('number security rules (issue 16)', () => {
  it('a code is 6 digits and the password is required before anything is asked of the gateway', () => {
    expect(reauthProblems({ code: '12', password: '' })).toEqual({ code: ['validation:code.invalid'], password: ['validation:password.required'] });
    expect(reauthProblems({ code: '123456', password: 'x' })).toEqual({});
  });

  it('a wrong password stays on the form, with what was typed; a locked number ends the attempt with the reason', async () => {
    const asked: unknown[] = [];
    let answer: 'passwordWrong' | 'numberLocked' = 'passwordWrong';
    const actor = createActor(numberSecurityMachine.provide({
      actors: {
        loadSecurity: fromPromise(async () => SECURITY_INFO as SecurityInfo),
        sendCode: fromPromise<SentCode, { channel: ReauthChannel }>(async () => ({ channel: 'sms', to: '••• 0100', resendAfterSeconds: 60, expiresInSeconds: 300 })),
        perform: fromPromise(async ({ input }) => { asked.push(input); throw { code: answer, message: '', status: 422 }; }),
      },
    })).start();
    await waitFor(actor, (s) => s.matches('showing'));
    actor.send({ type: 'action.start', action: 'toEsim' });
    actor.send({ type: 'code.send', channel: 'sms' });
    await waitFor(actor, (s) => s.matches('answering'));
    actor.send({ type: 'field.change', field: 'code', value: '123456' });
    actor.send({ type: 'field.change', field: 'password', value: 'nope-nope' });
    actor.send({ type: 'reauth.submit' });
    await waitFor(actor, (s) => s.matches('answering') && Object.keys(s.context.fieldErrors).length > 0);
    expect(actor.getSnapshot().context).toMatchObject({ code: '123456', password: 'nope-nope', fieldErrors: { password: ['errors:code.passwordWrong'] } });
    answer = 'numberLocked';
    actor.send({ type: 'reauth.submit' });
    await waitFor(actor, (s) => s.matches('showing'));
    expect(actor.getSnapshot().context.problem?.code).toBe('numberLocked');
    expect(actor.getSnapshot().context.action).toBeNull();
    expect(asked).toEqual([{ action: 'toEsim', code: '123456', password: 'nope-nope' }, { action: 'toEsim', code: '123456', password: 'nope-nope' }]);
  });
});
