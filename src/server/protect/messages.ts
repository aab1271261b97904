/**
 * Number keeping's emails and SMS (issue 16), in the language of the customer's last purchase or change: keeping
 * started or extended (until when), an early end asked (when it takes effect, nothing refunded), keeping ended (the
 * number stays suspended 90 days, then is recycled, unless the plan is paid). Each message is sent with its own
 * idempotency key: a retried job sends nothing twice.
 */
import { eq } from 'drizzle-orm';
import { isLanguage, type Language } from '../../../i18n/languages';
import { PROTECT_EARLY_END_MAX_HOURS, PROTECT_EARLY_END_MIN_HOURS } from '../../domain/numberKeeping';
import { numberRemovedAt } from '../../domain/planCalendar';
import type { Deps } from '../context';
import { customers, lineLifecycles, lines, numberKeepings } from '../db/schema';
import type { Job } from '../jobs/types';
import { t } from '../i18n';
import { dateOnly, dateTime, renderEmail, siteUrl, type Block } from '../messages';
import type { ProtectMessage } from './jobRequests';

const k = (lang: Language, key: string, vars?: Record<string, string | number>) => t(lang, `protect:message.${key}`, vars);
const HOUR_MS = 3_600_000;

export async function sendProtectMessage(deps: Deps, job: Job): Promise<void> {
  const message = job.payload.message as ProtectMessage;
  const lineId = Number(job.payload.lineId);
  const [row] = await deps.db.select({ line: lines, email: customers.email, username: customers.username, keeping: numberKeepings, suspendedAt: lineLifecycles.suspendedAt })
    .from(lines).innerJoin(customers, eq(customers.id, lines.customerId))
    .leftJoin(numberKeepings, eq(numberKeepings.lineId, lines.id))
    .leftJoin(lineLifecycles, eq(lineLifecycles.lineId, lines.id))
    .where(eq(lines.id, lineId));
  if (!row) throw new Error(`${job.kind}: no line ${lineId}`);
  const keeping = row.keeping;
  const lang: Language = keeping && isLanguage(keeping.lang) ? keeping.lang : 'en';
  const requested = keeping?.endRequestedAt ?? null;
  const vars = {
    number: row.line.msisdn ?? '',
    until: keeping?.keptUntil ? dateTime(lang, keeping.keptUntil) : '',
    endsAt: keeping?.endsAt ? dateTime(lang, keeping.endsAt) : '',
    from: requested ? dateTime(lang, new Date(requested.getTime() + PROTECT_EARLY_END_MIN_HOURS * HOUR_MS)) : '',
    to: requested ? dateTime(lang, new Date(requested.getTime() + PROTECT_EARLY_END_MAX_HOURS * HOUR_MS)) : '',
    days: keeping?.keptDays ?? 0,
    recycleOn: row.suspendedAt ? dateOnly(lang, numberRemovedAt(row.suspendedAt)) : '',
  };
  const blocks: Block[] = [{ kind: 'paragraph', text: k(lang, `${message}.body`, vars) }];
  if (message === 'started' || message === 'extended') blocks.push({ kind: 'rows', rows: [[k(lang, 'rows.number'), vars.number], [k(lang, 'rows.until'), vars.until], [k(lang, 'rows.days'), String(vars.days)]] });
  if (message === 'ended') blocks.push({ kind: 'link', href: `${siteUrl(deps)}/personal`, label: k(lang, 'recover') });
  blocks.push({ kind: 'link', href: `${siteUrl(deps)}/personal/protect`, label: k(lang, 'manage') });
  const key = job.dedupeKey;
  if (row.email) {
    const rendered = renderEmail(lang, { subject: k(lang, `${message}.subject`, vars), greetingName: row.username, blocks }, row.email);
    await deps.messages.sendEmail(row.email, rendered.subject, rendered.text, rendered.html, { lang, kind: `protect.${message}`, lineId, idempotencyKey: `${key}:email` });
  }
  if (row.line.msisdn) await deps.messages.sendSms(row.line.msisdn, k(lang, `${message}.sms`, vars), { lang, kind: `protect.${message}`, lineId, idempotencyKey: `${key}:sms` });
}
