/**
 * The signed link of the renewal emails (issue 15): /personal/autosubscription/subscription?token=... lets the
 * customer open or close the auto-renewal of one line without logging in. The token names the line and when it
 * expires (7 days), signed with a key derived from CODE_PEPPER; it is the credential for this one change only: it
 * reads that line's auto-renewal and changes it once (the change's state_history row keeps the link's id, and a
 * second change with the same link is refused).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../context';
import { stateHistory } from '../db/schema';
import { GatewayError } from '../http/errors';

export const LINK_TTL_MS = 7 * 86_400_000;

interface LinkBody { l: number; n: string; e: number }

const keyOf = (pepper: string) => createHmac('sha256', pepper).update('auto-renewal-link:v1').digest();
const sign = (pepper: string, body: string) => createHmac('sha256', keyOf(pepper)).update(body).digest('base64url');

export function renewalLinkToken(deps: Deps, lineId: number): string {
  const body = Buffer.from(JSON.stringify({ l: lineId, n: randomBytes(9).toString('base64url'), e: deps.clock.now().getTime() + LINK_TTL_MS } satisfies LinkBody)).toString('base64url');
  return `${body}.${sign(deps.config.codePepper, body)}`;
}

/** The line and link id a token grants, or renewalLinkInvalid (forged, expired, or already used for its change). */
export async function verifyRenewalLink(deps: Deps, token: string): Promise<{ lineId: number; linkId: string }> {
  const [body, mac] = token.split('.');
  const invalid = () => new GatewayError('renewalLinkInvalid');
  if (!body || !mac) throw invalid();
  const expected = Buffer.from(sign(deps.config.codePepper, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let parsed: LinkBody;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkBody;
  } catch {
    throw invalid();
  }
  if (!Number.isInteger(parsed.l) || typeof parsed.n !== 'string' || parsed.e <= deps.clock.now().getTime()) throw invalid();
  const [used] = await deps.db.select({ id: stateHistory.id }).from(stateHistory)
    .where(and(eq(stateHistory.chart, 'autoRenewal'), eq(stateHistory.entityRef, String(parsed.l)), sql`${stateHistory.meta}->>'linkId' = ${parsed.n}`)).limit(1);
  if (used) throw invalid();
  return { lineId: parsed.l, linkId: parsed.n };
}
