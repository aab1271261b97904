/**
 * The wait before another code may be sent, beside a code entry: login (issue 2 "sendMobileVerificationCode with a
 * resend countdown") and tracking (spec section 2 "email verification code (send-code countdown)"). One definition:
 * a chart spreads `resendCountdownActions` into its setup and uses `resendWaiting(...)` as the state it waits in;
 * its own action `startResendCountdown` sets `resendSecondsLeft` when a code was sent.
 */
import { assign, type EventObject } from 'xstate';

/** What a chart with a resend countdown keeps in its context. */
export interface ResendCountdownContext {
  /** Seconds before another code may be sent; counts down once a second. */
  resendSecondsLeft: number;
  /** The whole wait as it started: the screen says it once ("a new code in 60 seconds"), not every second. */
  resendWaitSeconds: number;
}

/** The context of a countdown that starts now and lasts `seconds`. */
export const resendCountdownOf = (seconds: number): ResendCountdownContext => ({ resendSecondsLeft: seconds, resendWaitSeconds: seconds });

/**
 * The countdown a code's answer starts: the wait the gateway gave (`resendAfterSeconds`), at least a second, 60 s when the
 * answer names none.
 */
export const resendCountdownAfter = (answer: { resendAfterSeconds?: number } | undefined): ResendCountdownContext =>
  resendCountdownOf(Math.max(1, answer?.resendAfterSeconds ?? 60));

/** A chart's delay for `resendWaiting`: what is left of the wait, so re-entering the state does not start it over. */
export const resendWaitLeft = ({ context }: { context: ResendCountdownContext }): number => context.resendSecondsLeft * 1000;

export const resendCountdownActions = <TContext extends ResendCountdownContext, TEvent extends EventObject>() => ({
  countDownOneSecond: assign<TContext, TEvent, undefined, TEvent, never>(({ context }) =>
    ({ resendSecondsLeft: Math.max(0, context.resendSecondsLeft - 1) }) as Partial<TContext>),
  endResendCountdown: assign<TContext, TEvent, undefined, TEvent, never>(() => resendCountdownOf(0) as Partial<TContext>),
});

/**
 * The waiting state: a tick a second while the wait runs, then `then` (the state where a code can be sent).
 * `wait` is the delay: a number of ms, or the name of a delay of the chart's setup (a wait the gateway chose).
 */
export const resendWaiting = <TWait extends string | number>(opts: { wait: TWait; then: string; description: string; over: string }) => {
  const over = { target: opts.then, actions: 'endResendCountdown', description: opts.over } as const;
  return {
    description: opts.description,
    initial: 'ticking' as const,
    after: { [opts.wait]: over } as Record<TWait, typeof over>,
    states: {
      ticking: {
        description: 'Issue 2: the "resend countdown": the button shows the seconds left.',
        after: { 1000: { target: 'ticking', reenter: true, actions: 'countDownOneSecond', description: 'Issue 2: the "resend countdown": the button shows the seconds left.' } as const },
      },
    },
  };
};
