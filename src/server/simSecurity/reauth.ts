/**
 * Re-authentication before a SIM change, a number-lock release or a number transfer PIN (issue 16, FCC 23-95: a
 * provider authenticates the customer before moving their number to a new SIM or a new provider). As on the eSIM
 * install page: a 6-digit code to the line's number, or to the account's email when the line is lost, and the account's
 * password. Codes are valid 5 minutes, single use, dead after 5 tries; sends are limited per account, per number and IP.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Language } from '../../../i18n/languages';
import {
  CODE_TTL_MS, loginSubject, passwordCheckPassed, RESEND_AFTER_SECONDS, smsSendHits, spendNewestCode, takePasswordCheck, verifyPassword,
} from '../accounts';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { customers, verificationCodes } from '../db/schema';
import { GatewayError } from '../http/errors';
import { t } from '../i18n';
import { enforce, hit, RULES } from '../limits';
import { hmac, sixDigitCode } from '../secrets';

export type ReauthChannel = 'sms' | 'email';
const scopeOf = (customerId: number) => `customer:${customerId}`;
/**
 * Where a code of the account is kept: `customer:<id>` when it went to the line, `customer:<id>:email` when it went to
 * the email, so the SIM change it confirms records how the customer proved it (sim_changes.reauth). One account, one
 * live code: a new send ends the older ones of both channels.
 */
const phoneOf = (customerId: number, channel: ReauthChannel) => (channel === 'sms' ? scopeOf(customerId) : `${scopeOf(customerId)}:email`);
const scopesOf = (customerId: number) => [phoneOf(customerId, 'sms'), phoneOf(customerId, 'email')];
const digest = (pepper: string, customerId: number, code: string) => hmac(pepper, `${scopeOf(customerId)}:simChange:${code}`);
const mask = (to: string, channel: 'sms' | 'email') => {
  if (channel === 'sms') return `••• ${to.slice(-4)}`;
  const [name = '', domain = ''] = to.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
};

export interface Reauth { code: string; password: string }

export async function sendReauthCode(deps: Deps, input: { customerId: number; msisdn: string; channel: 'sms' | 'email'; ip: string; lang: Language }) {
  const [customer] = await deps.db.select({ email: customers.email }).from(customers).where(eq(customers.id, input.customerId));
  const to = input.channel === 'sms' ? input.msisdn : customer?.email ?? null;
  if (!to) throw new GatewayError('noEmail');
  const code = sixDigitCode();
  const now = deps.clock.now();
  const scope = scopeOf(input.customerId);
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await enforce(deps.limits, [
      hit(RULES.installCodeMinute, `simChange:${scope}`), hit(RULES.installCodeHour, `simChange:${scope}`),
      ...(input.channel === 'sms' ? smsSendHits(to, input.ip) : []),
    ], { tx });
    await tx.update(verificationCodes).set({ usedAt: now })
      .where(and(inArray(verificationCodes.phone, scopesOf(input.customerId)), eq(verificationCodes.purpose, 'simChange'), isNull(verificationCodes.usedAt)));
    await tx.insert(verificationCodes).values({
      phone: phoneOf(input.customerId, input.channel), purpose: 'simChange', codeHash: digest(deps.config.codePepper, input.customerId, code), expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now,
    });
  });
  const minutes = CODE_TTL_MS / 60_000;
  if (input.channel === 'sms') {
    await deps.messages.sendSms(to, t(input.lang, 'security:message.code.sms', { code, minutes }), { lang: input.lang, kind: 'verificationCode', purpose: 'simChange' });
  } else {
    await deps.messages.sendEmail(to, t(input.lang, 'security:message.code.subject'), t(input.lang, 'security:message.code.text', { code, minutes }), undefined,
      { lang: input.lang, kind: 'verificationCode', purpose: 'simChange' });
  }
  return { channel: input.channel, to: mask(to, input.channel), resendAfterSeconds: RESEND_AFTER_SECONDS, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/**
 * The password first (the login's limits guard it; a wrong one does not spend the code), then the code. Answers how
 * the customer proved it: the channel the spent code went by.
 */
export async function checkReauth(deps: Deps, input: { customerId: number; ip: string } & Reauth): Promise<ReauthChannel> {
  const [customer] = await deps.db.select({ passwordHash: customers.passwordHash }).from(customers).where(eq(customers.id, input.customerId));
  if (customer?.passwordHash) {
    const subject = loginSubject({ id: input.customerId }, '');
    await takePasswordCheck(deps, subject, input.ip);
    if (!(await verifyPassword(input.password, customer.passwordHash))) throw new GatewayError('passwordWrong', { data: { field: 'password' } });
    await passwordCheckPassed(deps, subject, input.ip);
  }
  // The account's newest code, whichever way it went; that very row is then checked and spent (a code sent meanwhile
  // has ended it: codeExpired).
  const [newest] = await deps.db.select({ id: verificationCodes.id, phone: verificationCodes.phone }).from(verificationCodes)
    .where(and(inArray(verificationCodes.phone, scopesOf(input.customerId)), eq(verificationCodes.purpose, 'simChange')))
    .orderBy(desc(verificationCodes.id)).limit(1);
  if (!newest) throw new GatewayError('codeExpired');
  await spendNewestCode(deps, verificationCodes, eq(verificationCodes.id, newest.id), digest(deps.config.codePepper, input.customerId, input.code));
  return newest.phone === phoneOf(input.customerId, 'email') ? 'email' : 'sms';
}
