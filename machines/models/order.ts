/** Model of the order's status (machines/order.machine.ts): one payload per guard branch. */
import { chartById } from '../index';
import type { ChartModel } from '../paths';

export const orderModel: ChartModel = {
  entry: chartById('order')!,
  payloads: {
    'payment.start': [{ method: 'bank_card' }],
    'payment.succeeded': [{ method: 'bank_card' }],
    'payment.failed': [{ method: 'bank_card', failureCode: 'cardDeclined' }],
    'payment.restore': [{ earlierFailure: true }, { earlierFailure: false }],
    'order.cancel': [{ failureCode: 'activationPlanExists' }],
  },
};
