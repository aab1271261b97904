/**
 * The image captcha region that runs beside a form (login, change password, tracking): spec section 7
 * "GET /gateway/pcapp/createImg ... returns image (captcha)", spec section 8 "verification code fetch failed",
 * issue 2 "single use, short-lived". One definition: a chart spreads `captchaActors` and `captchaActions` into its
 * setup and puts `captchaRegion(texts)` among its parallel regions. A call that carried the code runs the action
 * `captchaIsSpent`, which raises `captcha.spent` so a new picture is fetched.
 */
import { assign, fromPromise, raise, type EventObject } from 'xstate';

export interface CaptchaOutput { imageUrl: string; token: string }

/** What a chart with this region keeps in its context. */
export interface CaptchaContext {
  captcha: string;
  captchaImage: string | null;
  captchaToken: string | null;
}

export type CaptchaEvent = { type: 'captcha.refresh' } | { type: 'captcha.spent' };

/** The host provides it: src/app/flows/login.ts `loadCaptcha` (tests: fakes). */
export const captchaActors = {
  loadCaptcha: fromPromise<CaptchaOutput>(() => Promise.reject(new Error('provided by the host (src/app/flows/login.ts loadCaptcha)'))),
};

/** The region's actions, typed for the chart that spreads them into its setup. */
export const captchaActions = <TContext extends CaptchaContext, TEvent extends EventObject>() => ({
  keepCaptcha: assign<TContext, TEvent, undefined, TEvent, never>(({ event }) => {
    const output = (event as { output?: CaptchaOutput }).output;
    return { captchaImage: output?.imageUrl ?? null, captchaToken: output?.token ?? null } as Partial<TContext>;
  }),
  forgetCaptcha: assign<TContext, TEvent, undefined, TEvent, never>(() => ({ captchaToken: null, captcha: '' }) as Partial<TContext>),
  captchaIsSpent: raise<TContext, TEvent, TEvent, undefined, never, never>({ type: 'captcha.spent' } as TEvent),
});

/**
 * How a chart words the region where its purpose differs (what the code is required for, which call spends it);
 * `loaded` and `failed` default to the common wording.
 */
export interface CaptchaTexts {
  region: string;
  ready: string;
  spent: string;
  loaded?: string;
  failed?: string;
}

export const captchaRegion = (texts: CaptchaTexts) => ({
  description: texts.region,
  initial: 'loading' as const,
  states: {
    loading: {
      description: 'Spec section 7: GET /gateway/pcapp/createImg, a new single-use image code.',
      entry: 'forgetCaptcha' as const,
      tags: ['technical' as const],
      invoke: {
        id: 'loadCaptcha' as const,
        src: 'loadCaptcha' as const,
        onDone: { target: 'ready', actions: 'keepCaptcha', description: texts.loaded ?? 'Spec section 7: GET /gateway/pcapp/createImg returns the image (captcha) and its token.' } as const,
        onError: { target: 'failed', description: 'Spec section 8: "verification code fetch failed".' } as const,
      },
    },
    ready: {
      description: texts.ready,
      on: {
        'captcha.refresh': { target: 'loading', description: 'The customer asks for another picture.' } as const,
        'captcha.spent': { target: 'loading', description: texts.spent } as const,
      },
    },
    failed: {
      description: texts.failed ?? 'Spec section 8: "verification code fetch failed"; the customer can try again.',
      on: { 'captcha.refresh': { target: 'loading', description: 'The customer asks for another picture after a failed load.' } as const },
    },
  },
});
