/**
 * Suspension by staff (spec section 1: "The product is for personal use. Commercial or illegal use may lead to
 * suspension."), on the same service chart as a suspension for an unpaid renewal: the line is barred at the network
 * (911 and 611 only), the reason is kept and shown to the customer, and only staff lift it: paying does not, and the
 * clock never removes the number of a line staff suspended. Until the staff console (issue 16) exists, the sandbox's
 * clock page and API are how a person trying the product acts as staff; this module is what the console will call.
 */
import { eq } from 'drizzle-orm';
import { isUsPhone, normalizePhone } from '../../domain/phone';
import type { Deps } from '../context';
import { lineLifecycles, lines } from '../db/schema';
import type { AppliedEvent } from '../db/lifecycle';
import { GatewayError } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import { applyServiceEvent } from './lifecycles';
import { lineRef } from './plan';
import { barJob } from './renewal';
import { messageJob } from './messages';

/** A reason is what staff write down: one line of plain text, kept with the suspension and shown to the customer. */
export const STAFF_REASON_MAX = 200;

/** The line staff name by its number or ICCID (what a customer service agent has in front of them). */
export async function lineByNumberOrIccid(deps: Deps, ref: string): Promise<number> {
  const digits = ref.replace(/\D/g, '');
  const [byIccid] = digits.length >= 19 ? await deps.db.select({ id: lines.id }).from(lines).where(eq(lines.iccid, digits)) : [];
  if (byIccid) return byIccid.id;
  const msisdn = normalizePhone(ref);
  const [byNumber] = isUsPhone(msisdn) ? await deps.db.select({ id: lines.id }).from(lines).where(eq(lines.msisdn, msisdn)) : [];
  if (byNumber) return byNumber.id;
  throw new GatewayError('noRecord');
}

export async function suspendByStaff(deps: Deps, lineId: number, reason: string): Promise<AppliedEvent> {
  const line = await lineRef(deps.db, lineId);
  const now = deps.clock.now();
  return applyServiceEvent(deps, line, { type: 'service.staffSuspend', reason }, {
    barLineForStaff: async (tx) => {
      await tx.update(lineLifecycles).set({ suspendedAt: now, suspensionReason: reason }).where(eq(lineLifecycles.lineId, line.id));
      await enqueueJob(tx, barJob(line.id, true, now));
      await enqueueJob(tx, messageJob('suspendedByStaff', line.id, now.toISOString(), now));
    },
  });
}

export async function restoreByStaff(deps: Deps, lineId: number): Promise<AppliedEvent> {
  const line = await lineRef(deps.db, lineId);
  const now = deps.clock.now();
  return applyServiceEvent(deps, line, { type: 'service.staffRestore' }, {
    unbarLine: async (tx) => {
      await tx.update(lineLifecycles).set({ suspendedAt: null, suspensionReason: null }).where(eq(lineLifecycles.lineId, line.id));
      await enqueueJob(tx, barJob(line.id, false, now));
      await enqueueJob(tx, messageJob('restoredByStaff', line.id, now.toISOString(), now));
    },
  });
}
