/**
 * My information (spec section 3, Account): names, contact number, billing address, birthday set once, the email
 * changed only by a code sent to the new address, and the referral code, link, bonus and count.
 */
import { and, desc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { Language } from '../../../i18n/languages';
import type { ProfileData } from '../../contract/profile';
import type { z } from 'zod';
import type { profileUpdateBody } from '../../contract/profile';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { balanceLedger, customers, emailCodes, lines, orderStudents, orders, sims } from '../db/schema';
import type { StudentGrade } from '../../domain/student';
import { GatewayError } from '../http/errors';
import { t } from '../i18n';
import { emailSubject, enforce, hit, RULES } from '../limits';
import { renderEmail, siteUrl, type Email } from '../messages';
import { hmac, sixDigitCode } from '../secrets';
import { CODE_TTL_MS, spendNewestCode } from './codes';
import { RESEND_AFTER_SECONDS } from './sendLimits';
import { referralCodeOf } from './referral';

type ProfileUpdate = z.output<typeof profileUpdateBody>;

async function customerOf(deps: Deps, customerId: number) {
  const [row] = await deps.db.select().from(customers).where(eq(customers.id, customerId));
  if (!row) throw new GatewayError('unauthorized');
  return row;
}

/** Referral count: paid orders that used the code; bonus: what referral rewards credited (ledger 'referral:...'). */
async function referralOf(deps: Deps, customerId: number): Promise<ProfileData['referral']> {
  const code = await referralCodeOf(deps, customerId);
  const [count] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(orders)
    .where(and(eq(orders.referralCode, code), eq(orders.status, 'paid')));
  // What was credited: an expired credit's unspent part taken back (decision 0041) does not unearn it.
  const [bonus] = await deps.db.select({ cents: sql<number>`coalesce(sum(greatest(${balanceLedger.deltaCents}, 0)), 0)::int` }).from(balanceLedger)
    .where(and(eq(balanceLedger.customerId, customerId), like(balanceLedger.reference, 'referral:%')));
  return { code, link: `${siteUrl(deps)}/?recommendCode=${encodeURIComponent(code)}`, bonusCents: bonus?.cents ?? 0, count: count?.n ?? 0 };
}

/**
 * The account's student info (decision 0045): the newest paid student order bought by the account, or whose SIM became
 * one of the account's lines (a student who bought without an account and registered at activation).
 */
async function studentOf(deps: Deps, customerId: number): Promise<ProfileData['student']> {
  const lineOrders = deps.db.select({ id: sims.orderId }).from(sims).innerJoin(lines, eq(lines.iccid, sims.iccid)).where(eq(lines.customerId, customerId));
  const [row] = await deps.db.select({ s: orderStudents }).from(orderStudents).innerJoin(orders, eq(orders.id, orderStudents.orderId))
    .where(and(eq(orders.status, 'paid'), or(eq(orders.customerId, customerId), inArray(orders.id, lineOrders))))
    .orderBy(desc(orders.paidAt), desc(orders.id)).limit(1);
  if (!row) return null;
  const s = row.s;
  return { school: s.school, grade: s.grade as StudentGrade, departureDate: s.departureDate, eduEmail: s.eduEmail, verifiedAt: s.verifiedAt.toISOString() };
}

export async function profileOf(deps: Deps, customerId: number): Promise<ProfileData> {
  const c = await customerOf(deps, customerId);
  return {
    username: c.username, phone: c.phone,
    firstNameEn: c.firstNameEn, lastNameEn: c.lastNameEn, firstNameZh: c.firstNameZh, lastNameZh: c.lastNameZh,
    email: c.email, contactPhone: c.contactPhone, birthday: c.birthday,
    billing: c.billingAddress ? { ...c.billingAddress, address2: c.billingAddress.address2 ?? null } : null,
    student: await studentOf(deps, customerId),
    referral: await referralOf(deps, customerId),
  };
}

/**
 * Saves my information. The birthday is written only while the account has none, in the same statement that checks
 * it ("set once"), so two saves cannot both set it; a different birthday for an account that has one is refused.
 */
export async function updateProfile(deps: Deps, customerId: number, input: ProfileUpdate): Promise<ProfileData> {
  const fields = {
    firstNameEn: input.firstNameEn, lastNameEn: input.lastNameEn, firstNameZh: input.firstNameZh ?? null, lastNameZh: input.lastNameZh ?? null,
    contactPhone: input.contactPhone,
    ...(input.billing !== undefined ? { billingAddress: input.billing ? { ...input.billing, address2: input.billing.address2 ?? null } : null } : {}),
  };
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await tx.update(customers).set(fields).where(eq(customers.id, customerId));
    if (!input.birthday) return;
    const [set] = await tx.update(customers).set({ birthday: input.birthday })
      .where(and(eq(customers.id, customerId), isNull(customers.birthday))).returning({ id: customers.id });
    if (set) return;
    const [row] = await tx.select({ birthday: customers.birthday }).from(customers).where(eq(customers.id, customerId));
    if (row?.birthday !== input.birthday) throw new GatewayError('birthdaySet', { data: { field: 'birthday' } });
  });
  return profileOf(deps, customerId);
}

const emailDigest = (pepper: string, customerId: number, email: string, code: string) => hmac(pepper, `email:${customerId}:${email}:${code}`);

function emailCodeEmail(lang: Language, code: string, name: string): Email {
  const k = (key: string, vars?: Record<string, string | number>) => t(lang, `messages:email.emailChange.${key}`, vars);
  return {
    subject: k('subject'),
    greetingName: name || k('customer'),
    blocks: [
      { kind: 'paragraph', text: k('intro') },
      { kind: 'code', text: code },
      { kind: 'paragraph', text: k('expiry', { minutes: CODE_TTL_MS / 60_000 }) },
      { kind: 'paragraph', text: k('notYou') },
    ],
  };
}

/**
 * Emails a code to the new address. The limits (per address and per account) are taken in the transaction that
 * stores the code: one atomic step. A newer code supersedes the older ones of the same account and address.
 */
export async function sendEmailCode(deps: Deps, customerId: number, email: string, lang: Language) {
  const customer = await customerOf(deps, customerId);
  if (customer.email === email) throw new GatewayError('emailSame', { data: { field: 'email' } });
  const code = sixDigitCode();
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const address = emailSubject(email);
    await enforce(deps.limits, [
      hit(RULES.emailCodeMinute, address), hit(RULES.emailCodeHour, address), hit(RULES.emailCodeDay, address),
      hit(RULES.emailCodeAccount, String(customerId)),
    ], { tx });
    await tx.update(emailCodes).set({ usedAt: now })
      .where(and(eq(emailCodes.customerId, customerId), eq(emailCodes.email, email), isNull(emailCodes.usedAt)));
    await tx.insert(emailCodes).values({
      customerId, email, codeHash: emailDigest(deps.config.codePepper, customerId, email, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now,
    });
  });
  const rendered = renderEmail(lang, emailCodeEmail(lang, code, customer.firstNameEn ?? ''), email);
  await deps.messages.sendEmail(email, rendered.subject, rendered.text, rendered.html, { lang, kind: 'emailChangeCode' });
  return { resendAfterSeconds: RESEND_AFTER_SECONDS, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/** Spends the newest code of this account and address, then makes it the account's email. */
export async function changeEmail(deps: Deps, customerId: number, email: string, code: string): Promise<ProfileData> {
  await spendNewestCode(deps, emailCodes, and(eq(emailCodes.customerId, customerId), eq(emailCodes.email, email))!,
    emailDigest(deps.config.codePepper, customerId, email, code));
  await deps.db.update(customers).set({ email }).where(eq(customers.id, customerId));
  return profileOf(deps, customerId);
}
