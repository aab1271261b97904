/**
 * "Edu email for student flow" (spec section 5; decision 0045): a 6-digit code emailed to an academic address
 * (5 minutes, 5 tries, single use, a newer one supersedes the older; the same rules as every code: accounts/codes.ts),
 * then a proof of the address (a random token, kept as a digest) that a student order carries. The order is refused as
 * a student order without a live, unspent proof for the very address it names, made by the same customer (or without
 * login); the order that uses a proof spends it, in the transaction that creates the order.
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Language } from '../../../i18n/languages';
import type { StudentData } from '../../contract/students';
import type { StudentGrade } from '../../domain/student';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { eduEmailCodes, eduVerifications, orderStudents } from '../db/schema';
import { GatewayError } from '../http/errors';
import { t } from '../i18n';
import { emailSubject, enforce, hit, ipSubject, RULES } from '../limits';
import { renderEmail, type Email } from '../messages';
import { hmac, newToken, sha256, sixDigitCode } from '../secrets';
import { CODE_TTL_MS, RESEND_AFTER_SECONDS, spendNewestCode } from '../accounts';

/** How long a proved edu address stays proved for the purchase (a day: time to finish the order, not a standing grant). */
export const EDU_PROOF_MS = 24 * 3_600_000;

const digest = (pepper: string, email: string, code: string) => hmac(pepper, `edu:${email}:${code}`);

function eduCodeEmail(lang: Language, code: string): Email {
  const k = (key: string, vars?: Record<string, string | number>) => t(lang, `messages:email.eduCode.${key}`, vars);
  return {
    subject: k('subject'),
    greetingName: k('customer'),
    blocks: [
      { kind: 'paragraph', text: k('intro') },
      { kind: 'code', text: code },
      { kind: 'paragraph', text: k('expiry', { minutes: CODE_TTL_MS / 60_000 }) },
      { kind: 'paragraph', text: k('notYou') },
    ],
  };
}

/**
 * Emails a code to the academic address. The limits (per address one a minute, 5 an hour, 10 a day; per IP 30 an
 * hour) are taken in the transaction that stores the code: one atomic step, so parallel requests cannot pass together.
 */
export async function sendEduCode(deps: Deps, input: { eduEmail: string; ip: string; lang: Language }) {
  const email = input.eduEmail;
  const code = sixDigitCode();
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const address = emailSubject(email);
    await enforce(deps.limits, [
      hit(RULES.eduCodeMinute, address), hit(RULES.eduCodeHour, address), hit(RULES.eduCodeDay, address), hit(RULES.eduCodeIp, ipSubject(input.ip)),
    ], { tx });
    await tx.update(eduEmailCodes).set({ usedAt: now }).where(and(eq(eduEmailCodes.email, email), isNull(eduEmailCodes.usedAt)));
    await tx.insert(eduEmailCodes).values({ email, codeHash: digest(deps.config.codePepper, email, code), expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now });
  });
  const rendered = renderEmail(input.lang, eduCodeEmail(input.lang, code), email);
  await deps.messages.sendEmail(email, rendered.subject, rendered.text, rendered.html, { lang: input.lang, kind: 'eduCode' });
  return { resendAfterSeconds: RESEND_AFTER_SECONDS, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/**
 * Spends the newest code of the address and answers a proof of it, valid EDU_PROOF_MS, for one order. A proof made by a
 * logged-in customer is theirs: only an order of that customer can spend it.
 */
export async function verifyEduCode(deps: Deps, input: { eduEmail: string; code: string; customerId: number | null }) {
  const email = input.eduEmail;
  await spendNewestCode(deps, eduEmailCodes, eq(eduEmailCodes.email, email), digest(deps.config.codePepper, email, input.code));
  const now = deps.clock.now();
  const token = newToken();
  const verifiedUntil = new Date(now.getTime() + EDU_PROOF_MS);
  await deps.db.insert(eduVerifications).values({
    email, tokenHash: sha256(token), verifiedAt: now, expiresAt: verifiedUntil, customerId: input.customerId,
  });
  return { verification: token, eduEmail: email, verifiedUntil: verifiedUntil.toISOString() };
}

const unverified = () => new GatewayError('eduEmailUnverified', { data: { field: 'student.eduCode' } });

/**
 * Spends the proof for the order being created, in that order's transaction (`tx`), and answers when the address was
 * proved; eduEmailUnverified unless the proof is live, for this very address, not spent yet, and made without login or
 * by this order's customer. One conditional UPDATE: of parallel orders carrying one token exactly one spends it (the
 * others find it spent, or wait for its transaction and find it spent), and an order rolled back leaves it unspent.
 */
export async function spendProof(
  tx: Db, now: Date, proof: { eduEmail: string; verification: string | null | undefined; customerId: number | null; orderId: number },
): Promise<Date> {
  if (!proof.verification) throw unverified();
  const v = eduVerifications;
  const [spent] = await tx.update(v).set({ spentOrderId: proof.orderId, spentAt: now })
    .where(and(
      eq(v.tokenHash, sha256(proof.verification)), eq(v.email, proof.eduEmail), gt(v.expiresAt, now), isNull(v.spentAt),
      proof.customerId === null ? isNull(v.customerId) : or(isNull(v.customerId), eq(v.customerId, proof.customerId)),
    ))
    .returning({ verifiedAt: v.verifiedAt });
  if (!spent) throw unverified();
  return spent.verifiedAt;
}

export interface StudentInfo { school: string; grade: StudentGrade; departureDate: string; eduEmail: string }

/** Keeps the student info with its order (in the transaction that creates the order). */
export async function keepOrderStudent(tx: Db, orderId: number, info: StudentInfo, verifiedAt: Date): Promise<void> {
  await tx.insert(orderStudents).values({ orderId, ...info, verifiedAt }).onConflictDoNothing({ target: orderStudents.orderId });
}

export const studentDataOf = (row: typeof orderStudents.$inferSelect): StudentData => ({
  school: row.school, grade: row.grade as StudentGrade, departureDate: row.departureDate, eduEmail: row.eduEmail, verifiedAt: row.verifiedAt.toISOString(),
});

/** The student info of an order, or null. */
export async function orderStudent(db: Db, orderId: number): Promise<StudentData | null> {
  const [row] = await db.select().from(orderStudents).where(eq(orderStudents.orderId, orderId));
  return row ? studentDataOf(row) : null;
}
