/** Activation status (spec section 3, Order: "activation status") of a SIM, and of an order from its SIMs. */
export type SimActivationStatus = 'inactive' | 'activating' | 'activated' | 'expired';

/**
 * The order's activation status: the furthest any of its SIMs got, so one activated line shows; expired only when
 * every SIM has. The order page and the tracking result both show it.
 */
export function orderActivationStatus(statuses: readonly (SimActivationStatus | 'void')[]): SimActivationStatus {
  for (const s of ['activated', 'activating'] as const) if (statuses.includes(s)) return s;
  // A void card (its line moved to a replacement, or a cancelled replacement: decision 0037) works no more, as an expired one.
  return statuses.length > 0 && statuses.every((s) => s === 'expired' || s === 'void') ? 'expired' : 'inactive';
}

/**
 * Step 1's limit on wrong activation codes (decision 0010: "attempts on one ICCID are limited, so the 6-digit code
 * cannot be guessed"): 5 tries, then the card is locked for 15 minutes. The gateway counts them; the page says how
 * many are left.
 */
export const ACTIVATION_MAX_TRIES = 5;
export const ACTIVATION_LOCK_MINUTES = 15;
