/** The account's referral code (spec section 3, Account: "referral code (4 characters)"), drawn when first asked for. */
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../context';
import { referralCodes } from '../db/schema';

/** Referral codes are read aloud and typed: no 0/O, 1/I/L, U/V. */
const REFERRAL_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';

/** The account's active referral code; one is drawn for an account that has none. */
export async function referralCodeOf(deps: Pick<Deps, 'db' | 'clock'>, customerId: number): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const [existing] = await deps.db.select({ code: referralCodes.code }).from(referralCodes)
      .where(and(eq(referralCodes.customerId, customerId), eq(referralCodes.active, true))).orderBy(referralCodes.createdAt).limit(1);
    if (existing) return existing.code;
    const code = Array.from({ length: 4 }, () => REFERRAL_ALPHABET[randomInt(0, REFERRAL_ALPHABET.length)]).join('');
    await deps.db.insert(referralCodes).values({ code, customerId, createdAt: deps.clock.now() }).onConflictDoNothing();
  }
  throw new Error('no referral code could be drawn');
}
