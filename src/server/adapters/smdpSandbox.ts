/**
 * SM-DP+ sandbox. A real SM-DP+ answers the same profile for the same ICCID, and its matching ids cannot be worked
 * out from anything public: here each ICCID's matching id is drawn from the CSPRNG the first time it is asked for and
 * kept in sandbox_esim_profiles, so allocation is idempotent across restarts and instances.
 *
 * Test value (README): a buyer email whose local part starts with `esim-fail` (e.g. `esim-fail@example.com`)
 * finds the profile pool empty, as the real server answers when our issuer's pool has run out.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { sandboxEsimProfiles } from '../db/schema';
import { luhnValid } from '../../domain/card';
import { SmdpError, type SmdpProvider } from './smdp';

export const SANDBOX_SMDP_ADDRESS = 'smdp.sandbox.linkbridge.example';
export const POOL_EMPTY_EMAIL = /^esim-fail[^@]*@/i;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 20 random characters in four groups (e.g. `7K2QX-M9D4R-...`), the shape SM-DP+ matching ids usually take. */
export function newMatchingId(): string {
  const id = Array.from({ length: 20 }, () => CROCKFORD[randomInt(CROCKFORD.length)]).join('');
  return id.match(/.{5}/g)!.join('-');
}

export function createSmdpSandbox(opts: { db: Db; clock: Clock }): SmdpProvider {
  return {
    async allocateProfile({ iccid, email }) {
      if (!/^\d{19}$/.test(iccid) || !luhnValid(iccid)) throw new SmdpError('INVALID_ICCID', `ICCID ${iccid} is not 19 digits with a valid check digit`);
      if (POOL_EMPTY_EMAIL.test(email)) throw new SmdpError('ESIM_ALLOCATION_FAILED', 'no profile available in the pool for this issuer');
      // Asked again (a retry, another instance at once): the profile the ICCID already has.
      await opts.db.insert(sandboxEsimProfiles).values({ iccid, matchingId: newMatchingId(), createdAt: opts.clock.now() }).onConflictDoNothing({ target: sandboxEsimProfiles.iccid });
      const [profile] = await opts.db.select().from(sandboxEsimProfiles).where(eq(sandboxEsimProfiles.iccid, iccid));
      return { iccid, smdpAddress: SANDBOX_SMDP_ADDRESS, matchingId: profile!.matchingId };
    },
  };
}
