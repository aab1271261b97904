/** Model of the WeChat Pay agreement lifecycle (issue 18 section 3, decision 0046): one payload per event and reason. */
import { chartById } from '../index';
import type { ChartModel } from '../paths';

export const wechatAgreementModel: ChartModel = {
  entry: chartById('wechatAgreement')!,
  payloads: {
    'agreement.signed': [{ contractId: '20123456789012345678' }],
    'agreement.notSigned': [{ reason: 'declined' }, { reason: 'expired' }],
  },
};
