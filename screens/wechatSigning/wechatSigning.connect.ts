/**
 * What /wechat-signing shows of the customer's agreement (decision 0046), as a pure function of the gateway's answer:
 * the sentence for its state, the notice after WeChat Pay sent the customer back, and what can be done now.
 */
import type { AgreementView } from '../../src/contract/wechatSigning';

type Agreement = NonNullable<AgreementView['agreement']>;

export interface AgreementDisplay {
  /** wechatSigning:state.* and its values (dates formatted by the view). */
  stateKey: string;
  dateField: 'signExpiresAt' | 'signedAt' | 'endedAt' | null;
  badge: Agreement['state'] | null;
  canSign: boolean;
  canContinue: boolean;
  canCancel: boolean;
  canTopUp: boolean;
}

export function agreementDisplay(agreement: Agreement | null): AgreementDisplay {
  const base = { canSign: false, canContinue: false, canCancel: false, canTopUp: false };
  if (!agreement) return { ...base, stateKey: 'state.none', dateField: null, badge: null, canSign: true };
  switch (agreement.state) {
    case 'signing': return { ...base, stateKey: 'state.signing', dateField: 'signExpiresAt', badge: 'signing', canContinue: true, canCancel: true };
    case 'signed': return { ...base, stateKey: 'state.signed', dateField: 'signedAt', badge: 'signed', canCancel: true, canTopUp: true };
    case 'notSigned': return { ...base, stateKey: `state.${agreement.endReason ?? 'declined'}`, dateField: null, badge: 'notSigned', canSign: true };
    case 'terminated': return { ...base, stateKey: `state.${agreement.endReason === 'wechat' ? 'wechat' : 'customer'}`, dateField: 'endedAt', badge: 'terminated', canSign: true };
  }
}

/** The notice after coming back from WeChat Pay's signing page (`?agreement=` on the return link). */
export function returnedNotice(agreement: Agreement | null): { key: string; tone: 'success' | 'warning' | 'info' } | null {
  if (!agreement) return null;
  switch (agreement.state) {
    case 'signed': return { key: 'returned.signed', tone: 'success' };
    case 'signing': return { key: 'returned.pending', tone: 'info' };
    case 'terminated': return { key: 'returned.ended', tone: 'warning' };
    case 'notSigned': return { key: `returned.${agreement.endReason === 'expired' || agreement.endReason === 'abandoned' ? agreement.endReason : 'declined'}`, tone: 'warning' };
  }
}
