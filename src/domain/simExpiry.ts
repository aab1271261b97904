/**
 * The time limits of a card that has not been activated (spec section 4: "Physical SIM must be activated within 90
 * days of purchase; eSIM QR valid 30 days"; section 9: "Activation within 90 days; eSIM QR 30 days"). Step 1 answers
 * 120018 past them, and the server's clock job moves such cards to `expired` (machines/simLifecycle.machine.ts).
 */
const DAY_MS = 86_400_000;

export const PHYSICAL_ACTIVATION_DAYS = 90;
export const ESIM_QR_VALID_DAYS = 30;

export interface ExpiryFacts {
  simType: 'physical' | 'esim';
  /** When the card was bought (physical: the 90 days count from here). */
  purchasedAt: Date | null;
  /** eSIM: the end of its QR code's 30 days (set when the QR email is sent). */
  qrExpiresAt: Date | null;
}

/** The moment the card can no longer be activated; null when no limit runs yet (no purchase recorded, no QR sent). */
export function activationDeadline(card: ExpiryFacts): Date | null {
  if (card.simType === 'esim') return card.qrExpiresAt;
  return card.purchasedAt ? new Date(card.purchasedAt.getTime() + PHYSICAL_ACTIVATION_DAYS * DAY_MS) : null;
}

/** True once the card's deadline has come (at that very moment included). */
export function activationWindowClosed(card: ExpiryFacts, now: Date): boolean {
  const deadline = activationDeadline(card);
  return deadline !== null && now.getTime() >= deadline.getTime();
}
