/**
 * The jobs of SIM-swap protection (issue 16):
 * - simSecurity.notice: one SMS to the line and one email to the account for every SIM change, lock change, new transfer
 *   PIN and port-out request, saying what happened, when, and what to do if it was not them (FCC 23-95 asks for the
 *   notice at once). The SMS goes to the number even when its SIM just changed: the email is the channel an attacker
 *   holding the new SIM does not read.
 * - simSecurity.esimProfile: the converted line's eSIM profile from the SM-DP+ and its QR by email (retried until had).
 * - simSecurity.moveNumber: the network moves the number to the new card.
 */
import { eq } from 'drizzle-orm';
import { isLanguage, type Language } from '../../../i18n/languages';
import { activationCodeText } from '../adapters/smdp';
import type { Deps } from '../context';
import { customers, lines, sims } from '../db/schema';
import type { JobRequest } from '../jobs/queue';
import type { JobHandler } from '../jobs/types';
import { t } from '../i18n';
import { dateTime, renderEmail, siteUrl, type Block } from '../messages';

export type Notice = 'locked' | 'unlocked' | 'pinCreated' | 'convertedToEsim' | 'convertedToPhysical' | 'esimReinstall' | 'portOutAccepted' | 'portOutRefused'
  // Decision 0037: a replacement SIM ordered (`place`: the city it goes to), the line moved to it, or cancelled.
  | 'replacementOrdered' | 'replaced' | 'replacementCancelled';
export const NOTICE_JOB = 'simSecurity.notice';
export const ESIM_PROFILE_JOB = 'simSecurity.esimProfile';
export const MOVE_NUMBER_JOB = 'simSecurity.moveNumber';

/**
 * `ref` names the event when several of one kind may come at the same instant (each port-out request is told, even two
 * in one millisecond); without it the notice is one per kind, line and instant.
 */
export const noticeJob = (notice: Notice, lineId: number, at: Date, lang: Language | null, opts: { carrier?: string; ref?: string; place?: string } = {}): JobRequest => ({
  kind: NOTICE_JOB, dedupeKey: `${NOTICE_JOB}:${notice}:${lineId}:${opts.ref ?? at.toISOString()}`,
  payload: { notice, lineId, at: at.toISOString(), lang, carrier: opts.carrier ?? null, place: opts.place ?? null }, runAt: at,
});
export const esimProfileJob = (lineId: number, iccid: string, lang: Language, at: Date): JobRequest => ({
  kind: ESIM_PROFILE_JOB, dedupeKey: `${ESIM_PROFILE_JOB}:${iccid}`, payload: { lineId, iccid, lang }, runAt: at,
});
export const moveNumberJob = (lineId: number, fromIccid: string, toIccid: string, key: string, at: Date): JobRequest => ({
  kind: MOVE_NUMBER_JOB, dedupeKey: `${MOVE_NUMBER_JOB}:${lineId}:${key}`, payload: { lineId, fromIccid, toIccid }, runAt: at,
});

async function lineAndCustomer(deps: Deps, lineId: number) {
  const [row] = await deps.db.select({ line: lines, email: customers.email, username: customers.username })
    .from(lines).innerJoin(customers, eq(customers.id, lines.customerId)).where(eq(lines.id, lineId));
  if (!row) throw new Error(`no line ${lineId}`);
  return row;
}

const notice: JobHandler = async (deps, job) => {
  const kind = job.payload.notice as Notice;
  const row = await lineAndCustomer(deps, Number(job.payload.lineId));
  const lang: Language = isLanguage(job.payload.lang) ? job.payload.lang : 'en';
  const k = (key: string, vars?: Record<string, string>) => t(lang, `security:message.${key}`, vars);
  const vars = { number: row.line.msisdn ?? '', at: dateTime(lang, new Date(String(job.payload.at))), carrier: String(job.payload.carrier ?? ''), place: String(job.payload.place ?? '') };
  const blocks: Block[] = [
    { kind: 'paragraph', text: k(`${kind}.body`, vars) },
    { kind: 'paragraph', text: k('notYou') },
    { kind: 'link', href: `${siteUrl(deps)}/personal/security`, label: k('manage') },
  ];
  if (row.email) {
    const rendered = renderEmail(lang, { subject: k(`${kind}.subject`, vars), greetingName: row.username, blocks }, row.email);
    await deps.messages.sendEmail(row.email, rendered.subject, rendered.text, rendered.html, { lang, kind: `security.${kind}`, lineId: row.line.id, idempotencyKey: `${job.dedupeKey}:email` });
  }
  if (row.line.msisdn) await deps.messages.sendSms(row.line.msisdn, `${k(`${kind}.sms`, vars)} ${k('notYouSms')}`, { lang, kind: `security.${kind}`, lineId: row.line.id, idempotencyKey: `${job.dedupeKey}:sms` });
};

const esimProfile: JobHandler = async (deps, job) => {
  const iccid = String(job.payload.iccid);
  const row = await lineAndCustomer(deps, Number(job.payload.lineId));
  const lang: Language = isLanguage(job.payload.lang) ? job.payload.lang : 'en';
  // Idempotent on the ICCID at the SM-DP+; a failure is retried by the runner.
  const profile = await deps.smdp.allocateProfile({ iccid, reference: `conversion-${row.line.id}`, email: row.email ?? '' });
  const qrExpiresAt = new Date(deps.clock.now().getTime() + 30 * 86_400_000);
  await deps.db.update(sims).set({ smdpAddress: profile.smdpAddress, matchingId: profile.matchingId, qrExpiresAt }).where(eq(sims.iccid, iccid));
  if (!row.email) return;
  const lpa = activationCodeText(profile);
  const { default: QRCode } = await import('qrcode');
  const k = (key: string, vars?: Record<string, string>) => t(lang, `security:message.esimQr.${key}`, vars);
  const rendered = renderEmail(lang, {
    subject: k('subject'), greetingName: row.username,
    blocks: [
      { kind: 'paragraph', text: k('body', { number: row.line.msisdn ?? '' }) },
      { kind: 'image', src: await QRCode.toDataURL(lpa, { errorCorrectionLevel: 'M', margin: 2, width: 240, type: 'image/png' }), alt: k('alt') },
      { kind: 'rows', rows: [['ICCID', iccid], ['SM-DP+', profile.smdpAddress], [k('matchingId'), profile.matchingId]] },
      { kind: 'code', text: lpa },
      { kind: 'paragraph', text: k('valid') },
    ],
  }, row.email);
  await deps.messages.sendEmail(row.email, rendered.subject, rendered.text, rendered.html, { lang, kind: 'security.esimQr', lineId: row.line.id, idempotencyKey: `${job.dedupeKey}:email` });
};

const moveNumber: JobHandler = async (deps, job) => {
  const row = await lineAndCustomer(deps, Number(job.payload.lineId));
  await deps.network.moveNumber({ requestId: job.dedupeKey, msisdn: row.line.msisdn ?? '', fromIccid: String(job.payload.fromIccid), toIccid: String(job.payload.toIccid) });
};

export const simSecurityJobHandlers: Record<string, JobHandler> = {
  [NOTICE_JOB]: notice,
  [ESIM_PROFILE_JOB]: esimProfile,
  [MOVE_NUMBER_JOB]: moveNumber,
};
