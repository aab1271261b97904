/** Access tokens: 32 random bytes (base64url) given to the client once; only their sha256 is stored. */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Deps } from '../context';
import { sessions } from '../db/schema';
import { newToken, sha256 } from '../secrets';

export const TOKEN_TTL_SECONDS = 43_200;

export interface AuthSession { sessionId: number; customerId: number }

export async function createSession(deps: Pick<Deps, 'db' | 'clock'>, customerId: number, grant: 'password' | 'sms_code') {
  const token = newToken();
  const now = deps.clock.now();
  await deps.db.insert(sessions).values({
    tokenHash: sha256(token), customerId, grant, createdAt: now, expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000),
  });
  return { access_token: token, token_type: 'bearer' as const, expires_in: TOKEN_TTL_SECONDS, scope: 'eshop' };
}

export async function findSession(deps: Pick<Deps, 'db' | 'clock'>, token: string): Promise<AuthSession | null> {
  const [row] = await deps.db
    .select({ sessionId: sessions.id, customerId: sessions.customerId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, deps.clock.now())));
  return row ?? null;
}

export async function revokeSession(deps: Pick<Deps, 'db' | 'clock'>, sessionId: number) {
  await deps.db.update(sessions).set({ revokedAt: deps.clock.now() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the customer, except `keepSessionId` when given. */
export async function revokeCustomerSessions(deps: Pick<Deps, 'db' | 'clock'>, customerId: number, keepSessionId?: number) {
  await deps.db.update(sessions).set({ revokedAt: deps.clock.now() }).where(and(
    eq(sessions.customerId, customerId), isNull(sessions.revokedAt),
    keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
  ));
}
