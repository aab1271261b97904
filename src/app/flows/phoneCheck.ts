/** The host side of the phone check (machines/phoneCheck): its one actor, the gateway's answer; `silent`, the chart shows errors itself. */
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { phoneCheck } from '../../contract/phoneCheck';
import { phoneCheckMachine } from '../../../machines/phoneCheck.machine';

export const phoneCheckFlow = phoneCheckMachine.provide({
  actors: {
    checkPhone: fromPromise(({ input }: { input: { brand: string; model: string; imei: string } }) => call(phoneCheck, { body: input, silent: true })),
  },
});
