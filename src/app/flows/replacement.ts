/**
 * The host side of /personal/upgradeNewCard (machines/simReplacementPage.machine.ts, decision 0037): its actors made of
 * real gateway calls, `silent` because the chart shows the errors itself. The order carries one Idempotency-Key per
 * code typed: a retry of the same request (a double press, a lost answer) orders one card.
 */
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { IDEMPOTENCY_HEADER } from '../../contract/headers';
import { replacementActivate, replacementCancel, replacementInfo, replacementOrder } from '../../contract/replacement';
import { securitySendCode } from '../../contract/security';
import { simReplacementPageMachine, type ActivateCardInput, type PlaceOrderInput } from '../../../machines/simReplacementPage.machine';
import type { ReauthChannel } from '../../../machines/numberSecurity.machine';

const keys = new Map<string, string>();
const keyFor = (attempt: string) => {
  let key = keys.get(attempt);
  if (!key) keys.set(attempt, (key = `replace-${crypto.randomUUID()}`));
  return key;
};

export const simReplacementFlow = simReplacementPageMachine.provide({
  actors: {
    loadInfo: fromPromise(() => call(replacementInfo, { silent: true })),
    sendCode: fromPromise(({ input }: { input: { channel: ReauthChannel } }) => call(securitySendCode, { body: input, silent: true })),
    placeOrder: fromPromise(({ input }: { input: PlaceOrderInput }) => call(replacementOrder, {
      body: { reason: input.reason, shipping: { ...input.shipping, country: input.shipping.country === 'CN' ? 'CN' : 'US' }, code: input.code, password: input.password },
      headers: { [IDEMPOTENCY_HEADER]: keyFor(`${input.code}:${JSON.stringify([input.reason, input.shipping])}`) }, silent: true,
    })),
    activateCard: fromPromise(({ input }: { input: ActivateCardInput }) => call(replacementActivate, { body: input, silent: true })),
    cancelReplacement: fromPromise(() => call(replacementCancel, { body: {}, silent: true })),
  },
});
