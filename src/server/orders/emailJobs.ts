/**
 * Each order email is its own job (decision 0006), enqueued in the transaction that causes it with a dedupe key
 * (`email.<kind>:<orderNo or ICCID>`), so it is neither lost by a crash nor sent twice by a retry; the same key
 * goes to the mail provider as its idempotency key for a crash between sending and marking the job done.
 * The eSIM email's job carries the activation code until it is sent, then keeps only the order and ICCID.
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../context';
import { orders, sims } from '../db/schema';
import type { JobRequest } from '../jobs/queue';
import type { GiveUpPayload, Job, JobHandler, JobOutcome } from '../jobs/types';
import { renderEmail, siteUrl, type Email } from '../messages';
import { confirmationEmail, esimFailedEmail, orderLanguage, orderLinks, shippedEmail } from './emails';
import { esimEmail } from './esimEmail';

export type EmailKind = 'orderConfirmation' | 'esim' | 'esimFailed' | 'shipped';

/** The job of one email; `subject` is what makes it unique within its kind (the order number, or the ICCID). */
export const emailJob = (kind: EmailKind, orderNo: string, runAt: Date, extra: Record<string, unknown> = {}, subject = orderNo): JobRequest => ({
  kind: `email.${kind}`, dedupeKey: `email.${kind}:${subject}`, payload: { orderNo, ...extra }, runAt,
});

type OrderRow = typeof orders.$inferSelect;

async function loadOrder(deps: Deps, job: Job): Promise<OrderRow> {
  const orderNo = String(job.payload.orderNo ?? '');
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!order) throw new Error(`${job.kind}: no order ${orderNo}`);
  return order;
}

async function send(deps: Deps, job: Job, order: OrderRow, email: Email, kind: EmailKind) {
  const lang = orderLanguage(order);
  const rendered = renderEmail(lang, email, order.email);
  await deps.messages.sendEmail(order.email, rendered.subject, rendered.text, rendered.html, {
    lang, kind, orderNo: order.orderNo, idempotencyKey: job.dedupeKey,
  });
}

const orderConfirmation: JobHandler = async (deps, job) => {
  const order = await loadOrder(deps, job);
  const orderSims = await deps.db.select({ iccid: sims.iccid }).from(sims).where(eq(sims.orderId, order.id)).orderBy(sims.iccid);
  const email = confirmationEmail(order, orderLinks(siteUrl(deps), order), order.paidAt ?? deps.clock.now(), orderSims.map((s) => s.iccid));
  await send(deps, job, order, email, 'orderConfirmation');
};

const esim: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const order = await loadOrder(deps, job);
  const iccid = String(job.payload.iccid ?? '');
  const activationCode = job.payload.activationCode;
  const kept = { payload: { orderNo: order.orderNo, iccid } };
  // Already sent, and its code dropped: a stray re-run has nothing left to send.
  if (typeof activationCode !== 'string') return kept;
  const orderSims = await deps.db.select().from(sims).where(eq(sims.orderId, order.id)).orderBy(sims.iccid);
  const index = orderSims.findIndex((s) => s.iccid === iccid);
  const sim = orderSims[index];
  if (!sim?.smdpAddress || !sim.matchingId || !sim.qrExpiresAt) throw new Error(`email.esim: no eSIM profile for ${iccid}`);
  const email = await esimEmail(order, orderLinks(siteUrl(deps), order), {
    iccid, activationCode, smdpAddress: sim.smdpAddress, matchingId: sim.matchingId, qrExpiresAt: sim.qrExpiresAt, index: index + 1,
  });
  await send(deps, job, order, email, 'esim');
  return kept;
};

const esimFailed: JobHandler = async (deps, job) => {
  const order = await loadOrder(deps, job);
  // The retry may have found a profile before this email left: then the QR email says it all.
  if (order.fulfilment !== 'esim_failed') return;
  await send(deps, job, order, esimFailedEmail(order, orderLinks(siteUrl(deps), order)), 'esimFailed');
};

const shipped: JobHandler = async (deps, job) => {
  const order = await loadOrder(deps, job);
  if (!order.carrier || !order.trackingNumber || !order.sentAt) throw new Error(`email.shipped: order ${order.orderNo} has not shipped`);
  // A replacement SIM for an account without an email (decision 0037): the portal shows the tracking instead.
  if (!order.email) return;
  const email = shippedEmail(order, orderLinks(siteUrl(deps), order), { carrier: order.carrier, trackingNumber: order.trackingNumber, sentAt: order.sentAt });
  await send(deps, job, order, email, 'shipped');
};

export const emailJobHandlers: Record<string, JobHandler> = {
  'email.orderConfirmation': orderConfirmation,
  'email.esim': esim,
  'email.esimFailed': esimFailed,
  'email.shipped': shipped,
};

/** The eSIM email that gave up keeps the order and ICCID, not the activation code. */
export const emailJobGiveUps: Record<string, GiveUpPayload> = {
  'email.esim': (payload) => ({ orderNo: payload.orderNo, iccid: payload.iccid }),
};
