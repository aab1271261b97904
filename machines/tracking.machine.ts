/**
 * /tracking (spec section 2): "order number, email, email verification code (send-code countdown), security code.
 * Result: shipped or not, logistics company, tracking number with copy, sent time, order info, auto-renewal flag,
 * active state." /tracking/modify changes the shipping address while the order is not shipped (spec section 4:
 * "Shipment: shipped or not shipped"). Issue 3: "Nobody can read an order without the code sent to its email": the
 * grant the search answers lives in this chart's context only, never in storage.
 * Pure: every call is a named actor, provided by src/app/flows/tracking.ts (and by fakes in test/model).
 */
import { assign, fromPromise, setup } from 'xstate';
import { z } from 'zod';
import type { DataOf } from '../src/contract/endpoint';
import { captchaField, emailField, smsCodeField } from '../src/contract/fields';
import { deliveryShippingSchema, type DeliveryShippingInput } from '../src/contract/orders';
import { orderNoField, trackingView, type TrackingView, type trackingModify, type trackingSearch, type trackingSendCode } from '../src/contract/tracking';
import { toProblem, type Problem } from './login.machine';
import { captchaActions, captchaActors, captchaRegion, type CaptchaContext, type CaptchaEvent } from './parts/captcha';
import { resendCountdownActions, resendCountdownAfter, resendCountdownOf, resendWaitLeft, resendWaiting, type ResendCountdownContext } from './parts/resendCountdown';

export type SearchField = 'orderNo' | 'email' | 'code' | 'captcha';
export const ADDRESS_FIELDS = ['country', 'firstNameEn', 'lastNameEn', 'firstNameZh', 'lastNameZh', 'phone', 'address1', 'address2', 'city', 'state', 'zip'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
/** The change-address form as typed: every field a string (country 'US' or 'CN'). */
export type AddressDraft = Record<AddressField, string>;
export type TrackingFieldErrors = Partial<Record<SearchField | AddressField, string[]>>;
export type TrackingNotice = 'addressSaved' | 'alreadyShipped' | null;

export interface TrackingContext extends CaptchaContext, ResendCountdownContext {
  orderNo: string;
  email: string;
  code: string;
  /** The email a code was last sent for (the screen says where to look). */
  codeSentTo: string | null;
  fieldErrors: TrackingFieldErrors;
  problem: Problem | null;
  /** The grant of one search: reads and changes this order only; memory only. */
  trackingToken: string | null;
  order: TrackingView | null;
  address: AddressDraft;
  notice: TrackingNotice;
}

export type SendCodeEvent = { type: 'code.send'; orderNo: string; email: string };
export type SearchEvent = { type: 'search.submit'; orderNo: string; email: string; code: string; captcha: string };
export type TrackingEvent =
  | { type: 'field.change'; field: SearchField; value: string }
  | CaptchaEvent
  | SendCodeEvent
  | SearchEvent
  | { type: 'modify.open' }
  | { type: 'address.change'; field: AddressField; value: string }
  | { type: 'address.submit'; address: AddressDraft }
  | { type: 'modify.cancel' }
  | { type: 'search.again' };

export interface TrackingInput { orderNo?: string | null; email?: string | null }
export interface SendTrackingCodeInput { orderNo: string; email: string }
export interface SearchInput { orderNo: string; email: string; code: string; captcha: string; captchaToken: string }
export interface ModifyAddressInput { trackingToken: string; shipping: DeliveryShippingInput }

const hostProvides = <O, I>() => fromPromise<O, I>(() => Promise.reject(new Error('provided by the host (src/app/flows/tracking.ts)')));

const issuesByField = <F extends string>(schema: z.ZodType, value: unknown, fallback: F): Partial<Record<F, string[]>> => {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Partial<Record<F, string[]>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    const field = (typeof key === 'string' ? key : fallback) as F;
    (out[field] ??= []).push(issue.message);
  }
  return out;
};

const sendCodeForm = z.object({ orderNo: orderNoField, email: emailField });
const searchForm = z.object({ orderNo: orderNoField, email: emailField, code: smsCodeField, captcha: captchaField });

export const EMPTY_ADDRESS: AddressDraft = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, f === 'country' ? 'US' : ''])) as AddressDraft;

/** The draft as the contract's shipping info; the email is the one the order was found with and is not changed here. */
export const toShipping = (address: AddressDraft, email: string): DeliveryShippingInput => ({
  country: address.country as 'US' | 'CN',
  firstNameEn: address.firstNameEn,
  lastNameEn: address.lastNameEn,
  firstNameZh: address.firstNameZh || null,
  lastNameZh: address.lastNameZh || null,
  phone: address.phone,
  email,
  address1: address.address1,
  address2: address.address2 || null,
  city: address.city,
  state: address.state,
  zip: address.zip,
});

export const draftOf = (order: TrackingView): AddressDraft => {
  const s = order.shipping;
  return {
    country: s.country, firstNameEn: s.firstNameEn, lastNameEn: s.lastNameEn, firstNameZh: s.firstNameZh ?? '', lastNameZh: s.lastNameZh ?? '',
    phone: s.phone, address1: s.address1 ?? '', address2: s.address2 ?? '', city: s.city ?? '', state: s.state ?? '', zip: s.zip ?? '',
  };
};

export const trackingProblems = {
  sendCode: (e: { orderNo: string; email: string }) => issuesByField<SearchField>(sendCodeForm, e, 'orderNo'),
  search: (e: { orderNo: string; email: string; code: string; captcha: string }) => issuesByField<SearchField>(searchForm, e, 'orderNo'),
  address: (address: AddressDraft, email: string) => issuesByField<AddressField>(deliveryShippingSchema, toShipping(address, email), 'address1'),
};

const isEmpty = (errors: object) => Object.keys(errors).length === 0;
const errorCode = (event: unknown) => toProblem((event as { error?: unknown }).error);

export const trackingMachine = setup({
  types: {
    context: {} as TrackingContext,
    events: {} as TrackingEvent,
    input: {} as TrackingInput | undefined,
  },
  actors: {
    ...captchaActors,
    sendCode: hostProvides<DataOf<typeof trackingSendCode>, SendTrackingCodeInput>(),
    search: hostProvides<DataOf<typeof trackingSearch>, SearchInput>(),
    modifyAddress: hostProvides<DataOf<typeof trackingModify>, ModifyAddressInput>(),
  },
  delays: {
    /** The wait the gateway asked for before another code (resendAfterSeconds). */
    resendWait: resendWaitLeft,
  },
  guards: {
    orderAndEmailAreValid: ({ event }) => event.type === 'code.send' && isEmpty(trackingProblems.sendCode(event)),
    searchFormIsComplete: ({ context, event }) =>
      event.type === 'search.submit' && context.captchaToken !== null && isEmpty(trackingProblems.search(event)),
    orderCanBeModified: ({ context }) => context.order?.canModify === true,
    addressIsValid: ({ context, event }) => event.type === 'address.submit' && isEmpty(trackingProblems.address(event.address, context.email)),
    orderHasShipped: ({ event }) => errorCode(event).code === 'alreadyShipped',
    grantHasExpired: ({ event }) => {
      const p = errorCode(event);
      return p.code === 'ticketInvalid' || p.status === 401 || p.status === 403;
    },
  },
  actions: {
    rememberTyping: assign(({ context, event }) =>
      event.type === 'field.change' ? { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } } : {}),
    keepSubmitted: assign(({ event }) => {
      if (event.type === 'code.send') return { orderNo: event.orderNo, email: event.email };
      if (event.type === 'search.submit') return { orderNo: event.orderNo, email: event.email, code: event.code, captcha: event.captcha };
      return {};
    }),
    markInvalidFields: assign(({ context, event }) => {
      if (event.type === 'code.send') {
        return { orderNo: event.orderNo, email: event.email, fieldErrors: { ...context.fieldErrors, ...trackingProblems.sendCode(event) } };
      }
      if (event.type === 'search.submit') {
        const errors = trackingProblems.search(event);
        return {
          orderNo: event.orderNo, email: event.email, code: event.code, captcha: event.captcha,
          fieldErrors: isEmpty(errors) ? { captcha: ['login:captcha.notReady'] } : errors,
        };
      }
      return {};
    }),
    clearProblems: assign({ fieldErrors: {}, problem: null }),
    showProblem: assign({ problem: ({ event }) => errorCode(event) }),
    ...captchaActions<TrackingContext, TrackingEvent>(),
    startResendCountdown: assign(({ context, event }) => ({
      codeSentTo: context.email,
      ...resendCountdownAfter((event as { output?: { resendAfterSeconds?: number } }).output),
    })),
    ...resendCountdownActions<TrackingContext, TrackingEvent>(),
    keepGrant: assign(({ event }) => {
      const output = (event as { output?: DataOf<typeof trackingSearch> }).output;
      return { trackingToken: output?.trackingToken ?? null, order: output?.order ?? null, code: '', notice: null };
    }),
    forgetGrant: assign({ trackingToken: null, order: null, code: '', notice: null, fieldErrors: {}, problem: null, ...resendCountdownOf(0) }),
    prefillAddress: assign(({ context }) => ({ address: context.order ? draftOf(context.order) : EMPTY_ADDRESS, notice: null, fieldErrors: {}, problem: null })),
    rememberAddress: assign(({ context, event }) =>
      event.type === 'address.change'
        ? { address: { ...context.address, [event.field]: event.value }, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } }
        : {}),
    keepAddress: assign(({ event }) => (event.type === 'address.submit' ? { address: event.address } : {})),
    markInvalidAddress: assign(({ context, event }) =>
      event.type === 'address.submit' ? { address: event.address, fieldErrors: trackingProblems.address(event.address, context.email) } : {}),
    keepOrder: assign({ order: ({ context, event }) => (event as { output?: TrackingView }).output ?? context.order }),
    announceSaved: assign({ notice: 'addressSaved' as TrackingNotice }),
    /**
     * 'alreadyShipped': the parcel has left, even when the gateway has not heard the carrier's details yet. The order as
     * the gateway answers it with the error is kept when it comes; either way it reads shipped and no longer changeable.
     */
    keepShippedOrder: assign({
      order: ({ context, event }) => {
        const now = trackingView.safeParse((event as { error?: { data?: unknown } }).error?.data);
        const order = now.success ? now.data : context.order;
        return order ? { ...order, shipped: true, logisticsStatus: 'shipped' as const, canModify: false } : null;
      },
    }),
    announceAlreadyShipped: assign({ notice: 'alreadyShipped' as TrackingNotice }),
  },
}).createMachine({
  id: 'tracking',
  description: 'Spec section 2, /tracking: find an order by order number, email, the code emailed to it and the security code; see its shipment; change the address before it ships.',
  context: ({ input }) => ({
    orderNo: input?.orderNo ?? '', email: input?.email ?? '', code: '', captcha: '',
    captchaImage: null, captchaToken: null, codeSentTo: null, ...resendCountdownOf(0), fieldErrors: {}, problem: null,
    trackingToken: null, order: null, address: EMPTY_ADDRESS, notice: null,
  }),
  initial: 'search',
  states: {
    search: {
      description: 'Spec section 2, /tracking/search: "order number, email, email verification code (send-code countdown), security code."',
      type: 'parallel',
      on: {
        'field.change': { actions: 'rememberTyping', description: 'Nothing the customer typed is lost: every field is kept across errors (STYLE.md).' },
      },
      states: {
        captcha: captchaRegion({
          region: 'Spec section 2: the "security code", an image captcha from GET /gateway/pcapp/createImg, single use.',
          loaded: 'Spec section 7: createImg "returns image (captcha)" and its token.',
          ready: 'Spec section 2, Tracking: "security code" (an image code, spec section 7 createImg); it works once.',
          spent: 'A search carried the security code: it is used up, so a new one is fetched.',
        }),
        emailCode: {
          description: 'Spec section 2: "email verification code (send-code countdown)"; issue 3: "the code emailed".',
          initial: 'canSend',
          states: {
            canSend: {
              description: 'Spec section 2, Tracking: "email verification code (send-code countdown)": a code can be sent to the email of the order.',
              on: {
                'code.send': [
                  { guard: 'orderAndEmailAreValid', target: 'sending', actions: ['keepSubmitted', 'clearProblems'], description: 'Order number and email are filled in and well formed: the gateway emails a code when they belong together.' },
                  { actions: 'markInvalidFields', description: 'Spec section 5 rules fail: each field shows its own message and nothing typed is lost.' },
                ],
              },
            },
            sending: {
              description: 'Contract trackingSendCode: "always the same answer whether or not the order and email match" (no order enumeration).',
              tags: ['technical'],
              invoke: {
                id: 'sendCode', src: 'sendCode',
                input: ({ context }) => ({ orderNo: context.orderNo, email: context.email }),
                onDone: { target: 'waiting', actions: 'startResendCountdown', description: 'Spec section 2: "send-code countdown" starts; the code goes to the order\'s email.' },
                onError: { target: 'canSend', actions: 'showProblem', description: 'Too many codes or the gateway is unreachable: the message says what to do next.' },
              },
            },
            waiting: resendWaiting({
              wait: 'resendWait',
              then: 'canSend',
              description: 'Spec section 2: "send-code countdown": no new code until the wait the gateway asked for is over.',
              over: 'The countdown is over: another code may be sent.',
            }),
          },
        },
        form: {
          description: 'Spec section 2, Tracking: "order number, email, email verification code (send-code countdown), security code".',
          initial: 'editing',
          states: {
            editing: {
              description: 'Spec section 2: "order number, email, email verification code ..., security code".',
              on: {
                'search.submit': [
                  { guard: 'searchFormIsComplete', target: 'searching', actions: ['keepSubmitted', 'clearProblems'], description: 'Every field is filled in and well formed, with a security code shown.' },
                  { actions: 'markInvalidFields', description: 'Spec section 5 rules fail: each field shows its own message and nothing typed is lost.' },
                ],
              },
            },
            searching: {
              description: 'Contract trackingSearch: the order and its shipment, for order number + email + the emailed code + the security code.',
              tags: ['technical'],
              invoke: {
                id: 'search', src: 'search',
                input: ({ context }) => ({ orderNo: context.orderNo, email: context.email, code: context.code, captcha: context.captcha, captchaToken: context.captchaToken ?? '' }),
                onDone: { target: '#tracking.result', actions: 'keepGrant', description: 'Issue 3: the code sent to the order\'s email proves the reader; the grant stays in memory only.' },
                onError: { target: 'editing', actions: ['captchaIsSpent', 'showProblem'], description: 'A wrong or expired code, a wrong security code or no such order: the message says what to do; a new security code is loaded.' },
              },
            },
          },
        },
      },
    },
    result: {
      description: 'Spec section 2, /tracking/result: "shipped or not, logistics company, tracking number with copy, sent time, order info, auto-renewal flag, active state."',
      on: {
        'modify.open': { guard: 'orderCanBeModified', target: 'modify', actions: 'prefillAddress', description: 'Issue 3: "/tracking/modify changes the shipping address while the order is not shipped."' },
        'search.again': { target: 'search', actions: 'forgetGrant', description: 'Another search needs another emailed code: the grant is forgotten.' },
      },
    },
    modify: {
      description: 'Spec section 2, /tracking/modify: the shipping address (spec section 3 "Shipping info"), while the order is not shipped.',
      initial: 'editing',
      states: {
        editing: {
          description: 'Spec section 3 "Shipping info: country, English and Chinese names, phone, email, address 1, address 2, city, state, zip"; spec section 5: "US zip 5 digits and matches state".',
          on: {
            'address.change': { actions: 'rememberAddress', description: 'Nothing the customer typed is lost (STYLE.md).' },
            'address.submit': [
              { guard: 'addressIsValid', target: 'saving', actions: ['keepAddress', 'clearProblems'], description: 'Spec section 5: "English name fields letters only; Chinese name fields Chinese only. Phone must be valid", "US zip 5 digits and matches state".' },
              { actions: 'markInvalidAddress', description: 'Spec section 5 rules fail: each field shows its own message and nothing typed is lost.' },
            ],
            'modify.cancel': { target: '#tracking.result', actions: 'clearProblems', description: 'The customer keeps the address as it was.' },
            'search.again': { target: '#tracking.search', actions: 'forgetGrant', description: 'Another search needs another emailed code: the grant is forgotten.' },
          },
        },
        saving: {
          description: 'Contract trackingModify: "Changes the shipping address of a paid order that has not shipped."',
          tags: ['technical'],
          invoke: {
            id: 'modifyAddress', src: 'modifyAddress',
            input: ({ context }) => ({ trackingToken: context.trackingToken ?? '', shipping: toShipping(context.address, context.email) }),
            onDone: { target: '#tracking.result', actions: ['keepOrder', 'announceSaved'], description: 'The new address is saved; the result shows it.' },
            onError: [
              { guard: 'orderHasShipped', target: '#tracking.result', actions: ['keepShippedOrder', 'announceAlreadyShipped'], description: 'Spec section 4 "Shipment: shipped or not shipped": once shipped, the address can no longer change (\'alreadyShipped\').' },
              { guard: 'grantHasExpired', target: '#tracking.search', actions: ['forgetGrant', 'showProblem'], description: 'The grant of the search has expired: the customer searches again with a new emailed code.' },
              { target: 'editing', actions: 'showProblem', description: 'The gateway refused the address or could not be reached: the message says why; what was typed is kept.' },
            ],
          },
        },
      },
    },
  },
});

export type TrackingMachine = typeof trackingMachine;
