/**
 * JSON with object keys sorted (and `undefined` members left out), so two equal values read the same whatever order
 * their fields came in. The browser digests an order body with it to find the submission's Idempotency-Key; the
 * gateway digests a parsed request with it to tell a replay from a reuse of a key (120086). One function, both sides.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
