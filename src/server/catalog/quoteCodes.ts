/**
 * Discount and referral codes of the purchase form, checked on the server's clock: "discount code invalid or
 * expired", "referral code invalid or expired" (spec section 8). Each failure names its field so the form puts
 * the message next to the code box, and keeps what was typed.
 */
import { eq } from 'drizzle-orm';
import type { CodeDiscount } from '../../domain/pricing';
import type { Db } from '../db/database';
import { discountCodes, referralCodes } from '../db/schema';
import { GatewayError } from '../http/errors';

export const fieldError = (code: ConstructorParameters<typeof GatewayError>[0], field: string) =>
  new GatewayError(code, { data: { field } });

const live = (row: { active: boolean; startsAt?: Date | null; expiresAt: Date | null }, now: Date) =>
  row.active && (!row.startsAt || row.startsAt <= now) && (!row.expiresAt || row.expiresAt > now);

/** A discount code must exist, be active, have started and not have expired. */
export async function checkCoupon(db: Db, code: string, now: Date): Promise<CodeDiscount> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  if (!row || !live(row, now)) throw fieldError('couponInvalid', 'couponCode');
  return row.kind === 'percent' ? { kind: 'percent', percent: row.value } : { kind: 'amount', cents: row.value };
}

/**
 * A referral code must exist, be active and not have expired; a customer cannot refer themselves, so a
 * logged-in customer's own code is not valid for them.
 */
export async function checkReferral(db: Db, code: string, now: Date, customerId: number | null): Promise<void> {
  const [row] = await db.select().from(referralCodes).where(eq(referralCodes.code, code));
  if (!row || !live(row, now)) throw fieldError('referralInvalid', 'referralCode');
  if (customerId !== null && row.customerId === customerId) throw fieldError('referralInvalid', 'referralCode');
}
