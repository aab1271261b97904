/**
 * Verification tickets: proof that a phone's code was checked, for the next step of register/reset.
 * Random, stored as sha256, 10 minutes, single use, bound to phone and purpose.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { CodePurpose } from '../../contract/fields';
import type { Deps } from '../context';
import { verificationTickets } from '../db/schema';
import { GatewayError } from '../http/errors';
import { newToken, sha256 } from '../secrets';

export const TICKET_TTL_MS = 10 * 60_000;

export async function issueTicket(deps: Deps, phone: string, purpose: CodePurpose): Promise<string> {
  const ticket = newToken();
  const now = deps.clock.now();
  await deps.db.insert(verificationTickets).values({
    tokenHash: sha256(ticket), phone, purpose, createdAt: now, expiresAt: new Date(now.getTime() + TICKET_TTL_MS),
  });
  return ticket;
}

const live = (deps: Deps, ticket: string) =>
  and(eq(verificationTickets.tokenHash, sha256(ticket)), isNull(verificationTickets.usedAt), gt(verificationTickets.expiresAt, deps.clock.now()));

/** Reads a live ticket without spending it. */
export async function peekTicket(deps: Deps, ticket: string): Promise<{ phone: string; purpose: CodePurpose }> {
  const [row] = await deps.db.select({ phone: verificationTickets.phone, purpose: verificationTickets.purpose })
    .from(verificationTickets).where(live(deps, ticket));
  if (!row) throw new GatewayError('ticketInvalid');
  return row;
}

/** Spends a live ticket of the given purpose; answers the phone it proves. */
export async function spendTicket(deps: Deps, ticket: string, purpose: CodePurpose): Promise<string> {
  const [row] = await deps.db.update(verificationTickets).set({ usedAt: deps.clock.now() })
    .where(and(live(deps, ticket), eq(verificationTickets.purpose, purpose)))
    .returning({ phone: verificationTickets.phone });
  if (!row) throw new GatewayError('ticketInvalid');
  return row.phone;
}
