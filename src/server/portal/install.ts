/**
 * /person/scanInstall and /global/scanInstall: the current eSIM's QR code, SM-DP+ address and matching ID. Whoever
 * scans it gets the eSIM, so the page asks again who is there: a 6-digit code sent to the line's number (or to the
 * account's email when the line's SIM is gone) and the account's password. Codes are valid 5 minutes, single use,
 * dead after 5 tries; sends are limited per account (and per number and IP for SMS) in one atomic step.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Language } from '../../../i18n/languages';
import { activationCodeText } from '../adapters/smdp';
import {
  CODE_TTL_MS, loginSubject, passwordCheckPassed, RESEND_AFTER_SECONDS, smsSendHits, spendNewestCode, takePasswordCheck, verifyPassword,
} from '../accounts';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { customers, sims, verificationCodes } from '../db/schema';
import { GatewayError } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import { t } from '../i18n';
import { enforce, hit, RULES } from '../limits';
import { hmac, sixDigitCode } from '../secrets';
import { lineOfKind, type Line } from './lineRules';

/** Codes of this page are bound to the account, whichever way they travel. */
const scopeOf = (customerId: number) => `customer:${customerId}`;
const digest = (pepper: string, customerId: number, code: string) => hmac(pepper, `${scopeOf(customerId)}:install:${code}`);

const installHits = (customerId: number) => [
  hit(RULES.installCodeMinute, scopeOf(customerId)),
  hit(RULES.installCodeHour, scopeOf(customerId)),
];

export const maskPhone = (msisdn: string) => `••• ${msisdn.slice(-4)}`;
export const maskEmail = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
};

/** The eSIM line of that kind; a physical card has nothing to install (noEsim). */
async function esimLine(deps: Deps, customerId: number, kind: 'us' | 'global'): Promise<Line> {
  const line = await lineOfKind(deps, customerId, kind);
  if (!line) throw new GatewayError('noRecord');
  if (line.simType !== 'esim') throw new GatewayError('noEsim');
  return line;
}

export async function sendInstallCode(
  deps: Deps, input: { customerId: number; line: 'us' | 'global'; channel: 'sms' | 'email'; ip: string; lang: Language },
) {
  const line = await esimLine(deps, input.customerId, input.line);
  const [customer] = await deps.db.select({ email: customers.email }).from(customers).where(eq(customers.id, input.customerId));
  const to = input.channel === 'sms' ? line.msisdn : customer?.email ?? null;
  if (!to) throw new GatewayError(input.channel === 'sms' ? 'noRecord' : 'noEmail');
  const code = sixDigitCode();
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await enforce(deps.limits, [...installHits(input.customerId), ...(input.channel === 'sms' ? smsSendHits(to, input.ip) : [])], { tx });
    const scope = scopeOf(input.customerId);
    await tx.update(verificationCodes).set({ usedAt: now })
      .where(and(eq(verificationCodes.phone, scope), eq(verificationCodes.purpose, 'install'), isNull(verificationCodes.usedAt)));
    await tx.insert(verificationCodes).values({
      phone: scope, purpose: 'install', codeHash: digest(deps.config.codePepper, input.customerId, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now,
    });
  });
  const minutes = CODE_TTL_MS / 60_000;
  if (input.channel === 'sms') {
    await deps.messages.sendSms(to, t(input.lang, 'messages:installCode.sms', { code, minutes }), { lang: input.lang, kind: 'verificationCode', purpose: 'install' });
  } else {
    await deps.messages.sendEmail(to, t(input.lang, 'messages:installCode.subject'), t(input.lang, 'messages:installCode.text', { code, minutes }), undefined,
      { lang: input.lang, kind: 'verificationCode', purpose: 'install' });
  }
  return {
    channel: input.channel,
    to: input.channel === 'sms' ? maskPhone(to) : maskEmail(to),
    resendAfterSeconds: RESEND_AFTER_SECONDS,
    expiresInSeconds: CODE_TTL_MS / 1000,
  };
}

/** The password first (the login's limits guard it), then the code: a wrong password does not spend the code. */
export async function revealInstall(deps: Deps, input: { customerId: number; line: 'us' | 'global'; code: string; password: string; ip: string; lang?: Language }) {
  const line = await esimLine(deps, input.customerId, input.line);
  // Issue 16 (FCC 23-95): an eSIM reinstall is a SIM change: refused while the number lock is on.
  if (line.numberLockedAt) throw new GatewayError('numberLocked');
  const [customer] = await deps.db.select({ passwordHash: customers.passwordHash }).from(customers).where(eq(customers.id, input.customerId));
  if (customer?.passwordHash) {
    const subject = loginSubject({ id: input.customerId }, '');
    await takePasswordCheck(deps, subject, input.ip);
    if (!(await verifyPassword(input.password, customer.passwordHash))) throw new GatewayError('passwordWrong', { data: { field: 'password' } });
    await passwordCheckPassed(deps, subject, input.ip);
  }
  await spendNewestCode(deps, verificationCodes,
    and(eq(verificationCodes.phone, scopeOf(input.customerId)), eq(verificationCodes.purpose, 'install'))!,
    digest(deps.config.codePepper, input.customerId, input.code));
  // The customer hears of it at once by SMS and email (simSecurity's notice job; named here, so portal need not import it).
  const now = deps.clock.now();
  await enqueueJob(deps.db, { kind: 'simSecurity.notice', dedupeKey: `simSecurity.notice:esimReinstall:${line.id}:${now.toISOString()}`, payload: { notice: 'esimReinstall', lineId: line.id, at: now.toISOString(), lang: input.lang ?? null, carrier: null }, runAt: now });
  const [sim] = await deps.db.select({ smdpAddress: sims.smdpAddress, matchingId: sims.matchingId }).from(sims).where(eq(sims.iccid, line.iccid));
  const profile = sim?.smdpAddress && sim.matchingId
    ? { smdpAddress: sim.smdpAddress, matchingId: sim.matchingId }
    : await deps.smdp.allocateProfile({ iccid: line.iccid, reference: `line-${line.id}`, email: '' });
  return { iccid: line.iccid, smdpAddress: profile.smdpAddress, matchingId: profile.matchingId, activationCode: activationCodeText(profile) };
}
