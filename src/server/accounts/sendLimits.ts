/**
 * How often an SMS code may be sent: per phone 1 per 60 s, 5 per hour, 10 per day; per IP 30 per hour.
 * Counted from send_log with the server clock; a refusal says when the next send is allowed.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sendLog } from '../db/schema';
import { rateLimited } from '../http/errors';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const PHONE_LIMITS = [{ windowMs: MINUTE, max: 1 }, { windowMs: HOUR, max: 5 }, { windowMs: 24 * HOUR, max: 10 }];
export const IP_LIMITS = [{ windowMs: HOUR, max: 30 }];
export const RESEND_AFTER_SECONDS = 60;

type Limit = { windowMs: number; max: number };

async function retryAfter(db: Db, column: typeof sendLog.phone | typeof sendLog.ip, value: string, limits: Limit[], now: Date): Promise<number> {
  const longest = Math.max(...limits.map((l) => l.windowMs));
  const maxRows = Math.max(...limits.map((l) => l.max));
  const rows = await db.select({ createdAt: sendLog.createdAt }).from(sendLog)
    .where(and(eq(column, value), gt(sendLog.createdAt, new Date(now.getTime() - longest))))
    .orderBy(desc(sendLog.createdAt)).limit(maxRows);
  let wait = 0;
  for (const { windowMs, max } of limits) {
    const inWindow = rows.filter((r) => r.createdAt.getTime() > now.getTime() - windowMs);
    if (inWindow.length >= max) wait = Math.max(wait, inWindow[max - 1]!.createdAt.getTime() + windowMs - now.getTime());
  }
  return wait;
}

/** Throws 429 'rateLimited' (with the wait) when this phone or IP may not be sent another code yet. */
export async function assertMaySend(db: Db, phone: string, ip: string, now: Date): Promise<void> {
  const wait = Math.max(await retryAfter(db, sendLog.phone, phone, PHONE_LIMITS, now), await retryAfter(db, sendLog.ip, ip, IP_LIMITS, now));
  if (wait > 0) throw rateLimited(wait);
}

export async function recordSend(db: Db, phone: string, ip: string, purpose: string, now: Date): Promise<void> {
  await db.insert(sendLog).values({ phone, ip, purpose, createdAt: now });
}
