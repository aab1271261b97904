/**
 * /cpni-out (spec section 2; 47 CFR 64.2007-2008): a customer opts out of the use of their customer proprietary
 * network information for marketing, reached from the emails and logged out. They prove the line by a code sent to it.
 * The answer to "send a code" is the same whether or not the number is ours, so the page reveals no customer.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Language } from '../../../i18n/languages';
import { CODE_TTL_MS, RESEND_AFTER_SECONDS, smsSendHits, spendNewestCode } from '../accounts';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { lines, verificationCodes } from '../db/schema';
import { t } from '../i18n';
import { enforce } from '../limits';
import { hmac, sixDigitCode } from '../secrets';

const digest = (pepper: string, phone: string, code: string) => hmac(pepper, `${phone}:cpni:${code}`);

export async function sendCpniCode(deps: Deps, input: { phone: string; ip: string; lang: Language }) {
  const now = deps.clock.now();
  const [line] = await deps.db.select({ id: lines.id }).from(lines).where(eq(lines.msisdn, input.phone));
  const code = sixDigitCode();
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // Counted for every number, ours or not: the limits say nothing about which numbers are customers.
    await enforce(deps.limits, smsSendHits(input.phone, input.ip), { tx });
    // A stranger's number gets a code too, never sent: the next step then answers the same for any number (codeWrong,
    // not codeExpired for numbers that are not ours).
    await tx.update(verificationCodes).set({ usedAt: now })
      .where(and(eq(verificationCodes.phone, input.phone), eq(verificationCodes.purpose, 'cpni'), isNull(verificationCodes.usedAt)));
    await tx.insert(verificationCodes).values({ phone: input.phone, purpose: 'cpni', codeHash: digest(deps.config.codePepper, input.phone, code), expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now });
  });
  // Sent once the code is stored (the outbox is written outside the transaction).
  if (line) await deps.messages.sendSms(input.phone, t(input.lang, 'security:message.cpniCode', { code, minutes: CODE_TTL_MS / 60_000 }), { lang: input.lang, kind: 'verificationCode', purpose: 'cpni' });
  return { resendAfterSeconds: RESEND_AFTER_SECONDS, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/** The code proves the line; then the choice is kept on it (opting out again, or back in, is the same call). */
export async function setCpniChoice(deps: Deps, input: { phone: string; code: string; optOut: boolean }) {
  await spendNewestCode(deps, verificationCodes, and(eq(verificationCodes.phone, input.phone), eq(verificationCodes.purpose, 'cpni'))!,
    digest(deps.config.codePepper, input.phone, input.code));
  const now = deps.clock.now();
  await deps.db.update(lines).set({ cpniOptOutAt: input.optOut ? now : null }).where(eq(lines.msisdn, input.phone));
  return { optedOut: input.optOut, at: now.toISOString() };
}
