/**
 * The session chart (machines/session.machine.ts): its generated paths at the pure depth, and the catalogue's order
 * of spec sections 4 and 8 checked on the chart itself: one failed call per rule, the effects it names.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import { SESSION_FAILURES, sessionModel } from '../../machines/models/session';
import { describeChartPaths } from './toolkit/describeChart';

describe('session chart paths', () => describeChartPaths(sessionModel));

describe('session rules (spec sections 4 and 8)', () => {
  const run = (...failures: { error: { code: string; status: number; message: string } }[]) => {
    const effects: string[] = [];
    const named = (name: string) => () => { effects.push(name); };
    const actor = createActor(sessionMachine.provide({
      actions: {
        showDialog: named('dialog'), showToast: named('toast'), showExpiredDialog: named('expiredDialog'),
        clearSession: named('clearSession'), goToLogin: named('login'), goHome: named('home'),
      },
    })).start();
    for (const f of failures) actor.send({ type: 'call.failed', ...f });
    return { actor, effects };
  };

  it.each([
    ['crossSite', ['dialog'], 'active'],
    ['sessionLost', ['clearSession', 'login'], 'active'],
    ['paymentExpired', ['expiredDialog'], 'paymentExpired'],
    ['blank', [], 'active'],
    ['known', ['dialog'], 'active'],
    ['other', ['toast'], 'active'],
  ] as const)('%s: %j, then %s', (failure, effects, state) => {
    const r = run(SESSION_FAILURES[failure]);
    expect(r.effects).toEqual(effects);
    expect(r.actor.getSnapshot().value).toBe(state);
  });

  it('120087: the dialog waits for the customer; on confirm, home', () => {
    const r = run(SESSION_FAILURES.paymentExpired, SESSION_FAILURES.known, SESSION_FAILURES.paymentExpired);
    expect(r.effects).toEqual(['expiredDialog', 'dialog']);
    r.actor.send({ type: 'dialog.confirm' });
    expect(r.effects.at(-1)).toBe('home');
    expect(r.actor.getSnapshot().value).toBe('active');
  });
});
