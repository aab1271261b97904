/** Failed password logins: 5 per account (or typed username) in 15 minutes, or 30 per IP, then 429 'loginThrottled'. */
import { and, count, eq, gt, min } from 'drizzle-orm';
import type { Deps } from '../context';
import { loginFailures } from '../db/schema';
import { rateLimited } from '../http/errors';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_SUBJECT = 5;
export const MAX_FAILURES_PER_IP = 30;

/** What failures count against: the account when the username names one, else the typed username. */
export const loginSubject = (customer: { id: number } | null, username: string): string =>
  customer ? `customer:${customer.id}` : `name:${username.trim().toLowerCase()}`;

export async function assertLoginAllowed(deps: Deps, subject: string, ip: string): Promise<void> {
  const since = new Date(deps.clock.now().getTime() - LOGIN_WINDOW_MS);
  const check = async (where: ReturnType<typeof and>, max: number) => {
    const [row] = await deps.db.select({ n: count(), first: min(loginFailures.createdAt) }).from(loginFailures).where(where);
    if (row && row.n >= max && row.first) {
      throw rateLimited(new Date(row.first).getTime() + LOGIN_WINDOW_MS - deps.clock.now().getTime(), 'loginThrottled');
    }
  };
  await check(and(eq(loginFailures.subject, subject), gt(loginFailures.createdAt, since)), MAX_FAILURES_PER_SUBJECT);
  await check(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)), MAX_FAILURES_PER_IP);
}

export async function recordLoginFailure(deps: Deps, subject: string, ip: string): Promise<void> {
  await deps.db.insert(loginFailures).values({ subject, ip, createdAt: deps.clock.now() });
}

export async function clearLoginFailures(deps: Deps, subject: string): Promise<void> {
  await deps.db.delete(loginFailures).where(eq(loginFailures.subject, subject));
}
