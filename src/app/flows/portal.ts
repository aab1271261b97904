/**
 * The host side of the portal home's charts (wifiCalling, esimInstall): their named actors made of real gateway
 * calls, `silent` because the charts show the errors themselves.
 */
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { installReveal, installSendCode, wifiCallInfo, wifiCallUpdate } from '../../contract/portal';
import type { E911AddressInput } from '../../contract/activation';
import type { WifiCallInfo } from '../../contract/portal';
import { wifiCallingMachine } from '../../../machines/wifiCalling.machine';
import { esimInstallMachine, type InstallChannel } from '../../../machines/esimInstall.machine';

/**
 * One Idempotency-Key per address typed: the same address sent again (a retry after a network failure, a double
 * click) is the same request to the network; another address is a new one.
 */
const keys = new Map<string, string>();
const keyFor = (address: E911AddressInput): string => {
  const id = JSON.stringify(address);
  let key = keys.get(id);
  if (!key) {
    key = `e911-${crypto.randomUUID()}`;
    keys.set(id, key);
  }
  return key;
};

export const wifiCallingActors = {
  loadWifiCall: fromPromise<WifiCallInfo>(() => call(wifiCallInfo, { silent: true })),
  saveE911: fromPromise<WifiCallInfo, E911AddressInput>(({ input }) =>
    call(wifiCallUpdate, { body: input, headers: { 'Idempotency-Key': keyFor(input) }, silent: true })),
};

export const wifiCallingFlow = wifiCallingMachine.provide({ actors: wifiCallingActors });

export const esimInstallActors = {
  sendCode: fromPromise(({ input }: { input: { line: 'us' | 'global'; channel: InstallChannel } }) =>
    call(installSendCode, { body: input, silent: true })),
  reveal: fromPromise(({ input }: { input: { line: 'us' | 'global'; code: string; password: string } }) =>
    call(installReveal, { body: input, silent: true })),
};

export const esimInstallFlow = esimInstallMachine.provide({ actors: esimInstallActors });
