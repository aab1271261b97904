/**
 * The refund rules of spec section 9: "Refund: SIM returnable within 7 days unopened and unactivated; refund in 14-15
 * working days; buyer pays return shipping; promotions, eSIM, auto-renewals, activated add-ons and top-ups not
 * refundable." The terms of service say them from here (and the help centre will).
 */
export const RETURN_WITHIN_DAYS = 7;
export const REFUND_WORKING_DAYS = { from: 14, to: 15 } as const;
/** What is never refunded, in the spec's order. */
export const NOT_REFUNDABLE = ['promotions', 'esim', 'autoRenewals', 'activatedAddOns', 'topUps'] as const;
export type NotRefundable = (typeof NOT_REFUNDABLE)[number];
