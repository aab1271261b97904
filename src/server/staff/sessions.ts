/** The staff console's audit log (issue 16); the sessions themselves are read by the route layer (http/staffSessions.ts). */
import type { Db } from '../db/database';
import { staffAudit } from '../db/schema';
export { clearedStaffCookie, createStaffSession, endStaffSession, findStaffSession, staffCookie, type StaffSession } from '../http/staffSessions';

/** Every staff action is written down with who and when (never updated or deleted). */
export async function audit(db: Db, staffId: number, action: string, subject: string, detail: Record<string, unknown>, at: Date): Promise<void> {
  await db.insert(staffAudit).values({ staffId, action, subject, detail, at });
}
