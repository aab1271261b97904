/**
 * Idempotency of the writes that charge, send or provision: the client's Idempotency-Key names one attempt, and
 * a digest of the normalized request tells a replay (same answer) from a reuse of the key for something else (120086).
 */
import { GatewayError } from '../http/errors';
import { sha256 } from './secrets';

/** UUIDs and the like; anything else is refused before it can name a write. */
const KEY_PATTERN = /^[A-Za-z0-9_:.-]{8,100}$/;

export function idempotencyKeyOf(header: string | undefined): string {
  const key = header?.trim();
  if (!key || !KEY_PATTERN.test(key)) throw new GatewayError('idempotencyKey');
  return key;
}

/** JSON with object keys sorted, so two equal requests hash the same whatever order their fields came in. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The digest of a parsed (normalized) request and who sent it: another buyer reusing a key is another request. */
export const requestHash = (parsedBody: unknown, customerId: number | null): string =>
  sha256(canonicalJson({ body: parsedBody, customerId }));
