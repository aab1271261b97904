/** Model of the port-in lifecycle (machines/portIn.machine.ts): no guards; one payload per carrier answer. */
import { chartById } from '../index';
import type { ChartModel } from '../paths';

export const CARRIER_MESSAGE = {
  pin: 'Port request rejected: the PIN/passcode does not match the account.',
  notPortable: 'Port request rejected: the number is not eligible for port-out.',
};

export const portInModel: ChartModel = {
  entry: chartById('portIn')!,
  payloads: {
    'portIn.requested': [{ networkRef: 'PRT-0001' }],
    'portIn.informationRequired': [{ reason: 'pin', carrierMessage: CARRIER_MESSAGE.pin }],
    'portIn.declined': [{ reason: 'notPortable', carrierMessage: CARRIER_MESSAGE.notPortable }],
  },
};
