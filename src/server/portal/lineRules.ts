/**
 * Which line the portal is about, and the two flags of spec section 2 the gateway computes from it (never taken from
 * the client): isSmsUser (decision 0002: 1 = no US line of the account's own) and showAutonewSetBtn (0 hides the
 * top-up, plan change and China number entry points: no plan in force).
 */
import { asc, eq } from 'drizzle-orm';
import type { Deps } from '../context';
import { lines } from '../db/schema';
import { GatewayError } from '../http/errors';

export type Line = typeof lines.$inferSelect;

/** The US line that carries calls and SMS: activated and numbered. */
export const usLineOf = (customerLines: readonly Line[]): Line | undefined =>
  customerLines.find((l) => l.kind === 'us' && l.simStatus === 'activated' && l.msisdn !== null);

/** The line the portal shows: the US line, else the first line (a global data SIM, or a card being activated). */
export const portalLineOf = (customerLines: readonly Line[]): Line | undefined => usLineOf(customerLines) ?? customerLines[0];

/** Decision 0002: 1 = the account has no US voice line of its own. */
export const isSmsUserOf = (customerLines: readonly Line[]): 0 | 1 => (usLineOf(customerLines) ? 0 : 1);

export async function linesOf(deps: Deps, customerId: number): Promise<Line[]> {
  return deps.db.select().from(lines).where(eq(lines.customerId, customerId)).orderBy(asc(lines.id));
}

/**
 * The gateway's side of the hasIsSmsUser route flag (decision 0002): endpoints behind routes for accounts with a US
 * line call this; an account with isSmsUser 1 is refused with noUsLine, whatever its client says.
 */
export async function requireUsLine(deps: Deps, customerId: number): Promise<Line> {
  const line = usLineOf(await linesOf(deps, customerId));
  if (!line) throw new GatewayError('noUsLine');
  return line;
}

/** The customer's line of a kind (the eSIM install pages: /person/scanInstall 'us', /global/scanInstall 'global'). */
export async function lineOfKind(deps: Deps, customerId: number, kind: 'us' | 'global'): Promise<Line | undefined> {
  const own = (await linesOf(deps, customerId)).filter((l) => l.kind === kind);
  return own.find((l) => l.simStatus === 'activated') ?? own[0];
}

