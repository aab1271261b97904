/**
 * The customer's side of the US-China dual number (issue 16): what /personal/doubleNumber shows, and every change the
 * customer makes, each applied to the chart (machines/dualNumber.machine.ts) with the effects it names in the same
 * transaction. Money: $1.99 per 30 days from the General account, once per period (the ledger's reference and the
 * payment's key are the period's), first month free once per line. The network is only ever asked by jobs (jobs.ts),
 * outside the transaction, by idempotent request ids.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DualNumberEvent } from '../../../machines/dualNumber.machine';
import type { DualAction, DualNumberData, RealNameForm } from '../../contract/dualNumber';
import {
  addMonths, DUAL_AUDIT_DEADLINE_DAYS, DUAL_KEEP_MONTHS, DUAL_OVERDUE_MONTHS, DUAL_PERIOD_DAYS, DUAL_PRICE_CENTS, DUAL_REVIEW_WORKING_DAYS,
  ID_PHOTO_SLOTS, type IdType,
} from '../../domain/dualNumber';
import { DAY_MS } from '../../domain/planCalendar';
import { addWorkingDays } from '../../domain/workingDays';
import type { Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { balanceLedger, balances, dualNumbers, idImages, lines, payments, realNameApplications } from '../db/schema';
import type { LifecycleActions } from '../db/lifecycle';
import { GatewayError } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import { currentPlan } from '../plan';
import { requireUsLine } from '../portal';
import { keepingConflict } from '../protect';
import { encryptIdNumber } from './realName';
import { applyDualEvent, dualRowOf, partnerLineRef, type DualLine } from './lifecycle';
import { dualJob, dualMessageJob, networkJob } from './jobRequests';

export interface PayFacts { hasMainPlan: boolean; balanceCents: number }

export async function payFacts(deps: Deps, line: DualLine, db: Db = deps.db): Promise<PayFacts> {
  const plan = await currentPlan(deps, line.id);
  const [balance] = await db.select({ general: balances.generalCents }).from(balances).where(eq(balances.customerId, line.customerId));
  return { hasMainPlan: plan.main !== null, balanceCents: balance?.general ?? 0 };
}

/**
 * One month of $1.99 from the General account, for the period starting `periodStart`: the balance row locked, a
 * succeeded payment (in bills) and a ledger debit whose reference names the period, so a retried job or a double
 * press charges once. 120081 when the balance fell short since the chart's guard read it.
 */
async function chargePeriod(tx: Db, line: DualLine, periodStart: Date, now: Date): Promise<void> {
  const ref = `DN-${line.id}-${periodStart.toISOString()}`;
  const [balance] = await tx.select().from(balances).where(eq(balances.customerId, line.customerId)).for('update');
  const [already] = await tx.select({ id: balanceLedger.id }).from(balanceLedger).where(eq(balanceLedger.reference, `dual:${ref}`));
  if (already) return;
  if (!balance || balance.generalCents < DUAL_PRICE_CENTS) throw new GatewayError('120081');
  await tx.insert(payments).values({
    payableKind: 'dualNumber', payableRef: ref, customerId: line.customerId, method: 'account', idempotencyKey: `dual:${ref}`,
    requestHash: ref, amountCents: DUAL_PRICE_CENTS, status: 'succeeded', provider: 'balance', createdAt: now, updatedAt: now,
  });
  await tx.insert(balanceLedger).values({ customerId: line.customerId, account: 'general', deltaCents: -DUAL_PRICE_CENTS, reference: `dual:${ref}`, createdAt: now });
  await tx.update(balances).set({ generalCents: sql`${balances.generalCents} - ${DUAL_PRICE_CENTS}` }).where(eq(balances.customerId, line.customerId));
}

async function startPaidPeriod(tx: Db, line: DualLine, periodStart: Date, now: Date): Promise<void> {
  await chargePeriod(tx, line, periodStart, now);
  const ends = new Date(periodStart.getTime() + DUAL_PERIOD_DAYS * DAY_MS);
  await tx.update(dualNumbers).set({ periodEndsAt: ends, pausedAt: null, closedAt: null, closeRequestedAt: null, updatedAt: now }).where(eq(dualNumbers.lineId, line.id));
  await enqueueJob(tx, dualJob('periodEnd', line.id, ends.toISOString(), ends));
}

/** Every action of the chart, for one line: the host's side of machines/dualNumber.machine.ts. */
export function dualActions(deps: Deps, line: DualLine, opts: { heldNumber?: string } = {}): LifecycleActions<DualNumberEvent> {
  const now = deps.clock.now();
  const set = (tx: Db, values: Partial<typeof dualNumbers.$inferInsert>) => tx.update(dualNumbers).set({ ...values, updatedAt: now }).where(eq(dualNumbers.lineId, line.id));
  const current = async (tx: Db) => (await tx.select().from(dualNumbers).where(eq(dualNumbers.lineId, line.id)))[0]!;
  return {
    holdChinaNumber: async (tx) => {
      // Held before the transaction (the partner is asked outside it, idempotently per line): the row takes it.
      if (!opts.heldNumber) throw new Error('dualNumber: holdChinaNumber without a held number');
      await set(tx, { chinaNumber: opts.heldNumber, openFailure: null });
    },
    dropApplication: async (tx) => {
      const r = await current(tx);
      const apps = await tx.select({ id: realNameApplications.id }).from(realNameApplications).where(eq(realNameApplications.lineId, line.id));
      // The photos are deleted (their bytes, not the record that they existed): nothing of the ID stays without a purpose.
      if (apps.length) await tx.update(idImages).set({ sealed: null, deletedAt: now }).where(and(inArray(idImages.applicationId, apps.map((a) => a.id)), isNull(idImages.deletedAt)));
      await tx.update(idImages).set({ sealed: null, deletedAt: now }).where(and(eq(idImages.customerId, line.customerId), isNull(idImages.applicationId), isNull(idImages.deletedAt)));
      if (r.chinaNumber) await enqueueJob(tx, networkJob(line.id, r.chinaNumber, 'released', now));
      await set(tx, { chinaNumber: null, openFailure: null });
    },
    recordApplication: async () => { /* written by submitRealName in the same transaction (it has the form) */ },
    remindReviewers: async (tx) => {
      await tx.update(realNameApplications).set({ remindedAt: now })
        .where(and(eq(realNameApplications.lineId, line.id), eq(realNameApplications.status, 'underReview')));
      await enqueueJob(tx, dualMessageJob('reviewOverdue', line.id, now.toISOString(), now));
    },
    recordApproval: async (tx) => {
      await set(tx, { openFailure: null });
      await enqueueJob(tx, dualJob('open', line.id, now.toISOString(), now));
    },
    recordRejection: async (tx) => {
      await enqueueJob(tx, dualJob('auditDeadline', line.id, now.toISOString(), new Date(now.getTime() + DUAL_AUDIT_DEADLINE_DAYS * DAY_MS)));
      await enqueueJob(tx, dualMessageJob('rejected', line.id, now.toISOString(), now));
    },
    requestOpening: async (tx) => {
      await set(tx, { openFailure: null });
      await enqueueJob(tx, dualJob('open', line.id, now.toISOString(), now));
    },
    recordOpenFailure: async (tx, event) => {
      await set(tx, { openFailure: event.type === 'dual.networkFailed' ? event.failure : 'UNKNOWN' });
      await enqueueJob(tx, dualMessageJob('openFailed', line.id, now.toISOString(), now));
    },
    startPeriod: async (tx) => {
      const r = await current(tx);
      if (!r.freeMonthUsed) {
        // Spec section 9: "first month free", once per line.
        const ends = new Date(now.getTime() + DUAL_PERIOD_DAYS * DAY_MS);
        await set(tx, { freeMonthUsed: true, openedAt: now, periodEndsAt: ends, pausedAt: null, closedAt: null, openFailure: null });
        await enqueueJob(tx, dualJob('periodEnd', line.id, ends.toISOString(), ends));
      } else {
        // A second opening (a new application after the number was released): its month is due now; the clock's
        // periodEnd at once charges it, or pauses the number when it cannot be paid.
        await set(tx, { openedAt: now, periodEndsAt: now, pausedAt: null, closedAt: null, openFailure: null });
        await enqueueJob(tx, dualJob('periodEnd', line.id, now.toISOString(), now));
      }
      await enqueueJob(tx, dualMessageJob('opened', line.id, now.toISOString(), now));
    },
    chargeMonth: async (tx, event) => {
      const r = await current(tx);
      // The clock's month follows the last period; a resume or a reopen starts a full month now (spec: "full month charged on resume").
      const periodStart = event.type === 'dual.periodEnd' && r.periodEndsAt ? r.periodEndsAt : now;
      await startPaidPeriod(tx, line, periodStart, now);
      if (r.state === 'paused' || r.state.startsWith('closed') || event.type !== 'dual.periodEnd') {
        if (r.chinaNumber) await enqueueJob(tx, networkJob(line.id, r.chinaNumber, 'open', now));
        await enqueueJob(tx, dualMessageJob('resumed', line.id, now.toISOString(), now));
      }
    },
    pauseNumber: async (tx) => {
      const r = await current(tx);
      await set(tx, { pausedAt: now, periodEndsAt: null });
      if (r.chinaNumber) await enqueueJob(tx, networkJob(line.id, r.chinaNumber, 'paused', now));
      await enqueueJob(tx, dualJob('overdue', line.id, now.toISOString(), addMonths(now, DUAL_OVERDUE_MONTHS)));
      await enqueueJob(tx, dualMessageJob('paused', line.id, now.toISOString(), now));
    },
    recordCloseRequest: async (tx) => { await set(tx, { closeRequestedAt: now }); },
    cancelCloseRequest: async (tx) => { await set(tx, { closeRequestedAt: null }); },
    closeNumber: async (tx) => {
      const r = await current(tx);
      await set(tx, { closedAt: now, periodEndsAt: null, pausedAt: null, closeRequestedAt: null });
      if (r.chinaNumber) await enqueueJob(tx, networkJob(line.id, r.chinaNumber, 'closed', now));
      await enqueueJob(tx, dualJob('release', line.id, now.toISOString(), addMonths(now, DUAL_KEEP_MONTHS)));
      await enqueueJob(tx, dualMessageJob('closed', line.id, now.toISOString(), now));
    },
    releaseChinaNumber: async (tx) => {
      const r = await current(tx);
      if (r.chinaNumber) await enqueueJob(tx, networkJob(line.id, r.chinaNumber, 'released', now));
      await set(tx, { chinaNumber: null });
    },
  };
}

/** The language of the customer's last change: the number's emails and SMS are written in it. */
async function rememberLanguage(deps: Deps, line: DualLine, lang: Language | undefined): Promise<void> {
  if (lang) await deps.db.update(dualNumbers).set({ lang }).where(eq(dualNumbers.lineId, line.id));
}

/** The customer's US line as a lifecycle subject. */
async function lineOf(deps: Deps, customerId: number): Promise<DualLine & { msisdn: string }> {
  const line = await requireUsLine(deps, customerId);
  return { id: line.id, customerId, msisdn: line.msisdn! };
}

async function latestApplication(db: Db, lineId: number) {
  const [app] = await db.select().from(realNameApplications).where(eq(realNameApplications.lineId, lineId)).orderBy(desc(realNameApplications.id)).limit(1);
  return app ?? null;
}

export async function dualNumberView(deps: Deps, customerId: number): Promise<DualNumberData> {
  const line = await lineOf(deps, customerId);
  const row = await dualRowOf(deps.db, line.id);
  const facts = await payFacts(deps, line);
  const app = await latestApplication(deps.db, line.id);
  const state = (row?.state ?? 'notOpened') as DualNumberData['state'];
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  const failedAt = state === 'auditFailed' ? app?.decidedAt ?? null : null;
  return {
    state, usNumber: line.msisdn, chinaNumber: state === 'closed.numberReleased' ? null : row?.chinaNumber ?? null,
    priceCents: DUAL_PRICE_CENTS, freeMonthAvailable: !(row?.freeMonthUsed ?? false),
    periodEndsAt: iso(row?.periodEndsAt), pausedAt: iso(row?.pausedAt),
    pausedBecause: state === 'paused' ? (!facts.hasMainPlan ? 'noMainPlan' : facts.balanceCents < DUAL_PRICE_CENTS ? 'balance' : null) : null,
    shutdownAt: state === 'paused' && row?.pausedAt ? addMonths(row.pausedAt, DUAL_OVERDUE_MONTHS).toISOString() : null,
    closedAt: iso(row?.closedAt),
    keptUntil: state === 'closed.numberKept' && row?.closedAt ? addMonths(row.closedAt, DUAL_KEEP_MONTHS).toISOString() : null,
    reuploadUntil: failedAt ? new Date(failedAt.getTime() + DUAL_AUDIT_DEADLINE_DAYS * DAY_MS).toISOString() : null,
    generalBalanceCents: facts.balanceCents, hasMainPlan: facts.hasMainPlan,
    application: app ? {
      status: app.status, submittedAt: app.submittedAt.toISOString(), reviewDueAt: app.reviewDueAt.toISOString(),
      decidedAt: iso(app.decidedAt), reason: app.status === 'rejected' ? app.reason : null, nationality: app.nationality,
      idType: app.idType as IdType, idName: app.idName, idNumberHint: app.idNumberHint, issuePlace: app.issuePlace, address: app.address,
    } : null,
  };
}

/** Starts an application: the partner holds a China number for the line first (120074 when it has none left). */
export async function applyForDualNumber(deps: Deps, customerId: number, lang?: Language): Promise<DualNumberData> {
  const line = await lineOf(deps, customerId);
  const before = await dualRowOf(deps.db, line.id);
  const state = before?.state ?? 'notOpened';
  if (state !== 'notOpened' && state !== 'closed.numberReleased') throw new GatewayError('dualUnchanged');
  // Issue 16, spec section 8: "90007 in number-keeping period": a kept number opens no China number.
  const kept = await keepingConflict(deps.db, line.id);
  if (kept) throw new GatewayError(kept);
  const number = await deps.network.holdChinaNumber(partnerLineRef(line.id));
  if (!number) throw new GatewayError('120074');
  await applyDualEvent(deps, line, { type: 'dual.apply' }, dualActions(deps, line, { heldNumber: number }));
  await rememberLanguage(deps, line, lang);
  return dualNumberView(deps, customerId);
}

/** Sends the real-name form: its three photos must be the customer's own, of their slots, and not used already. */
export async function submitRealName(deps: Deps, customerId: number, form: RealNameForm & { nationality: string }, lang?: Language): Promise<DualNumberData> {
  const line = await lineOf(deps, customerId);
  const refs = ID_PHOTO_SLOTS.map((slot) => ({ slot, ref: form.photos[slot] }));
  const now = deps.clock.now();
  await applyDualEvent(deps, line, { type: 'dual.submitRealName' }, {
    recordApplication: async (tx) => {
        const photos = await tx.select().from(idImages).where(and(
          inArray(idImages.ref, refs.map((r) => r.ref)), eq(idImages.customerId, customerId), isNull(idImages.applicationId), isNull(idImages.deletedAt),
        )).for('update');
        const missing = refs.filter((r) => !photos.some((p) => p.ref === r.ref && p.slot === r.slot)).map((r) => r.slot);
        if (missing.length) throw new GatewayError('idPhotosMissing', { data: { field: missing[0], missing } });
        const due = addWorkingDays(now, DUAL_REVIEW_WORKING_DAYS);
        const [created] = await tx.insert(realNameApplications).values({
          lineId: line.id, customerId, nationality: form.nationality, idType: form.idType, idName: form.idName,
          idNumberCipher: '', idNumberHint: form.idNumber.slice(-4), issuePlace: form.issuePlace, address: form.address,
          status: 'underReview', submittedAt: now, reviewDueAt: due,
        }).returning({ id: realNameApplications.id });
        await tx.update(realNameApplications).set({ idNumberCipher: encryptIdNumber(deps.config.codePepper, created!.id, form.idNumber) })
          .where(eq(realNameApplications.id, created!.id));
        await tx.update(idImages).set({ applicationId: created!.id }).where(inArray(idImages.id, photos.map((p) => p.id)));
        await enqueueJob(tx, dualJob('reviewOverdue', line.id, String(created!.id), due));
    },
  });
  await rememberLanguage(deps, line, lang);
  return dualNumberView(deps, customerId);
}

/** The customer's other changes. reopen and resume charge the month, once per period (the period is the key). */
export async function dualNumberAction(deps: Deps, customerId: number, action: DualAction, lang?: Language): Promise<DualNumberData> {
  const line = await lineOf(deps, customerId);
  const row = await dualRowOf(deps.db, line.id);
  const actions = dualActions(deps, line);
  if (action === 'reopen' || action === 'resume') {
    const kept = await keepingConflict(deps.db, line.id);
    if (kept) throw new GatewayError(kept);
    const facts = await payFacts(deps, line);
    const expected = action === 'reopen' ? 'closed.numberKept' : 'paused';
    if (row?.state !== expected) throw new GatewayError('dualUnchanged');
    if (!facts.hasMainPlan) throw new GatewayError('120079');
    if (facts.balanceCents < DUAL_PRICE_CENTS) throw new GatewayError('120081');
    await applyDualEvent(deps, line, { type: action === 'reopen' ? 'dual.reopen' : 'dual.resume', ...facts }, actions);
  } else {
    const event: DualNumberEvent = { giveUp: { type: 'dual.giveUp' }, retryOpen: { type: 'dual.retryOpen' }, close: { type: 'dual.close' }, keepOpen: { type: 'dual.keepOpen' } }[action] as DualNumberEvent;
    await applyDualEvent(deps, line, event, actions);
  }
  await rememberLanguage(deps, line, lang);
  return dualNumberView(deps, customerId);
}

/**
 * Sandbox only (POST /sandbox/api/dualNumber/periodEndsIn): the number's paid period ends `minutes` from now, with its
 * clock job; the job made for the old end finds the period changed and does nothing.
 */
export async function shortenDualPeriod(deps: Deps, msisdn: string, minutes: number): Promise<{ periodEndsAt: string }> {
  const [line] = await deps.db.select({ id: lines.id, customerId: lines.customerId }).from(lines).where(eq(lines.msisdn, msisdn));
  const row = line ? await dualRowOf(deps.db, line.id) : null;
  if (!line || !row || (row.state !== 'opened' && row.state !== 'pendingClose')) throw new GatewayError('dualUnchanged');
  const ends = new Date(deps.clock.now().getTime() + minutes * 60_000);
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await tx.update(dualNumbers).set({ periodEndsAt: ends }).where(eq(dualNumbers.lineId, line.id));
    await enqueueJob(tx, dualJob('periodEnd', line.id, ends.toISOString(), ends));
  });
  return { periodEndsAt: ends.toISOString() };
}
