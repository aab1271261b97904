/**
 * The plan's emails and SMS (issue 15), in the language the customer last used with the line (line_lifecycles.lang):
 * a reminder before the renewal, the renewal done, a renewal that failed, the suspension (what to pay, by when), the
 * recovery, and the number removed; a suspension by staff with its reason, and its end. One job per message occurrence
 * (plan.message), each message sent with its own idempotency key, so a retried job sends nothing twice. The reminder, renewal and failure emails carry the signed
 * link that opens or closes auto-renewal without logging in.
 */
import { desc, eq } from 'drizzle-orm';
import { isLanguage, type Language } from '../../../i18n/languages';
import { recoveryFeeCents, numberRemovedAt } from '../../domain/planCalendar';
import type { Deps } from '../context';
import { customers, lineLifecycles, lines, renewals } from '../db/schema';
import type { JobRequest } from '../jobs/queue';
import type { Job } from '../jobs/types';
import { t } from '../i18n';
import { dateOnly, dateTime, money, renderEmail, siteUrl, type Block } from '../messages';
import { lastTermPlan, paidUntil } from './terms';
import { renewalLinkToken } from './link';

export const MESSAGE_JOB = 'plan.message';
export type PlanMessage = 'reminder' | 'renewed' | 'renewalFailed' | 'suspended' | 'recovered' | 'numberRemoved' | 'suspendedByStaff' | 'restoredByStaff';

/** `ref` tells occurrences apart: the term's expiry, the renewal's order number, the suspension's time. */
export const messageJob = (message: PlanMessage, lineId: number, ref: string, runAt: Date): JobRequest => ({
  kind: MESSAGE_JOB, dedupeKey: `${MESSAGE_JOB}:${message}:${lineId}:${ref}`, payload: { message, lineId, ref }, runAt,
});

const k = (lang: Language, key: string, vars?: Record<string, string | number>) => t(lang, `portalPlan:message.${key}`, vars);

export async function sendPlanMessage(deps: Deps, job: Job): Promise<void> {
  const message = job.payload.message as PlanMessage;
  const lineId = Number(job.payload.lineId);
  const ref = String(job.payload.ref ?? '');
  const [row] = await deps.db.select({ line: lines, email: customers.email, username: customers.username, lc: lineLifecycles })
    .from(lines).innerJoin(customers, eq(customers.id, lines.customerId))
    .leftJoin(lineLifecycles, eq(lineLifecycles.lineId, lines.id)).where(eq(lines.id, lineId));
  if (!row) throw new Error(`${job.kind}: no line ${lineId}`);
  const lang: Language = row.lc && isLanguage(row.lc.lang) ? row.lc.lang : 'en';
  const plan = await lastTermPlan(deps.db, lineId);
  const until = await paidUntil(deps.db, lineId);
  const [renewal] = await deps.db.select().from(renewals).where(eq(renewals.lineId, lineId)).orderBy(desc(renewals.id)).limit(1);
  const now = deps.clock.now();
  const method = row.lc?.autoRenewalMethod ?? 'balance';
  const open = !!row.lc && (row.lc.autoRenewalState.startsWith('open') || row.lc.autoRenewalState === 'closing');
  const suspendedAt = row.lc?.suspendedAt ?? now;
  const vars = {
    plan: plan?.name ?? '',
    amount: money(lang, plan?.monthlyPriceCents ?? 0),
    date: until ? dateTime(lang, until) : '',
    method: k(lang, `method.${method}`),
    number: row.line.msisdn ?? (message === 'numberRemoved' ? ref : ''),
    fee: money(lang, recoveryFeeCents(suspendedAt, now)),
    total: money(lang, (plan?.monthlyPriceCents ?? 0) + recoveryFeeCents(suspendedAt, now)),
    payBy: dateOnly(lang, numberRemovedAt(suspendedAt)),
    staffReason: row.lc?.suspensionReason ?? '',
    reason: renewal?.failureCode ? k(lang, `failure.${renewal.failureCode === 'INSUFFICIENT_BALANCE' || renewal.failureCode === 'NO_SAVED_CARD' ? renewal.failureCode : 'card'}`) : '',
  };
  const variant = message === 'reminder' ? (open ? 'reminder' : 'expiring') : message;
  const blocks: Block[] = [{ kind: 'paragraph', text: k(lang, `${variant}.body`, vars) }];
  if (message === 'suspended') blocks.push({ kind: 'rows', rows: [[k(lang, 'rows.toPay'), vars.total], [k(lang, 'rows.payBy'), vars.payBy]] });
  if (message === 'renewed' || message === 'recovered') blocks.push({ kind: 'rows', rows: [[k(lang, 'rows.plan'), vars.plan], [k(lang, 'rows.validUntil'), vars.date]] });
  if (message === 'suspended' || message === 'renewalFailed') blocks.push({ kind: 'link', href: `${siteUrl(deps)}/personal/pay/changeAccount`, label: k(lang, 'topUp') });
  if (message === 'reminder' || message === 'renewed' || message === 'renewalFailed') {
    blocks.push({ kind: 'link', href: `${siteUrl(deps)}/personal/autosubscription/subscription?token=${renewalLinkToken(deps, lineId)}`, label: k(lang, 'manage') });
  }
  if (message === 'renewed') blocks.push({ kind: 'paragraph', text: k(lang, 'nonRefundable') });
  const key = `${job.dedupeKey}`;
  if (row.email) {
    const rendered = renderEmail(lang, { subject: k(lang, `${variant}.subject`, vars), greetingName: row.username, blocks }, row.email);
    await deps.messages.sendEmail(row.email, rendered.subject, rendered.text, rendered.html, { lang, kind: `plan.${message}`, lineId, ref, idempotencyKey: `${key}:email` });
  }
  if (row.line.msisdn) await deps.messages.sendSms(row.line.msisdn, k(lang, `${variant}.sms`, vars), { lang, kind: `plan.${message}`, lineId, ref, idempotencyKey: `${key}:sms` });
}
