/**
 * The US-China dual number's business constants and real-name rules (spec sections 3, 4, 5 and 9), shared by the
 * chart (machines/dualNumber.machine.ts), the gateway and the screens. Decision 0034 records the readings.
 */

/** Spec section 9: "Dual number: $1.99 per 30 days, first month free". */
export const DUAL_PRICE_CENTS = 199;
export const DUAL_PERIOD_DAYS = 30;
/** Spec section 9: "real-name review 3 working days" (US working days, src/domain/workingDays.ts). */
export const DUAL_REVIEW_WORKING_DAYS = 3;
/** Spec section 4: "audit failed (re-upload or give up; cancelled after deadline)": the deadline we set (decision 0034). */
export const DUAL_AUDIT_DEADLINE_DAYS = 30;
/** Spec section 4: "Auto-shutdown after 3 months overdue". */
export const DUAL_OVERDUE_MONTHS = 3;
/** Spec section 4: "China number kept 3 months after close". */
export const DUAL_KEEP_MONTHS = 3;

/** Calendar months later, the day kept (clamped to the month's last day: Nov 30 + 3 months is Feb 28), in UTC. */
export function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * Spec section 5 gives two lists: "Unsupported: mainland ID cards, Home Return Permits, Taiwan passports and resident
 * IDs. Other text lists passports, HK/Macau IDs and Taiwan permit as accepted." Read together (decision 0034): the
 * accepted documents are a passport (any country's, except one issued in Taiwan), a Hong Kong or Macau identity card,
 * and the Mainland Travel Permit for Taiwan Residents; the unsupported ones are named so the form can say why.
 */
export const ID_TYPES = ['passport', 'hkId', 'macauId', 'taiwanPermit'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const UNSUPPORTED_ID_TYPES = ['mainlandId', 'homeReturnPermit', 'taiwanPassport', 'taiwanResidentId'] as const;

/** Spec section 5: "ID fields: lengths 2-20, 2-30, 2-60". */
export const ID_FIELD_LENGTHS = {
  idNumber: { min: 2, max: 20 },
  idName: { min: 2, max: 30 },
  issuePlace: { min: 2, max: 30 },
  address: { min: 2, max: 60 },
} as const;

/** A passport issued in Taiwan is one of spec section 5's unsupported documents. */
export const isUnsupportedDocument = (idType: IdType, nationality: string): boolean => idType === 'passport' && nationality.toUpperCase() === 'TW';

/** Spec section 3: "photos (hand-held, front, back)"; spec section 5: "hand-held, front, back required". */
export const ID_PHOTO_SLOTS = ['handheld', 'front', 'back'] as const;
export type IdPhotoSlot = (typeof ID_PHOTO_SLOTS)[number];
