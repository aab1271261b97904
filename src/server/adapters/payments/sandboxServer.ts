/**
 * The payment providers' sandbox, served on its OWN origin (another port), like Square's Web Payments SDK and
 * WeChat Pay: the card form, tokenization, the payments API and the WeChat "phone". SKELETON: filled by the
 * payments work.
 */
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { PaymentProviders } from './types';

export interface PaymentSandbox { url: string; providers: PaymentProviders; close(): Promise<void> }

export async function startPaymentSandbox(_opts: { db: Db; clock: Clock; port: number; host?: string }): Promise<PaymentSandbox> {
  const no = async (): Promise<never> => { throw new Error('payment sandbox not built yet'); };
  return {
    url: 'http://127.0.0.1:0',
    providers: {
      card: { createPayment: no, listPayments: no, refundPayment: no, browserConfig: () => ({ sdkUrl: '', origin: '', applicationId: '', locationId: '' }) },
      wechat: { createNativeOrder: no, queryOrder: no, closeOrder: no, refund: no, verifyNotification: () => null },
    },
    close: async () => undefined,
  };
}
