/**
 * The dual number's emails and SMS (issue 16), in the language of the customer's last change on its pages: opened (with the
 * China number and what it costs), the opening failed (120073), the review failed (with the reviewer's reason and until
 * when to re-upload), paused (why, and how to resume), resumed, closed (kept 3 months). The reviewers' reminder of an
 * overdue review goes to every staff account. Each message is sent with its own idempotency key: a retried job sends
 * nothing twice.
 */
import { desc, eq } from 'drizzle-orm';
import { isLanguage, type Language } from '../../../i18n/languages';
import { addMonths, DUAL_AUDIT_DEADLINE_DAYS, DUAL_KEEP_MONTHS, DUAL_OVERDUE_MONTHS, DUAL_PRICE_CENTS } from '../../domain/dualNumber';
import { DAY_MS } from '../../domain/planCalendar';
import { formatChinaNumber } from '../../domain/phone';
import type { Deps } from '../context';
import { customers, dualNumbers, lines, realNameApplications, staffAccounts } from '../db/schema';
import type { Job } from '../jobs/types';
import { t } from '../i18n';
import { dateOnly, money, renderEmail, siteUrl, type Block } from '../messages';
import type { DualMessage } from './jobRequests';

const k = (lang: Language, key: string, vars?: Record<string, string | number>) => t(lang, `dualNumber:message.${key}`, vars);
const chinaNumber = (n: string | null) => (n ? formatChinaNumber(n) : '');

export async function sendDualMessage(deps: Deps, job: Job): Promise<void> {
  const message = job.payload.message as DualMessage;
  const lineId = Number(job.payload.lineId);
  const [row] = await deps.db.select({ line: lines, email: customers.email, username: customers.username, dual: dualNumbers })
    .from(lines).innerJoin(customers, eq(customers.id, lines.customerId))
    .leftJoin(dualNumbers, eq(dualNumbers.lineId, lines.id))
    .where(eq(lines.id, lineId));
  if (!row) throw new Error(`${job.kind}: no line ${lineId}`);
  const [app] = await deps.db.select().from(realNameApplications).where(eq(realNameApplications.lineId, lineId)).orderBy(desc(realNameApplications.id)).limit(1);
  const key = job.dedupeKey;
  if (message === 'reviewOverdue') {
    // The reviewers, in English (the console's language for now): which application, since when.
    const staff = await deps.db.select({ email: staffAccounts.email }).from(staffAccounts);
    for (const s of staff) {
      const text = `Real-name application #${app?.id ?? '?'} for ${row.line.msisdn ?? ''} has waited past the 3 working days promised to the customer (due ${app?.reviewDueAt.toISOString() ?? ''}). Review it in the staff console: ${siteUrl(deps)}/staff/reviews/${app?.id ?? ''}`;
      await deps.messages.sendEmail(s.email, `Overdue real-name review #${app?.id ?? ''}`, text, undefined, { lang: 'en', kind: 'dual.reviewOverdue', lineId, idempotencyKey: `${key}:${s.email}` });
    }
    return;
  }
  const lang: Language = row.dual && isLanguage(row.dual.lang) ? row.dual.lang : 'en';
  const dual = row.dual;
  const vars = {
    china: chinaNumber(dual?.chinaNumber ?? null),
    us: row.line.msisdn ?? '',
    price: money(lang, DUAL_PRICE_CENTS),
    until: dual?.periodEndsAt ? dateOnly(lang, dual.periodEndsAt) : '',
    reason: app?.reason ?? '',
    reuploadBy: app?.decidedAt ? dateOnly(lang, new Date(app.decidedAt.getTime() + DUAL_AUDIT_DEADLINE_DAYS * DAY_MS)) : '',
    shutdown: dual?.pausedAt ? dateOnly(lang, addMonths(dual.pausedAt, DUAL_OVERDUE_MONTHS)) : '',
    keptUntil: dual?.closedAt ? dateOnly(lang, addMonths(dual.closedAt, DUAL_KEEP_MONTHS)) : '',
  };
  const blocks: Block[] = [{ kind: 'paragraph', text: k(lang, `${message}.body`, vars) }];
  if (message === 'opened' || message === 'resumed') blocks.push({ kind: 'rows', rows: [[k(lang, 'rows.china'), vars.china], [k(lang, 'rows.until'), vars.until]] });
  if (message === 'paused') blocks.push({ kind: 'link', href: `${siteUrl(deps)}/personal/pay/changeAccount`, label: k(lang, 'topUp') });
  blocks.push({ kind: 'link', href: `${siteUrl(deps)}/personal/doubleNumber/openDouble`, label: k(lang, 'manage') });
  if (row.email) {
    const rendered = renderEmail(lang, { subject: k(lang, `${message}.subject`, vars), greetingName: row.username, blocks }, row.email);
    await deps.messages.sendEmail(row.email, rendered.subject, rendered.text, rendered.html, { lang, kind: `dual.${message}`, lineId, idempotencyKey: `${key}:email` });
  }
  if (row.line.msisdn) await deps.messages.sendSms(row.line.msisdn, k(lang, `${message}.sms`, vars), { lang, kind: `dual.${message}`, lineId, idempotencyKey: `${key}:sms` });
}
