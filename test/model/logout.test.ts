import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { logoutMachine } from '../../machines/logout.machine';
import { logoutModel } from '../../machines/models/index';
import { describeChartPaths } from './toolkit/describeChart';

describe('logout chart paths', () => describeChartPaths(logoutModel));

describe('logout rules (spec section 4)', () => {
  const run = (exitResult: 'ok' | 'fail') => {
    const calls: string[] = [];
    const machine = logoutMachine.provide({
      actors: {
        askConfirmation: fromCallback(({ sendBack }) => { sendBack({ type: 'logout.confirm' }); }),
        exit: fromPromise(async () => {
          calls.push('exit');
          if (exitResult === 'fail') throw Object.assign(new Error('busy'), { code: 'http', status: 503 });
          return { revoked: true as const };
        }),
      },
      actions: {
        clearSession: () => { calls.push('clearSession'); },
        showMessage: () => { calls.push('showMessage'); },
        goHome: () => { calls.push('goHome'); },
        showError: () => { calls.push('showError'); },
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'logout.request' });
    return { actor, calls };
  };

  it("on code '200' clears token and user data, shows the message, goes home — in that order", async () => {
    const { actor, calls } = run('ok');
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls).toEqual(['exit', 'clearSession', 'showMessage', 'goHome']);
  });

  it('otherwise shows an error message and stays logged in', async () => {
    const { actor, calls } = run('fail');
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual(['exit', 'showError']);
  });
});
