/**
 * The chart parts of machines/parts: the image captcha region and the resend countdown, defined once and used by the
 * login, changePassword and tracking charts. Their behaviour on a small chart, and the charts holding exactly them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { allStates, allTransitions, statePath } from '../../machines/chart';
import { changePasswordMachine } from '../../machines/changePassword.machine';
import { loginMachine, RESEND_SECONDS } from '../../machines/login.machine';
import { trackingMachine } from '../../machines/tracking.machine';
import { captchaActions, captchaActors, captchaRegion, type CaptchaContext, type CaptchaEvent } from '../../machines/parts/captcha';
import { resendCountdownActions, resendCountdownOf, resendWaiting, type ResendCountdownContext } from '../../machines/parts/resendCountdown';

type Context = CaptchaContext & ResendCountdownContext;
type Event = CaptchaEvent | { type: 'code.send' };

const TEXTS = { region: 'r', ready: 'ready', spent: 'spent' };

/** A form with the captcha beside a send button that spends it and waits 3 s before the next send. */
const partsChart = setup({
  types: { context: {} as Context, events: {} as Event },
  actors: { ...captchaActors },
  actions: {
    ...captchaActions<Context, Event>(),
    ...resendCountdownActions<Context, Event>(),
    startResendCountdown: assign(resendCountdownOf(3)),
  },
}).createMachine({
  id: 'parts',
  type: 'parallel',
  context: { captcha: 'AB12', captchaImage: null, captchaToken: null, ...resendCountdownOf(0) },
  states: {
    captcha: captchaRegion(TEXTS),
    code: {
      initial: 'canSend',
      states: {
        canSend: { on: { 'code.send': { target: 'waiting', actions: ['captchaIsSpent', 'startResendCountdown'] } } },
        waiting: resendWaiting({ wait: 3000, then: 'canSend', description: 'w', over: 'o' }),
      },
    },
  },
});

const withCaptchas = (fails = false) => {
  let served = 0;
  return partsChart.provide({
    actors: {
      loadCaptcha: fromPromise(async () => {
        if (fails) throw new Error('unreachable');
        served += 1;
        return { imageUrl: `data:,${served}`, token: `token-${served}` };
      }),
    },
  });
};

afterEach(() => { vi.useRealTimers(); });

describe('captcha region', () => {
  it('loads a picture, forgetting what was typed for the previous one', async () => {
    const actor = createActor(withCaptchas()).start();
    expect(actor.getSnapshot().matches({ captcha: 'loading' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ captcha: '', captchaToken: null });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ captcha: 'ready' })).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ captchaImage: 'data:,1', captchaToken: 'token-1' });
  });

  it('is single use: a call that carried it raises captcha.spent and a new one is fetched', async () => {
    const actor = createActor(withCaptchas()).start();
    await vi.waitFor(() => expect(actor.getSnapshot().context.captchaToken).toBe('token-1'));
    actor.send({ type: 'code.send' });
    expect(actor.getSnapshot().matches({ captcha: 'loading' })).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().context.captchaToken).toBe('token-2'));
    actor.send({ type: 'captcha.refresh' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.captchaToken).toBe('token-3'));
  });

  it('"verification code fetch failed": the customer can ask again', async () => {
    const actor = createActor(withCaptchas(true)).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ captcha: 'failed' })).toBe(true));
    actor.send({ type: 'captcha.refresh' });
    expect(actor.getSnapshot().matches({ captcha: 'loading' })).toBe(true);
  });
});

describe('resend countdown', () => {
  it('counts the seconds down and then lets another code be sent', async () => {
    vi.useFakeTimers();
    const actor = createActor(withCaptchas()).start();
    actor.send({ type: 'code.send' });
    expect(actor.getSnapshot().matches({ code: { waiting: 'ticking' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ resendSecondsLeft: 3, resendWaitSeconds: 3 });
    await vi.advanceTimersByTimeAsync(1_000);
    // The seconds left count down; the wait as it started (what the screen announces once) stays.
    expect(actor.getSnapshot().context).toMatchObject({ resendSecondsLeft: 2, resendWaitSeconds: 3 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(actor.getSnapshot().matches({ code: 'canSend' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ resendSecondsLeft: 0, resendWaitSeconds: 0 });
    actor.stop();
  });
});

/** A region as the diagram and the coverage see it: its states (entry actions) and transitions, relative to the region. */
const shapeOf = (machine: AnyStateMachine, region: AnyStateNode) => {
  const rel = (n: AnyStateNode) => n.path.slice(region.path.length).join('.');
  const inside = (n: AnyStateNode) => n.path.length >= region.path.length && region.path.every((k, i) => n.path[i] === k);
  const states = allStates(machine).filter(inside).map((n) => `${rel(n)} entry=${n.entry.map((a) => (typeof a === 'string' ? a : (a as { type?: string }).type)).join(',')}`);
  const transitions = allTransitions(machine).filter((t) => inside(t.source)).map((t) => {
    const actions = (t.definition.actions as unknown[]).map((a) => (typeof a === 'string' ? a : (a as { type?: string }).type)).join(',');
    const delay = t.kind === 'after' ? '' : t.eventType;
    return `${rel(t.source)} ${t.kind}${delay ? ` ${delay}` : ''} -> ${t.targets.map(rel).join(',')} [${actions}]${t.definition.reenter ? ' reenter' : ''}`;
  });
  return { states, transitions };
};
const nodeAt = (machine: AnyStateMachine, path: string) => allStates(machine).find((n) => statePath(n) === path)!;

describe('the charts use the parts', () => {
  const captcha = shapeOf(partsChart, nodeAt(partsChart, 'captcha'));
  const waiting = shapeOf(partsChart, nodeAt(partsChart, 'code.waiting'));

  const charts = { login: loginMachine, changePassword: changePasswordMachine, tracking: trackingMachine };

  for (const [chart, path] of [['login', 'loginPage.captcha'], ['changePassword', 'changing.captcha'], ['tracking', 'search.captcha']] as const) {
    it(`${chart}: ${path} is the captcha part`, () => {
      expect(shapeOf(charts[chart], nodeAt(charts[chart], path))).toEqual(captcha);
    });
  }

  for (const [chart, path] of [
    ['login', 'loginPage.path.smsLogin.enteringCode.resend.waiting'],
    ['login', 'loginPage.path.register.enteringCode.resend.waiting'],
    ['login', 'loginPage.path.reset.enteringCode.resend.waiting'],
    ['tracking', 'search.emailCode.waiting'],
  ] as const) {
    it(`${chart}: ${path} is the countdown part`, () => {
      expect(shapeOf(charts[chart], nodeAt(charts[chart], path))).toEqual(waiting);
    });
  }

  it('login waits its fixed resend seconds; tracking the wait the gateway asked for', () => {
    const [loginOver] = allTransitions(loginMachine).filter((t) => statePath(t.source) === 'loginPage.path.smsLogin.enteringCode.resend.waiting');
    expect((loginOver!.definition as { delay?: unknown }).delay).toBe(RESEND_SECONDS * 1000);
    const [trackingOver] = allTransitions(trackingMachine).filter((t) => statePath(t.source) === 'search.emailCode.waiting');
    expect((trackingOver!.definition as { delay?: unknown }).delay).toBe('resendWait');
  });
});
