/**
 * The email codes of /tracking: 6 digits, bound to one order number and email, stored as an HMAC, 5 minutes,
 * single use, dead after 5 tries, a new one supersedes the old. "Nobody can read an order without the code sent
 * to its email", and nobody learns whether an order number and email match: an unmatched pair gets a code row
 * and an email job too, a job that sends nothing, so the request's work, limits, expiry, tries and the answers
 * are the same either way.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { orders, trackingCodes } from '../db/schema';
import { enqueueJob } from '../jobs/queue';
import type { GiveUpPayload, JobHandler } from '../jobs/types';
import { CODE_TTL_MS, spendNewestCode, RESEND_AFTER_SECONDS } from '../accounts';
import { emailSubject, enforce, hit, ipSubject, RULES, type Hit } from '../limits';
import { hmac, sixDigitCode } from '../secrets';
import { renderEmail } from '../messages';
import { greetingName } from '../orders';
import { trackingCodeEmail } from './emails';

const digest = (pepper: string, orderNo: string, email: string, code: string) => hmac(pepper, `track:${orderNo}:${email}:${code}`);

/** Codes for one order number and email: one a minute, 5 an hour, 10 a day; 30 an hour from one IP. */
const sendHits = (orderNo: string, email: string, ip: string): Hit[] => {
  const pair = `${orderNo.trim().toUpperCase()}:${emailSubject(email)}`;
  return [
    hit(RULES.trackingPairMinute, pair), hit(RULES.trackingPairHour, pair), hit(RULES.trackingPairDay, pair),
    hit(RULES.trackingIp, ipSubject(ip)),
  ];
};

export interface TrackingPair { orderNo: string; email: string }

/** The job that emails one tracking code (decision 0006). */
export const TRACKING_CODE_JOB = 'email.trackingCode';

/**
 * Stores a code for the pair and enqueues the job that emails it, in one transaction, whether or not the pair
 * matches an order: the request does the same work either way, so neither its answer nor its timing tells. The
 * job emails the code only when the pair matches (trackingCodeEmailJob).
 */
export async function sendTrackingCode(deps: Deps, input: TrackingPair & { ip: string; lang: Language }) {
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // The limits are taken in the transaction that stores the code: checked and counted in one atomic step.
    await enforce(deps.limits, sendHits(input.orderNo, input.email, input.ip), { tx });
    await tx.update(trackingCodes).set({ usedAt: now })
      .where(and(eq(trackingCodes.orderNo, input.orderNo), eq(trackingCodes.email, input.email), isNull(trackingCodes.usedAt)));
    const code = sixDigitCode();
    const [row] = await tx.insert(trackingCodes).values({
      orderNo: input.orderNo, email: input.email, codeHash: digest(deps.config.codePepper, input.orderNo, input.email, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now,
    }).returning({ id: trackingCodes.id });
    await enqueueJob(tx, {
      kind: TRACKING_CODE_JOB, dedupeKey: `${TRACKING_CODE_JOB}:${row!.id}`, runAt: now,
      payload: { codeId: row!.id, orderNo: input.orderNo, email: input.email, lang: input.lang, code },
    });
  });
  return { resendAfterSeconds: RESEND_AFTER_SECONDS, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/**
 * Emails a tracking code to the order's address when the pair matches an order and the code is still the live one;
 * for a pair that matches nothing, nobody is sent anything. Either way the row then keeps no code.
 */
export const trackingCodeEmailJob: JobHandler = async (deps, job) => {
  const { codeId, orderNo, email, lang, code } = job.payload as { codeId: number; orderNo: string; email: string; lang: Language; code?: unknown };
  const kept = { payload: { codeId, orderNo } };
  if (typeof code !== 'string') return kept;
  const [live] = await deps.db.select({ id: trackingCodes.id }).from(trackingCodes)
    .where(and(eq(trackingCodes.id, codeId), isNull(trackingCodes.usedAt), gt(trackingCodes.expiresAt, deps.clock.now())));
  const [order] = live
    ? await deps.db.select({ id: orders.id, shipping: orders.shipping }).from(orders).where(and(eq(orders.orderNo, orderNo), eq(orders.email, email)))
    : [];
  if (!order) return kept;
  const rendered = renderEmail(lang, trackingCodeEmail(lang, orderNo, code, CODE_TTL_MS / 60_000, greetingName(lang, order.shipping)), email);
  await deps.messages.sendEmail(email, rendered.subject, rendered.text, rendered.html, { lang, kind: 'trackingCode', orderNo, idempotencyKey: job.dedupeKey });
  return kept;
};

/** A code email that gave up keeps no code. */
export const trackingCodeGivenUp: GiveUpPayload = (payload) => ({ codeId: payload.codeId, orderNo: payload.orderNo });

/** Checks and spends the newest code of this pair (the same rules as SMS codes: accounts/codes.ts). */
export async function spendTrackingCode(deps: Deps, input: TrackingPair & { code: string }): Promise<void> {
  await spendNewestCode(
    deps, trackingCodes, and(eq(trackingCodes.orderNo, input.orderNo), eq(trackingCodes.email, input.email))!,
    digest(deps.config.codePepper, input.orderNo, input.email, input.code),
  );
}
