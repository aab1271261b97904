/**
 * The host side of the number-security and CPNI charts (machines/numberSecurity, machines/cpniOptOut): their actors
 * made of real gateway calls, `silent` because the charts show the errors themselves. A SIM change carries one
 * Idempotency-Key per attempt at the form: a retry of the same request changes the SIM once.
 */
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { cpniChoice, cpniSendCode, securityConvert, securityInfo, securityLock, securityPin, securitySendCode } from '../../contract/security';
import { numberSecurityMachine, type GuardedAction, type Performed, type ReauthChannel } from '../../../machines/numberSecurity.machine';
import { cpniOptOutMachine } from '../../../machines/cpniOptOut.machine';

const keys = new Map<string, string>();
const keyFor = (attempt: string) => {
  let key = keys.get(attempt);
  if (!key) keys.set(attempt, (key = `sim-${crypto.randomUUID()}`));
  return key;
};

async function perform({ action, code, password }: { action: GuardedAction; code: string; password: string }): Promise<Performed> {
  if (action === 'unlock') return { info: await call(securityLock, { body: { locked: false, code, password }, silent: true }) };
  if (action === 'pin') {
    const pin = await call(securityPin, { body: { code, password }, silent: true });
    return { info: await call(securityInfo, { silent: true }), pin };
  }
  const info = await call(securityConvert, { body: { direction: action, code, password }, headers: { 'Idempotency-Key': keyFor(`${action}:${code}`) }, silent: true });
  return { info };
}

export const numberSecurityFlow = numberSecurityMachine.provide({
  actors: {
    loadSecurity: fromPromise(() => call(securityInfo, { silent: true })),
    lockNumber: fromPromise(() => call(securityLock, { body: { locked: true }, silent: true })),
    sendCode: fromPromise(({ input }: { input: { channel: ReauthChannel } }) => call(securitySendCode, { body: input, silent: true })),
    perform: fromPromise(({ input }: { input: { action: GuardedAction; code: string; password: string } }) => perform(input)),
  },
});

export const cpniOptOutFlow = cpniOptOutMachine.provide({
  actors: {
    sendCode: fromPromise(({ input }: { input: { phone: string } }) => call(cpniSendCode, { body: input, silent: true })),
    saveChoice: fromPromise(({ input }: { input: { phone: string; code: string; optOut: boolean } }) => call(cpniChoice, { body: input, silent: true })),
  },
});
