/**
 * Idempotency of the writes that charge, send or provision: the client's Idempotency-Key names one attempt, and
 * a digest of the normalized request tells a replay (same answer) from a reuse of the key for something else (120086).
 */
import { canonicalJson } from '../../domain/canonicalJson';
import { GatewayError } from './errors';
import { sha256 } from '../secrets';

/** UUIDs and the like; anything else is refused before it can name a write. */
const KEY_PATTERN = /^[A-Za-z0-9_:.-]{8,100}$/;

export function idempotencyKeyOf(header: string | undefined): string {
  const key = header?.trim();
  if (!key || !KEY_PATTERN.test(key)) throw new GatewayError('idempotencyKey');
  return key;
}

/** The digest of a parsed (normalized) request and who sent it: another buyer reusing a key is another request. */
export const requestHash = (parsedBody: unknown, customerId: number | null): string =>
  sha256(canonicalJson({ body: parsedBody, customerId }));
