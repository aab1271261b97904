/**
 * The sandbox clock page (issue 15): a person trying the product moves this gateway's clock (+1 day, +30 days, to a
 * date) and sees what the job runner did then: renewals, reminders, cycle ends, suspensions, recoveries, number
 * removals, and the messages they sent (in /sandbox/inbox). Loopback only, absent in production, like the rest of the
 * sandbox. The clock moves forward only, as time does. Until the staff console exists (issue 16), the page also lets
 * a person act as customer service: suspend a line for commercial or illegal use with a reason, and lift it.
 */
import type { FastifyInstance } from 'fastify';
import { desc, isNotNull, isNull, asc, and, gt } from 'drizzle-orm';
import { z } from 'zod';
import { PACIFIC_DATE_TIME } from '../../domain/pacificTime';
import type { Deps } from '../context';
import { jobs } from '../db/schema';
import { escapeHtml } from '../http/html';
import { runDueJobs } from '../jobs/runner';
import { textField } from '../../contract/fields';
import { GatewayError } from '../http/errors';
import { lineByNumberOrIccid, restoreByStaff, STAFF_REASON_MAX, suspendByStaff } from '../plan';

const DAY_MS = 86_400_000;
/** The clock can be moved at most this far at once (a year and a month). */
const MAX_MOVE_MS = 400 * DAY_MS;

const moveForm = z.object({
  move: z.enum(['day', 'month', 'to']),
  /** datetime-local, read as Pacific time is not possible without a zone: the form sends it with its UTC offset. */
  to: z.string().max(40).optional(),
});

/** Customer service's two acts on the service chart: the line by its number or ICCID, and the reason to suspend. */
export const staffForm = z.discriminatedUnion('act', [
  z.object({ act: z.literal('suspend'), line: textField({ max: 40, trim: true }).pipe(z.string().min(1)), reason: textField({ max: STAFF_REASON_MAX, trim: true }).pipe(z.string().min(3)) }),
  z.object({ act: z.literal('restore'), line: textField({ max: 40, trim: true }).pipe(z.string().min(1)) }),
]);

/** Suspends or restores the line as staff; the answer names the line's new service state, or why nothing changed. */
export async function actAsStaff(deps: Deps, form: z.output<typeof staffForm>): Promise<{ lineId: number; state: string }> {
  const lineId = await lineByNumberOrIccid(deps, form.line);
  const applied = form.act === 'suspend' ? await suspendByStaff(deps, lineId, form.reason) : await restoreByStaff(deps, lineId);
  return { lineId, state: applied.to };
}

const pacific = (at: Date) => new Intl.DateTimeFormat('en-US', { ...PACIFIC_DATE_TIME, weekday: 'short', second: '2-digit' }).format(at);
const utc = (at: Date | null) => (at ? `${at.toISOString().replace('T', ' ').slice(0, 19)} UTC` : '');

/** The jobs of the product's lifecycles a person trying it wants to see; internal housekeeping is left out. */
const INTERESTING = /^(plan\.|service\.|sims\.expire|email\.|order\.|activation\.)/;

async function page(deps: Deps, notice: string | null): Promise<string> {
  const now = deps.clock.now();
  const ran = (await deps.db.select().from(jobs).where(isNotNull(jobs.doneAt)).orderBy(desc(jobs.doneAt), desc(jobs.id)).limit(200))
    .filter((j) => INTERESTING.test(j.kind)).slice(0, 40);
  const next = (await deps.db.select().from(jobs).where(and(isNull(jobs.doneAt), gt(jobs.runAt, now))).orderBy(asc(jobs.runAt)).limit(200))
    .filter((j) => INTERESTING.test(j.kind)).slice(0, 20);
  const row = (j: typeof jobs.$inferSelect, at: Date | null) => `<tr><td>${escapeHtml(utc(at))}<br><small>${escapeHtml(at ? pacific(at) : '')}</small></td>`
    + `<td><code>${escapeHtml(j.kind)}</code></td><td><code>${escapeHtml(JSON.stringify(j.payload))}</code></td><td>${escapeHtml(j.lastError ?? '')}</td></tr>`;
  const table = (caption: string, rows: string) => `<table><caption>${caption}</caption><thead><tr><th scope="col">When</th><th scope="col">Job</th><th scope="col">For</th><th scope="col">Last error</th></tr></thead><tbody>${rows}</tbody></table>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Sandbox clock · LinkBridge Mobile</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#1f2937}table{border-collapse:collapse;width:100%;margin:1.5rem 0}
caption{text-align:left;font-weight:600;font-size:1.1rem;margin-bottom:.5rem}td,th{border-bottom:1px solid #e5e7eb;padding:.4rem;text-align:left;vertical-align:top}
th{background:#f3f4f6}form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:.5rem 0}button,input{padding:.4rem .8rem;font:inherit}
.notice{background:#ecfdf5;border:1px solid #10b981;padding:.5rem 1rem}code{word-break:break-all}a{color:#1d4ed8}</style></head>
<body><main><h1>Sandbox clock</h1>
<p>The server's clock now: <strong>${escapeHtml(pacific(now))}</strong> (${escapeHtml(utc(now))}). Move it forward and the job runner does
what falls due: reminders, renewals at midnight Pacific, cycle ends, suspensions, recoveries. Messages go to the <a href="/sandbox/inbox">sandbox inbox</a>.
This moves this gateway's clock only; the page is off in production.</p>
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
<form method="post" action="/sandbox/clock"><input type="hidden" name="move" value="day"><button type="submit">+1 day</button></form>
<form method="post" action="/sandbox/clock"><input type="hidden" name="move" value="month"><button type="submit">+30 days</button></form>
<form method="post" action="/sandbox/clock"><input type="hidden" name="move" value="to"><label for="to">To (UTC)</label>
<input id="to" name="to" type="datetime-local" step="1" min="${now.toISOString().slice(0, 16)}" required><button type="submit">Move</button></form>
<h2>Customer service</h2>
<p>Until the staff console exists, act as customer service here. Spec section 1: commercial or illegal use may lead to suspension.
A line suspended by staff calls 911 and 611 only, the customer sees the reason on /personal, paying does not lift it, and its number is kept.</p>
<form method="post" action="/sandbox/staff"><input type="hidden" name="act" value="suspend"><label for="suspend-line">Number or ICCID</label>
<input id="suspend-line" name="line" required maxlength="40"><label for="reason">Reason</label>
<input id="reason" name="reason" required minlength="3" maxlength="${STAFF_REASON_MAX}" size="40"><button type="submit">Suspend the line</button></form>
<form method="post" action="/sandbox/staff"><input type="hidden" name="act" value="restore"><label for="restore-line">Number or ICCID</label>
<input id="restore-line" name="line" required maxlength="40"><button type="submit">Lift the suspension</button></form>
${table('Jobs that ran (newest first)', ran.map((j) => row(j, j.doneAt)).join('') || '<tr><td colspan="4">None yet.</td></tr>')}
${table('Jobs to come', next.map((j) => row(j, j.runAt)).join('') || '<tr><td colspan="4">None.</td></tr>')}
</main></body></html>`;
}

export function sandboxClockRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/sandbox/clock', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const notice = typeof query.ran === 'string' ? `Clock moved; ${String(query.ran)} jobs ran.`
      : typeof query.staff === 'string' ? `Done: ${String(query.staff).slice(0, 80)}.` : null;
    reply.type('text/html; charset=utf-8');
    return page(deps, notice);
  });

  app.post('/sandbox/staff', async (request, reply) => {
    const form = staffForm.safeParse(request.body);
    if (!form.success) {
      reply.status(400).type('text/html; charset=utf-8');
      return page(deps, 'Give the line (its number or ICCID) and, to suspend, a reason of 3 to 200 characters.');
    }
    try {
      const done = await actAsStaff(deps, form.data);
      await runDueJobs(deps);
      return reply.redirect(`/sandbox/clock?staff=${encodeURIComponent(`line ${done.lineId} is now ${done.state}`)}`, 303);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      reply.status(error.code === 'noRecord' ? 404 : 409).type('text/html; charset=utf-8');
      return page(deps, error.code === 'noRecord' ? 'No line has that number or ICCID.' : 'The line is not in a state this applies to (suspend an active line; lift a suspension made by staff).');
    }
  });

  app.post('/sandbox/clock', async (request, reply) => {
    const form = moveForm.safeParse(request.body);
    const now = deps.clock.now();
    let ms = 0;
    if (form.success) {
      if (form.data.move === 'day') ms = DAY_MS;
      else if (form.data.move === 'month') ms = 30 * DAY_MS;
      else if (form.data.to) ms = Date.parse(`${form.data.to}${form.data.to.length <= 16 ? ':00' : ''}Z`) - now.getTime();
    }
    if (!form.success || !Number.isFinite(ms) || ms <= 0 || ms > MAX_MOVE_MS) {
      reply.status(400).type('text/html; charset=utf-8');
      return page(deps, 'The clock moves forward only, by at most 400 days at once: choose a later time.');
    }
    deps.clock.advance(ms);
    // Run what fell due now, so the page shows it (the gateway's own runner would take it within a second anyway).
    const ran = await runDueJobs(deps);
    return reply.redirect(`/sandbox/clock?ran=${ran}`, 303);
  });
}
