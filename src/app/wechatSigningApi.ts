/**
 * The WeChat Pay agreement's calls (/wechat-signing, decision 0046): the agreement, signing, cancelling, and a top-up
 * created and paid under it. Always `silent`: the page shows its own errors in place, next to what the customer typed.
 */
import { call } from '../api/client';
import { topUpCreate, type TopUpFormInput } from '../contract/money';
import { IDEMPOTENCY_HEADER } from '../contract/headers';
import { payStatus } from '../contract/payments';
import { wechatAgreementCancel, wechatAgreementInfo, wechatAgreementPay, wechatAgreementSign } from '../contract/wechatSigning';

export const wechatSigningApi = {
  info: (agreement: string | null) => call(wechatAgreementInfo, { query: agreement ? { agreement } : {}, silent: true }),
  sign: () => call(wechatAgreementSign, { silent: true }),
  cancel: () => call(wechatAgreementCancel, { silent: true }),
  /** One key per submission: a retry of the same submission is the same top-up, and the same deduction. */
  topUp: (body: TopUpFormInput, key: string) => call(topUpCreate, { body, headers: { [IDEMPOTENCY_HEADER]: key }, silent: true }),
  pay: (orderNo: string, key: string) => call(wechatAgreementPay, { body: { orderNo }, headers: { [IDEMPOTENCY_HEADER]: key }, silent: true }),
  status: (orderNo: string) => call(payStatus, { query: { orderNo }, silent: true, background: true }),
};
