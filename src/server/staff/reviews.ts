/**
 * The staff console's real-name queue (issue 16; spec section 6: "Staff review IDs"): waiting applications oldest
 * first, with the 3 working days promised to the customer; one application with its document and photos (each view
 * logged with who and when); and the decision, applied to the dual number's chart in the same transaction as the
 * application's record and the audit row. Two reviewers deciding at once: the chart lets one through, the other
 * answers dualUnchanged and nothing of theirs is written.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { staffReview } from '../../contract/staff';
import type { IdType } from '../../domain/dualNumber';
import type { IdPhotoSlot } from '../../domain/dualNumber';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { idImages, lines, realNameApplications, staffAccounts, staffAudit } from '../db/schema';
import { GatewayError } from '../http/errors';
import { applyDualEvent, dualActions, decryptIdNumber, applicationPhoto } from '../dual';
import { audit, type StaffSession } from './sessions';

type Application = typeof realNameApplications.$inferSelect;
type Summary = Omit<z.infer<typeof staffReview.response>, 'idNumber' | 'issuePlace' | 'address' | 'photos' | 'history' | 'log'>;

async function summaries(deps: Deps, apps: Application[]): Promise<Summary[]> {
  if (apps.length === 0) return [];
  const numbers = new Map((await deps.db.select({ id: lines.id, msisdn: lines.msisdn }).from(lines).where(inArray(lines.id, apps.map((a) => a.lineId)))).map((l) => [l.id, l.msisdn ?? '']));
  const deciders = apps.map((a) => a.decidedBy).filter((v): v is number => v !== null);
  const names = new Map(deciders.length ? (await deps.db.select({ id: staffAccounts.id, email: staffAccounts.email }).from(staffAccounts).where(inArray(staffAccounts.id, deciders))).map((s) => [s.id, s.email]) : []);
  const now = deps.clock.now();
  return apps.map((a) => ({
    id: a.id, status: a.status, usNumber: numbers.get(a.lineId) ?? '', idType: a.idType as IdType, idName: a.idName, nationality: a.nationality,
    submittedAt: a.submittedAt.toISOString(), reviewDueAt: a.reviewDueAt.toISOString(),
    overdue: a.status === 'underReview' && a.reviewDueAt <= now,
    decidedAt: a.decidedAt?.toISOString() ?? null, decidedBy: a.decidedBy ? names.get(a.decidedBy) ?? null : null, reason: a.reason,
  }));
}

export async function reviewQueue(deps: Deps, status: 'waiting' | 'decided') {
  const apps = status === 'waiting'
    ? await deps.db.select().from(realNameApplications).where(eq(realNameApplications.status, 'underReview')).orderBy(asc(realNameApplications.submittedAt), asc(realNameApplications.id)).limit(200)
    : await deps.db.select().from(realNameApplications).where(inArray(realNameApplications.status, ['approved', 'rejected'])).orderBy(desc(realNameApplications.decidedAt)).limit(200);
  return { reviews: await summaries(deps, apps) };
}

async function applicationById(deps: Deps, id: number): Promise<Application> {
  const [app] = await deps.db.select().from(realNameApplications).where(eq(realNameApplications.id, id));
  if (!app) throw new GatewayError('noRecord');
  return app;
}

export async function reviewDetail(deps: Deps, staff: StaffSession, id: number): Promise<z.infer<typeof staffReview.response>> {
  const app = await applicationById(deps, id);
  await audit(deps.db, staff.staffId, 'review.view', `application:${id}`, {}, deps.clock.now());
  const [summary] = await summaries(deps, [app]);
  const photos = await deps.db.select({ slot: idImages.slot, width: idImages.width, height: idImages.height, bytes: idImages.bytes, deletedAt: idImages.deletedAt })
    .from(idImages).where(eq(idImages.applicationId, id));
  const earlier = await deps.db.select().from(realNameApplications)
    .where(and(eq(realNameApplications.lineId, app.lineId))).orderBy(desc(realNameApplications.id));
  const log = await deps.db.select({ action: staffAudit.action, staff: staffAccounts.email, at: staffAudit.at })
    .from(staffAudit).innerJoin(staffAccounts, eq(staffAccounts.id, staffAudit.staffId))
    .where(eq(staffAudit.subject, `application:${id}`)).orderBy(desc(staffAudit.id)).limit(50);
  return {
    ...summary!,
    idNumber: decryptIdNumber(deps.config.codePepper, app.id, app.idNumberCipher), issuePlace: app.issuePlace, address: app.address,
    photos: photos.filter((p) => !p.deletedAt).map(({ slot, width, height, bytes }) => ({ slot, width, height, bytes })),
    history: await summaries(deps, earlier.filter((a) => a.id !== id)),
    log: log.map((l) => ({ action: l.action, staff: l.staff, at: l.at.toISOString() })),
  };
}

export async function reviewPhoto(deps: Deps, staff: StaffSession, id: number, slot: IdPhotoSlot): Promise<Buffer> {
  const jpeg = await applicationPhoto(deps, id, slot);
  await audit(deps.db, staff.staffId, 'review.photo', `application:${id}`, { slot }, deps.clock.now());
  return jpeg;
}

export async function decideReview(deps: Deps, staff: StaffSession, decision: { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: string }) {
  const app = await applicationById(deps, decision.id);
  if (app.status !== 'underReview') throw new GatewayError('dualUnchanged');
  const [line] = await deps.db.select({ id: lines.id, customerId: lines.customerId }).from(lines).where(eq(lines.id, app.lineId));
  const now = deps.clock.now();
  const base = dualActions(deps, line!);
  const record = async (tx: Db, status: 'approved' | 'rejected', reason: string | null) => {
    const updated = await tx.update(realNameApplications).set({ status, decidedAt: now, decidedBy: staff.staffId, reason })
      .where(and(eq(realNameApplications.id, app.id), eq(realNameApplications.status, 'underReview'))).returning({ id: realNameApplications.id });
    // The chart moved the line and the row agrees: only one decision per application is ever written.
    if (updated.length !== 1) throw new GatewayError('dualUnchanged');
    await audit(tx, staff.staffId, `review.${status === 'approved' ? 'approve' : 'reject'}`, `application:${app.id}`, reason ? { reason } : {}, now);
  };
  if (decision.decision === 'approve') {
    await applyDualEvent(deps, line!, { type: 'dual.approve', staff: staff.email }, {
      recordApproval: async (tx, event) => { await record(tx, 'approved', null); await base.recordApproval!(tx, event); },
    });
  } else {
    await applyDualEvent(deps, line!, { type: 'dual.reject', staff: staff.email, reason: decision.reason }, {
      recordRejection: async (tx, event) => { await record(tx, 'rejected', decision.reason); await base.recordRejection!(tx, event); },
    });
  }
  const [summary] = await summaries(deps, [await applicationById(deps, app.id)]);
  return summary!;
}
