/**
 * Spec section 6: "Referral and campaigns: current individual users (bought but unactivated included); not business
 * customers, enterprise, employee or agents." Every account has one customer type; new accounts are individual.
 */
export const CUSTOMER_TYPES = ['individual', 'business', 'enterprise', 'employee', 'agent'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** Only individual customers take part in the referral programme and the campaigns. */
export const joinsProgrammes = (type: CustomerType): boolean => type === 'individual';
