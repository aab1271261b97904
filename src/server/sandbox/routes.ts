/**
 * Developer sandbox (on unless NODE_ENV=production; SANDBOX=1/0 forces it): the messages inbox, the
 * captcha answer for automated tests, the contents of shipped parcels, a way to move the server clock, and the data of
 * the chart studio (studio.ts). Not a product screen.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isValidPhone, normalizePhone } from '../../domain/phone';
import { phoneField, textField } from '../../contract/fields';
import { orderNoField } from '../../contract/tracking';
import { listOutbox, type OutboxMessage } from '../adapters/messages';
import { sandboxParcel } from '../adapters/logisticsSandbox';
import type { Deps } from '../context';
import { GatewayError } from '../http/errors';
import { escapeHtml } from '../http/html';
import { requestLanguage } from '../http/language';
import { isLoopback } from '../http/loopback';
import { actAsStaff, sandboxClockRoutes, staffForm } from './clock';
import { ok, parsed } from './respond';
import { studioRoutes } from './studio';
import { seedTestLine } from './testLine';
import { receivePortOutRequest } from '../simSecurity';
import { shortenDualPeriod } from '../dual';
import { referralQualifiesIn } from '../referral';

/** The inbox filter and the parcel's order number follow the contract's text rules, as every request does. */
const inboxQuery = z.object({ to: textField({ max: 254, trim: true }).optional() });
const parcelParams = z.object({ orderNo: orderNoField });

const recipient = (to: string | undefined): string | undefined => {
  if (!to) return undefined;
  return isValidPhone(to) ? normalizePhone(to) : to.toLowerCase();
};

const htmlOf = (m: OutboxMessage): string | null => (typeof m.meta.html === 'string' ? m.meta.html : null);

const toJson = (m: OutboxMessage) => ({
  id: m.id, channel: m.channel, to: m.to, subject: m.subject, body: m.body, html: htmlOf(m), lang: m.lang, createdAt: m.createdAt.toISOString(),
});

/**
 * An HTML email is shown as the mail client would show it (QR image included), inside a sandboxed iframe: no
 * script runs and it cannot reach this page. The plain-text part stays one click away.
 */
function messageCell(m: OutboxMessage): string {
  const subject = m.subject ? `<strong>${escapeHtml(m.subject)}</strong><br>` : '';
  const html = htmlOf(m);
  if (!html) return `${subject}${escapeHtml(m.body)}`;
  return `${subject}<iframe sandbox="" title="${escapeHtml(m.subject ?? 'email')}" srcdoc="${escapeHtml(html)}"></iframe>`
    + `<details><summary>Plain text</summary><pre>${escapeHtml(m.body)}</pre></details>`;
}

function inboxPage(messages: OutboxMessage[], to: string | undefined): string {
  const rows = messages.map((m) => `<tr><td>${escapeHtml(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</td>`
    + `<td>${m.channel}</td><td><a href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a></td><td>${escapeHtml(m.lang)}</td>`
    + `<td>${messageCell(m)}</td></tr>`).join('');
  const refresh = to ? `?to=${encodeURIComponent(to)}` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Sandbox inbox · LinkBridge Mobile</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#1f2937}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #e5e7eb;padding:.5rem;text-align:left;vertical-align:top}th{background:#f3f4f6}
form{margin:1rem 0;display:flex;gap:.5rem}input{padding:.4rem;font:inherit}a{color:#1d4ed8}
td:last-child{width:60%}iframe{display:block;width:100%;max-width:680px;height:80vh;resize:vertical;border:1px solid #e5e7eb;margin:.5rem 0}pre{white-space:pre-wrap}</style></head>
<body><main><h1>Sandbox inbox</h1>
<p>Every SMS and email the gateway sends in the sandbox, newest first. This page is off in production.</p>
<form method="get" action="/sandbox/inbox"><label for="to">Recipient</label>
<input id="to" name="to" value="${escapeHtml(to ?? '')}" placeholder="phone or email"><button type="submit">Filter</button>
<a href="/sandbox/inbox">All messages</a> <a href="/sandbox/inbox${refresh}">Refresh</a></form>
${messages.length ? `<table><thead><tr><th scope="col">Sent</th><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Language</th><th scope="col">Message</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No messages yet.</p>'}
</main></body></html>`;
}

const advanceBody = z.object({ ms: z.number().int().positive().max(400 * 86_400_000) });

/**
 * The sandbox shows every code sent and can move the clock: it answers only requests from this machine
 * (loopback), whatever address the gateway listens on. Anyone else gets the same 404 as when it is off.
 */
export function sandboxRoutes(app: FastifyInstance, deps: Deps) {
  if (!deps.config.sandbox) return;
  void app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      if (!isLoopback(request.socket.remoteAddress)) throw new GatewayError('notFound');
    });
    sandboxRoutesOn(scope, deps);
  });
}

function sandboxRoutesOn(app: FastifyInstance, deps: Deps) {
  app.get('/sandbox/inbox', async (request, reply) => {
    const to = recipient(parsed(inboxQuery, request.query, requestLanguage(request)).to);
    reply.type('text/html; charset=utf-8');
    return inboxPage(await listOutbox(deps.db, to), to);
  });

  app.get('/sandbox/api/messages', async (request) => {
    const to = recipient(parsed(inboxQuery, request.query, requestLanguage(request)).to);
    return ok(requestLanguage(request), { messages: (await listOutbox(deps.db, to)).map(toJson) });
  });

  app.get<{ Params: { token: string } }>('/sandbox/api/captcha/:token', async (request) => {
    const entry = deps.sandboxCaptchas?.get(request.params.token);
    if (!entry || entry.expiresAt <= deps.clock.now().getTime()) throw new GatewayError('notFound');
    return ok(requestLanguage(request), { answer: entry.answer });
  });

  /** What a person opening the parcel sees (the cards' ICCIDs and printed activation codes), once it has shipped. */
  app.get('/sandbox/api/parcels/:orderNo', async (request) => {
    const { orderNo } = parsed(parcelParams, request.params, requestLanguage(request));
    const parcel = await sandboxParcel(deps.db, deps.clock, orderNo);
    if (!parcel) throw new GatewayError('notFound');
    return ok(requestLanguage(request), {
      ...parcel, shippedAt: parcel.shippedAt?.toISOString() ?? null, shipsAt: parcel.shipsAt.toISOString(),
    });
  });

  // Issue 15: the clock page (+1 day, +30 days, to a date) and the jobs that ran.
  sandboxClockRoutes(app, deps);

  // The chart studio's data: the model tests' coverage report and the lifecycles' state_history.
  studioRoutes(app, deps);

  app.post('/sandbox/api/clock/advance', async (request) => {
    const lang = requestLanguage(request);
    deps.clock.advance(parsed(advanceBody, request.body, lang).ms);
    return ok(lang, { now: deps.clock.now().toISOString() });
  });

  // Issue 15: customer service suspends a line (commercial or illegal use) or lifts it, until the staff console exists.
  app.post('/sandbox/api/staff', async (request) => {
    const lang = requestLanguage(request);
    return ok(lang, await actAsStaff(deps, parsed(staffForm, request.body, lang)));
  });

  // Issue 15: a customer with a US line and a plan in force, to try add-ons, roaming and plan change on.
  app.post('/sandbox/api/testLine', async (request) => {
    const lang = requestLanguage(request);
    const body = parsed(testLineBody, request.body ?? {}, lang);
    const created = await seedTestLine(deps, { password: body.password, planSlug: body.plan, generalCents: body.generalCents, kind: body.kind, endsInHours: body.endsInHours, months: body.months, simType: body.simType });
    return ok(lang, { ...created, password: body.password });
  });

  // Issue 16: a dual number's paid period ends sooner (as testLine's endsInHours does for plans), so what the clock does
  // at its end is reached by moving the clock minutes, not a month (which would move every other customer's plan too).
  app.post('/sandbox/api/dualNumber/periodEndsIn', async (request) => {
    const lang = requestLanguage(request);
    const body = parsed(periodEndsInBody, request.body ?? {}, lang);
    return ok(lang, await shortenDualPeriod(deps, body.msisdn, body.minutes));
  });

  // Issue 18 (decision 0041): a referral's 35 days end `minutes` from now, so the clock moves minutes, not 35 days.
  app.post('/sandbox/api/referral/qualifiesIn', async (request) => {
    const lang = requestLanguage(request);
    const body = parsed(qualifiesInBody, request.body ?? {}, lang);
    return ok(lang, await referralQualifiesIn(deps, body.orderNo, body.minutes));
  });

  // Issue 16: another carrier asks the network to port one of our numbers out (the request reaches us; we answer it).
  app.post('/sandbox/api/portOut', async (request) => {
    const lang = requestLanguage(request);
    const body = parsed(portOutBody, request.body ?? {}, lang);
    return ok(lang, await receivePortOutRequest(deps, body));
  });
}

const qualifiesInBody = z.object({ orderNo: orderNoField, minutes: z.number().int().min(1).max(50_400) });
const periodEndsInBody = z.object({ msisdn: phoneField, minutes: z.number().int().min(1).max(43_200) });

const portOutBody = z.object({
  msisdn: phoneField,
  accountNumber: textField({ max: 32, trim: true }),
  pin: textField({ max: 16, trim: true }),
  carrier: textField({ max: 60, trim: true }).default('Sandbox Wireless'),
});

const testLineBody = z.object({
  password: textField({ max: 64 }).default('Try@24680'),
  plan: z.enum(['500mb-plan', '2gb-plan', '5gb-plan', '15gb-plan', 'unlimited-plan']).default('5gb-plan'),
  generalCents: z.number().int().min(0).max(1_000_000).default(10_000),
  kind: z.enum(['us', 'global']).default('us'),
  /** The US plan's cycle ends this many hours from now (it began earlier); by default it begins now and runs 30 days. */
  endsInHours: z.number().int().min(1).max(720).optional(),
  /** Months of the plan bought (issue 16: a line whose plan outlasts a moved clock). */
  months: z.number().int().min(1).max(12).default(1),
  /** A US line on a physical card (issue 16: SIM conversion) instead of an eSIM. */
  simType: z.enum(['physical', 'esim']).default('esim'),
});
