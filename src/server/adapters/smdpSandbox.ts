/**
 * SM-DP+ sandbox. A real SM-DP+ answers the same profile for the same ICCID; here the matching id is derived
 * from the ICCID, so allocation is idempotent across restarts and instances without a table of its own.
 *
 * Test value (README): a buyer email whose local part starts with `esim-fail` (e.g. `esim-fail@example.com`)
 * finds the profile pool empty, as the real server answers when our issuer's pool has run out.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { luhnValid } from '../../domain/card';
import { SmdpError, type SmdpProvider } from './smdp';

export const SANDBOX_SMDP_ADDRESS = 'smdp.sandbox.linkbridge.example';
export const POOL_EMPTY_EMAIL = /^esim-fail[^@]*@/i;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 20 characters in four groups (e.g. `7K2QX-M9D4R-...`), the shape SM-DP+ matching ids usually take. */
export function sandboxMatchingId(iccid: string): string {
  const bytes = createHash('sha256').update(`smdp-sandbox:${iccid}`).digest();
  let id = '';
  for (let i = 0; i < 20; i++) id += CROCKFORD[bytes[i]! % 32];
  return id.match(/.{5}/g)!.join('-');
}

export function createSmdpSandbox(_opts: { db: Db; clock: Clock }): SmdpProvider {
  return {
    async allocateProfile({ iccid, email }) {
      if (!/^\d{19}$/.test(iccid) || !luhnValid(iccid)) throw new SmdpError('INVALID_ICCID', `ICCID ${iccid} is not 19 digits with a valid check digit`);
      if (POOL_EMPTY_EMAIL.test(email)) throw new SmdpError('ESIM_ALLOCATION_FAILED', 'no profile available in the pool for this issuer');
      return { iccid, smdpAddress: SANDBOX_SMDP_ADDRESS, matchingId: sandboxMatchingId(iccid) };
    },
  };
}
