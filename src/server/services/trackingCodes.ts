/**
 * The email codes of /tracking: 6 digits, bound to one order number and email, stored as an HMAC, 5 minutes,
 * single use, dead after 5 tries, a new one supersedes the old. "Nobody can read an order without the code sent
 * to its email", and nobody learns whether an order number and email match: an unmatched pair gets a code row
 * too, with a code nobody is sent, so sending, limits, expiry, tries and the answers are the same either way.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { orders, trackingCodes } from '../db/schema';
import { GatewayError } from '../http/errors';
import { CODE_TTL_MS, MAX_CODE_TRIES } from './codes';
import { hmac, sixDigitCode } from './secrets';
import { assertMaySend, recordSend, RESEND_AFTER_SECONDS } from './sendLimits';
import { renderEmail } from './emailsRender';
import { trackingCodeEmail } from './trackingEmail';

const digest = (pepper: string, orderNo: string, email: string, code: string) => hmac(pepper, `track:${orderNo}:${email}:${code}`);

/** send_log keys the limits by "phone"; for tracking the subject of the limit is the order and email pair. */
const limitSubject = (orderNo: string, email: string) => `tracking:${orderNo}:${email}`;

export interface TrackingPair { orderNo: string; email: string }

export async function sendTrackingCode(deps: Deps, input: TrackingPair & { ip: string; lang: Language }) {
  const code = sixDigitCode();
  const now = deps.clock.now();
  const subject = limitSubject(input.orderNo, input.email);
  const matched = await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${subject}))`);
    await assertMaySend(tx, subject, input.ip, now);
    const [order] = await tx.select({ id: orders.id }).from(orders)
      .where(and(eq(orders.orderNo, input.orderNo), eq(orders.email, input.email)));
    await tx.update(trackingCodes).set({ usedAt: now })
      .where(and(eq(trackingCodes.orderNo, input.orderNo), eq(trackingCodes.email, input.email), isNull(trackingCodes.usedAt)));
    const stored = order ? code : sixDigitCode();
    await tx.insert(trackingCodes).values({
      orderNo: input.orderNo, email: input.email, codeHash: digest(deps.config.codePepper, input.orderNo, input.email, stored),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now,
    });
    await recordSend(tx, subject, input.ip, 'tracking', now);
    return !!order;
  });
  if (matched) {
    const email = renderEmail(input.lang, trackingCodeEmail(input.lang, input.orderNo, code, CODE_TTL_MS / 60_000), input.email);
    await deps.messages.sendEmail(input.email, email.subject, email.text, email.html, { lang: input.lang, kind: 'trackingCode', orderNo: input.orderNo });
  }
  return { resendAfterSeconds: RESEND_AFTER_SECONDS, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/**
 * Checks and spends the newest code of this pair. Each check uses up one of the tries before comparing, so
 * parallel guesses cannot exceed the limit.
 */
export async function spendTrackingCode(deps: Deps, input: TrackingPair & { code: string }): Promise<void> {
  const now = deps.clock.now();
  const [latest] = await deps.db.select().from(trackingCodes)
    .where(and(eq(trackingCodes.orderNo, input.orderNo), eq(trackingCodes.email, input.email)))
    .orderBy(desc(trackingCodes.id)).limit(1);
  if (!latest || latest.usedAt || latest.expiresAt <= now) throw new GatewayError('codeExpired');
  const [tried] = await deps.db.update(trackingCodes).set({ attempts: sql`${trackingCodes.attempts} + 1` })
    .where(and(eq(trackingCodes.id, latest.id), isNull(trackingCodes.usedAt), lt(trackingCodes.attempts, MAX_CODE_TRIES)))
    .returning({ attempts: trackingCodes.attempts });
  if (!tried) throw new GatewayError(latest.attempts >= MAX_CODE_TRIES ? 'codeLocked' : 'codeExpired');
  const given = Buffer.from(digest(deps.config.codePepper, input.orderNo, input.email, input.code));
  if (!timingSafeEqual(Buffer.from(latest.codeHash), given)) throw new GatewayError(tried.attempts >= MAX_CODE_TRIES ? 'codeLocked' : 'codeWrong');
  const [spent] = await deps.db.update(trackingCodes).set({ usedAt: now })
    .where(and(eq(trackingCodes.id, latest.id), isNull(trackingCodes.usedAt))).returning({ id: trackingCodes.id });
  if (!spent) throw new GatewayError('codeExpired');
}
