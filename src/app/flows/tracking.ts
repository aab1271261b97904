/**
 * The host side of the tracking chart: its named actors made of real gateway calls. Calls pass `silent: true`
 * because the chart shows the error itself (next to the field or on the form).
 */
import { fromPromise } from 'xstate';
import { call, captchaHeaders } from '../../api/client';
import { trackingModify, trackingSearch, trackingSendCode } from '../../contract/tracking';
import { trackingMachine, type ModifyAddressInput, type SearchInput, type SendTrackingCodeInput } from '../../../machines/tracking.machine';
import { loadCaptcha } from './login';

export const trackingActors = {
  loadCaptcha,
  sendCode: fromPromise(({ input }: { input: SendTrackingCodeInput }) =>
    call(trackingSendCode, { body: input, silent: true })),
  search: fromPromise(({ input }: { input: SearchInput }) =>
    call(trackingSearch, {
      body: { orderNo: input.orderNo, email: input.email, code: input.code },
      headers: captchaHeaders(input.captcha, input.captchaToken),
      silent: true,
    })),
  modifyAddress: fromPromise(({ input }: { input: ModifyAddressInput }) =>
    call(trackingModify, { body: input, silent: true })),
};

/** The tracking chart with real calls. */
export const trackingFlow = trackingMachine.provide({ actors: trackingActors });
