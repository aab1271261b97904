/**
 * SMS verification codes: 6 digits from the CSPRNG, valid 5 minutes, single use, bound to phone and
 * purpose, stored as an HMAC with the server's pepper, dead after 5 tries. A new send supersedes older codes.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { CodePurpose } from '../../contract/fields';
import type { Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { verificationCodes } from '../db/schema';
import { GatewayError } from '../http/errors';
import { t } from '../i18n';
import { hmac, sixDigitCode } from './secrets';
import { assertMaySend, recordSend, RESEND_AFTER_SECONDS } from './sendLimits';

export const CODE_TTL_MS = 5 * 60_000;
export const MAX_CODE_TRIES = 5;

const digest = (pepper: string, phone: string, purpose: CodePurpose, code: string) => hmac(pepper, `${phone}:${purpose}:${code}`);

/**
 * Sends a code to any valid number, registered or not: the answer never tells which.
 * Sends are serialized per phone (advisory lock) so concurrent requests cannot pass the limits together.
 */
export async function sendCode(deps: Deps, input: { phone: string; purpose: CodePurpose; ip: string; lang: Language }) {
  const code = sixDigitCode();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${input.phone}`}))`);
    await assertMaySend(db, input.phone, input.ip, now);
    await db.update(verificationCodes).set({ usedAt: now }).where(and(
      eq(verificationCodes.phone, input.phone), eq(verificationCodes.purpose, input.purpose), isNull(verificationCodes.usedAt)));
    await db.insert(verificationCodes).values({
      phone: input.phone, purpose: input.purpose, codeHash: digest(deps.config.codePepper, input.phone, input.purpose, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now,
    });
    await recordSend(db, input.phone, input.ip, input.purpose, now);
  });
  const text = t(input.lang, 'messages:sms.code', { code, minutes: CODE_TTL_MS / 60_000 });
  await deps.messages.sendSms(input.phone, text, { lang: input.lang, kind: 'verificationCode', purpose: input.purpose });
  return { resendAfterSeconds: RESEND_AFTER_SECONDS, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/**
 * Checks and spends the newest code of this phone and purpose. Each check uses up one of the 5 tries
 * before comparing, so parallel guesses cannot exceed the limit.
 */
export async function spendCode(deps: Deps, input: { phone: string; purpose: CodePurpose; code: string }): Promise<void> {
  const now = deps.clock.now();
  const [latest] = await deps.db.select().from(verificationCodes)
    .where(and(eq(verificationCodes.phone, input.phone), eq(verificationCodes.purpose, input.purpose)))
    .orderBy(desc(verificationCodes.id)).limit(1);
  if (!latest || latest.usedAt || latest.expiresAt <= now) throw new GatewayError('codeExpired');
  const [tried] = await deps.db.update(verificationCodes).set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.usedAt), lt(verificationCodes.attempts, MAX_CODE_TRIES)))
    .returning({ attempts: verificationCodes.attempts });
  if (!tried) throw new GatewayError(latest.attempts >= MAX_CODE_TRIES ? 'codeLocked' : 'codeExpired');
  const expected = Buffer.from(latest.codeHash);
  const given = Buffer.from(digest(deps.config.codePepper, input.phone, input.purpose, input.code));
  if (!timingSafeEqual(expected, given)) throw new GatewayError(tried.attempts >= MAX_CODE_TRIES ? 'codeLocked' : 'codeWrong');
  const [spent] = await deps.db.update(verificationCodes).set({ usedAt: now })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.usedAt))).returning({ id: verificationCodes.id });
  if (!spent) throw new GatewayError('codeExpired');
}
