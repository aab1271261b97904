/**
 * From the tracking chart's snapshot to what the /tracking screens show (the zag "connect" pattern): no React,
 * testable alone. The screens are plain pictures of this.
 */
import type { AddressDraft, AddressField, SearchField, TrackingContext, TrackingEvent } from '../../machines/tracking.machine';
import { messageFirstText, type Text } from '../ui/text';

export type { Text };
export type TrackingStep = 'search' | 'result' | 'modify';

export const TRACKING_PATHS: Record<TrackingStep, string> = {
  search: '/tracking/search',
  result: '/tracking/result',
  modify: '/tracking/modify',
};

interface SnapshotLike {
  value: unknown;
  context: TrackingContext;
  matches(value: never): boolean;
  can(event: TrackingEvent): boolean;
}

export const stepOf = (value: unknown): TrackingStep => {
  if (value === 'result') return 'result';
  if (typeof value === 'object' && value !== null && 'modify' in value) return 'modify';
  return 'search';
};

export const stepOfPath = (pathname: string): TrackingStep | null => {
  const found = (Object.entries(TRACKING_PATHS) as [TrackingStep, string][]).find(([, path]) => pathname.replace(/\/+$/, '') === path);
  return found ? found[0] : null;
};

export type UrlSync =
  | { kind: 'none' }
  | { kind: 'navigate'; to: string; replace: boolean }
  | { kind: 'send'; event: TrackingEvent };

/**
 * The URL follows the chart (ARCHITECTURE.md): when the chart moved, the URL goes to its step (replacing a deep
 * link on the first render, so /tracking/result without a search lands on /tracking/search). When the customer
 * moved the URL (back button, a link to /tracking), going back a step is the chart's own event when the chart
 * accepts it; any other URL is sent back to the chart's step.
 */
export function syncUrl(args: { step: TrackingStep; lastStep: TrackingStep | null; pathname: string; can: (e: TrackingEvent) => boolean }): UrlSync {
  const { step, lastStep, pathname, can } = args;
  const urlStep = stepOfPath(pathname);
  if (urlStep === step) return { kind: 'none' };
  if (step !== lastStep) return { kind: 'navigate', to: TRACKING_PATHS[step], replace: lastStep === null || urlStep === null };
  const back: TrackingEvent | null =
    urlStep === 'search' ? { type: 'search.again' } : urlStep === 'result' && step === 'modify' ? { type: 'modify.cancel' } : null;
  if (back && can(back)) return { kind: 'send', event: back };
  return { kind: 'navigate', to: TRACKING_PATHS[step], replace: true };
}

/** Errors of these codes belong to one field; the rest are shown on the form. */
const FIELD_OF_CODE: Record<string, SearchField> = {
  codeWrong: 'code', codeExpired: 'code', codeLocked: 'code',
  captchaWrong: 'captcha',
};

const fieldErrorsOf = (c: TrackingContext, field: SearchField | AddressField, problemField?: string): Text[] => [
  ...(c.fieldErrors[field] ?? []).map((key) => ({ key })),
  ...(c.problem && problemField === field ? [messageFirstText(c.problem)] : []),
];

export function connectSearch(snapshot: SnapshotLike, send: (event: TrackingEvent) => void) {
  const c = snapshot.context;
  const is = (v: unknown) => snapshot.matches(v as never);
  const problemField = c.problem ? FIELD_OF_CODE[c.problem.code] : undefined;
  const codeState = is({ search: { emailCode: 'sending' } }) ? 'sending' : is({ search: { emailCode: 'waiting' } }) ? 'waiting' : 'canSend';
  const captchaState = is({ search: { captcha: 'ready' } }) ? 'ready' : is({ search: { captcha: 'failed' } }) ? 'failed' : 'loading';
  return {
    values: { orderNo: c.orderNo, email: c.email, code: c.code, captcha: c.captcha },
    fieldError: (field: SearchField) => fieldErrorsOf(c, field, problemField),
    formError: c.problem && !problemField ? messageFirstText(c.problem) : null,
    captcha: { state: captchaState as 'loading' | 'ready' | 'failed', image: c.captchaImage },
    emailCode: {
      state: codeState as 'canSend' | 'sending' | 'waiting',
      /** The button stays where it is, focusable, while no code can be sent (aria-disabled, not disabled). */
      canSend: codeState === 'canSend',
      secondsLeft: c.resendSecondsLeft,
      /** Said once when the countdown starts, in a polite status; the button shows the seconds left to the eye only. */
      waitSeconds: codeState === 'waiting' ? c.resendWaitSeconds : null,
      sentTo: c.codeSentTo,
      /** The first code is "Send code"; after one was sent, "Resend". */
      sentBefore: c.codeSentTo !== null,
      /** The field's hint follows the button: "press Send code" until a code was sent, then what to do if none arrives. */
      hint: c.codeSentTo !== null ? 'tracking:fields.codeHintSent' : 'tracking:fields.codeHint',
    },
    searching: is({ search: { form: 'searching' } }),

    setField: (field: SearchField, value: string) => send({ type: 'field.change', field, value }),
    refreshCaptcha: () => send({ type: 'captcha.refresh' }),
    sendCode: () => { if (codeState === 'canSend') send({ type: 'code.send', orderNo: c.orderNo, email: c.email }); },
    submit: () => send({ type: 'search.submit', orderNo: c.orderNo, email: c.email, code: c.code, captcha: c.captcha }),
  };
}

export type SearchView = ReturnType<typeof connectSearch>;

/** Spec section 2 result: "shipped or not, logistics company, tracking number with copy, sent time, order info, auto-renewal flag, active state". */
export function connectResult(snapshot: SnapshotLike, send: (event: TrackingEvent) => void) {
  const c = snapshot.context;
  const order = c.order;
  return {
    order,
    notice: c.notice ? { key: `tracking:notice.${c.notice}` } : null,
    /** eSIMs are not posted: their QR code is emailed. */
    isEsim: order?.simType === 'esim',
    canModify: snapshot.can({ type: 'modify.open' }),
    openModify: () => send({ type: 'modify.open' }),
    searchAgain: () => send({ type: 'search.again' }),
  };
}

export type ResultView = ReturnType<typeof connectResult>;

export function connectModify(snapshot: SnapshotLike, send: (event: TrackingEvent) => void) {
  const c = snapshot.context;
  const saving = snapshot.matches({ modify: 'saving' } as never);
  return {
    values: c.address,
    email: c.email,
    orderNo: c.order?.orderNo ?? c.orderNo,
    fieldError: (field: AddressField) => fieldErrorsOf(c, field),
    formError: c.problem ? messageFirstText(c.problem) : null,
    saving,
    /** The carrier, the shipping fee and the express rule were chosen for the order's country: the change keeps it. */
    country: c.address.country as 'US' | 'CN',
    setField: (field: AddressField, value: string) => send({ type: 'address.change', field, value }),
    submit: () => send({ type: 'address.submit', address: c.address as AddressDraft }),
    cancel: () => send({ type: 'modify.cancel' }),
  };
}

export type ModifyView = ReturnType<typeof connectModify>;
