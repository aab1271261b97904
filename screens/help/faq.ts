/**
 * The help centre's questions (issue 18; spec section 2: "FAQ (SIM and services; activation and number transfer;
 * international calls and coverage; account management and recharge; refund policy)"), in the spec's five categories.
 * The words are in the `help` namespace (`help:q.<id>.q` and `.a`), the same outline in every language; each question's
 * id is its address on the page (`/helpSupport/commonProblem#<id>`). `links` are pages of the product the answer
 * speaks of, shown when they exist.
 */
import { NOT_REFUNDABLE } from '../../src/domain/refunds';

export const FAQ_CATEGORIES = ['sim', 'activation', 'calls', 'account', 'refund'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface FaqLink { to: string; label: string }
export interface FaqQuestion {
  id: string;
  category: FaqCategory;
  links?: FaqLink[];
  /** Full keys of a list shown under the answer (the refund rules of spec section 9 the terms list too). */
  items?: string[];
}

const link = (to: string, label: string): FaqLink => ({ to, label: `help:links.${label}` });

export const FAQ: readonly FaqQuestion[] = [
  { id: 'plansInclude', category: 'sim', links: [link('/plans/propagate', 'plans')] },
  { id: 'multiMonth', category: 'sim', links: [link('/plans/propagate', 'plans')] },
  { id: 'simOrEsim', category: 'sim', links: [link('/esim', 'esim'), link('/phone-detection', 'phoneCheck'), link('/tracking', 'tracking')] },
  { id: 'globalSim', category: 'sim', links: [link('/plans/global', 'globalSim')] },
  { id: 'dualNumber', category: 'sim', links: [link('/personal/doubleNumber/publicity', 'dualNumber')] },
  { id: 'addOns', category: 'sim', links: [link('/personal/businessManegement/flowPacket', 'addOns'), link('/personal/businessManegement/roamPack', 'roaming')] },
  { id: 'wifiCalling', category: 'sim', links: [link('/personal/wificall', 'wifiCall')] },
  { id: 'howActivate', category: 'activation', links: [link('/activation', 'activate')] },
  { id: 'activationDeadline', category: 'activation', links: [link('/activation', 'activate')] },
  { id: 'wrongCode', category: 'activation', links: [link('/aboutUs/contactUs', 'contact')] },
  { id: 'keepNumber', category: 'activation', links: [link('/activation', 'activate')] },
  { id: 'esimDetails', category: 'activation', links: [link('/person/scanInstall', 'scanInstall')] },
  { id: 'toEsim', category: 'activation', links: [link('/personal/security', 'security')] },
  { id: 'swapProtection', category: 'activation', links: [link('/personal/security', 'security')] },
  { id: 'freeCalls', category: 'calls', links: [link('/rates', 'rates')] },
  { id: 'ildAccount', category: 'calls', links: [link('/personal/pay/changeAccount', 'topUp'), link('/rates', 'rates')] },
  { id: 'abroad', category: 'calls', links: [link('/personal/businessManegement/roamPack', 'roaming'), link('/plans/global', 'globalSim')] },
  { id: 'coverage', category: 'calls', links: [link('/coverage', 'coverage')] },
  { id: 'phoneWorks', category: 'calls', links: [link('/phone-detection', 'phoneCheck')] },
  { id: 'slowData', category: 'calls', links: [link('/personal/businessManegement/flowPacket', 'addOns')] },
  { id: 'login', category: 'account', links: [link('/login', 'login'), link('/resetpwd', 'resetPassword')] },
  { id: 'topUp', category: 'account', links: [link('/personal/pay/changeAccount', 'topUp')] },
  { id: 'autoRenewal', category: 'account', links: [link('/personal/autosubscription/subscription', 'autoRenewal')] },
  { id: 'suspended', category: 'account', links: [link('/personal/pay/changeAccount', 'topUp')] },
  { id: 'numberKeeping', category: 'account', links: [link('/personal/protect', 'protect')] },
  { id: 'billsOrders', category: 'account', links: [link('/mybill', 'bills'), link('/tracking', 'tracking')] },
  { id: 'cardsPayment', category: 'account', links: [link('/mybank', 'bankCards')] },
  { id: 'privacyChoices', category: 'account', links: [link('/personal/myinfo', 'myInfo'), link('/cpni-out', 'cpni')] },
  { id: 'returnSim', category: 'refund', links: [link('/serviceTerms/serviceClause#refunds', 'refundTerms')] },
  { id: 'notRefundable', category: 'refund', items: NOT_REFUNDABLE.map((item) => `legal:refunds.notRefundable.${item}`) },
  { id: 'earlyEnd', category: 'refund' },
  { id: 'askRefund', category: 'refund', links: [link('/aboutUs/contactUs', 'contact'), link('/serviceTerms/serviceClause#refunds', 'refundTerms')] },
];

export const questionKey = (id: string, part: 'q' | 'a') => `help:q.${id}.${part}`;
