/**
 * Staff sessions (issue 16): the staff console's own accounts and sessions, in their own tables, so a customer's
 * token can never open the console and a staff token is nothing on the storefront's API. The browser keeps the token
 * in `Staff-Token`: HttpOnly, SameSite=Strict, Path limited to the staff API, 8 hours (a working day).
 */
import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { STAFF_API, STAFF_COOKIE } from '../../contract/staff';
import type { Deps, GatewayConfig } from '../context';
import { staffAccounts, staffSessions } from '../db/schema';
import { newToken, sha256 } from '../secrets';
import { headerValue } from './language';

export const STAFF_SESSION_SECONDS = 8 * 3600;
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

export interface StaffSession { sessionId: number; staffId: number; email: string; name: string; role: 'reviewer' }

export async function createStaffSession(deps: Pick<Deps, 'db' | 'clock'>, staffId: number): Promise<string> {
  const token = newToken();
  const now = deps.clock.now();
  await deps.db.insert(staffSessions).values({ tokenHash: sha256(token), staffId, createdAt: now, expiresAt: new Date(now.getTime() + STAFF_SESSION_SECONDS * 1000) });
  return token;
}

export async function findStaffSession(deps: Pick<Deps, 'db' | 'clock'>, token: string): Promise<StaffSession | null> {
  const [row] = await deps.db.select({ sessionId: staffSessions.id, staffId: staffAccounts.id, email: staffAccounts.email, name: staffAccounts.name, role: staffAccounts.role })
    .from(staffSessions).innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, sha256(token)), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, deps.clock.now())));
  return row ?? null;
}

export async function endStaffSession(deps: Pick<Deps, 'db' | 'clock'>, sessionId: number): Promise<void> {
  await deps.db.update(staffSessions).set({ revokedAt: deps.clock.now() }).where(eq(staffSessions.id, sessionId));
}

const attributes = (config: Pick<GatewayConfig, 'publicOrigin'>, maxAge: number) =>
  `HttpOnly; Path=${STAFF_API}; Max-Age=${maxAge}; SameSite=Strict${config.publicOrigin?.startsWith('https:') ? '; Secure' : ''}`;
export const staffCookie = (config: Pick<GatewayConfig, 'publicOrigin'>, token: string) => `${STAFF_COOKIE}=${token}; ${attributes(config, STAFF_SESSION_SECONDS)}`;
export const clearedStaffCookie = (config: Pick<GatewayConfig, 'publicOrigin'>) => `${STAFF_COOKIE}=; ${attributes(config, 0)}`;

export function staffCookieToken(request: FastifyRequest): string | null {
  for (const part of (headerValue(request, 'cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== STAFF_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return TOKEN.test(value) ? value : null;
  }
  return null;
}
