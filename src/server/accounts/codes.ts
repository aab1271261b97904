/**
 * SMS verification codes: 6 digits from the CSPRNG, valid 5 minutes, single use, bound to phone and
 * purpose, stored as an HMAC with the server's pepper, dead after 5 tries. A new send supersedes older codes.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { CodePurpose } from '../../contract/fields';
import type { Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { verificationCodes } from '../db/schema';
import type { eduEmailCodes, emailCodes, trackingCodes } from '../db/schema';
import { GatewayError } from '../http/errors';
import { t } from '../i18n';
import { hmac, sixDigitCode } from '../secrets';
import { enforce } from '../limits';
import { RESEND_AFTER_SECONDS, smsSendHits } from './sendLimits';

export const CODE_TTL_MS = 5 * 60_000;
export const MAX_CODE_TRIES = 5;

const digest = (pepper: string, phone: string, purpose: CodePurpose, code: string) => hmac(pepper, `${phone}:${purpose}:${code}`);

/**
 * Sends a code to any valid number, registered or not: the answer never tells which. The send limits are taken in
 * the transaction that stores the code (one atomic step: concurrent sends cannot pass them together).
 */
export async function sendCode(deps: Deps, input: { phone: string; purpose: CodePurpose; ip: string; lang: Language }) {
  const code = sixDigitCode();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await enforce(deps.limits, smsSendHits(input.phone, input.ip), { tx: db });
    await db.update(verificationCodes).set({ usedAt: now }).where(and(
      eq(verificationCodes.phone, input.phone), eq(verificationCodes.purpose, input.purpose), isNull(verificationCodes.usedAt)));
    await db.insert(verificationCodes).values({
      phone: input.phone, purpose: input.purpose, codeHash: digest(deps.config.codePepper, input.phone, input.purpose, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now,
    });
  });
  const text = t(input.lang, 'messages:sms.code', { code, minutes: CODE_TTL_MS / 60_000 });
  await deps.messages.sendSms(input.phone, text, { lang: input.lang, kind: 'verificationCode', purpose: input.purpose });
  return { resendAfterSeconds: RESEND_AFTER_SECONDS, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/** A table of emailed or texted codes: each row a digest, an expiry, a count of tries and when it was used. */
type CodeTable = typeof verificationCodes | typeof trackingCodes | typeof emailCodes | typeof eduEmailCodes;

/**
 * Checks and spends the newest code of `scope` (the rows of one phone and purpose, or one order and email). Each
 * check uses up one of the MAX_CODE_TRIES before comparing, so parallel guesses cannot exceed the limit; a match is
 * spent once. Throws codeExpired (none, used or expired), codeLocked (no tries left) or codeWrong.
 */
export async function spendNewestCode(deps: Deps, table: CodeTable, scope: SQL, givenDigest: string): Promise<void> {
  const now = deps.clock.now();
  const [latest] = await deps.db.select({ id: table.id, codeHash: table.codeHash, attempts: table.attempts, usedAt: table.usedAt, expiresAt: table.expiresAt })
    .from(table).where(scope).orderBy(desc(table.id)).limit(1);
  if (!latest || latest.usedAt || latest.expiresAt <= now) throw new GatewayError('codeExpired');
  const [tried] = await deps.db.update(table).set({ attempts: sql`${table.attempts} + 1` })
    .where(and(eq(table.id, latest.id), isNull(table.usedAt), lt(table.attempts, MAX_CODE_TRIES)))
    .returning({ attempts: table.attempts });
  if (!tried) {
    // Read again: parallel guesses may have used the last tries (codeLocked) or a right one spent it (codeExpired).
    const [current] = await deps.db.select({ attempts: table.attempts, usedAt: table.usedAt }).from(table).where(eq(table.id, latest.id));
    throw new GatewayError(current && !current.usedAt && current.attempts >= MAX_CODE_TRIES ? 'codeLocked' : 'codeExpired');
  }
  if (!timingSafeEqual(Buffer.from(latest.codeHash), Buffer.from(givenDigest))) throw new GatewayError(tried.attempts >= MAX_CODE_TRIES ? 'codeLocked' : 'codeWrong');
  const [spent] = await deps.db.update(table).set({ usedAt: now })
    .where(and(eq(table.id, latest.id), isNull(table.usedAt))).returning({ id: table.id });
  if (!spent) throw new GatewayError('codeExpired');
}

/** Checks and spends the newest code of this phone and purpose. */
export async function spendCode(deps: Deps, input: { phone: string; purpose: CodePurpose; code: string }): Promise<void> {
  await spendNewestCode(
    deps, verificationCodes, and(eq(verificationCodes.phone, input.phone), eq(verificationCodes.purpose, input.purpose))!,
    digest(deps.config.codePepper, input.phone, input.purpose, input.code),
  );
}
