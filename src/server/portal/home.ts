/**
 * /personal and /package (issue 14): the customer's line, its plan in force with its data, the plans that follow it
 * in sequence ("A changed plan starts when the current one expires; multi-month plans run in sequence"), and the
 * two balances. Everything is read for the session's own customer only.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { PLAN_CYCLE_DAYS, type PortalHome, type PortalPlan } from '../../contract/portal';
import type { DualState } from '../../contract/dualNumber';
import type { Deps } from '../context';
import { balances, customers, dualNumbers, orders, planSubscriptions, plans, simReplacements } from '../db/schema';
import { GatewayError } from '../http/errors';
import { isSmsUserOf, linesOf, portalLineOf, usLineOf } from './lineRules';
import { addOnMbInCycle } from '../usage';
import { cycleAt } from '../../domain/usage';

const DAY_MS = 86_400_000;

type Term = { sub: typeof planSubscriptions.$inferSelect; plan: typeof plans.$inferSelect };

const termOf = ({ sub, plan }: Term) => ({
  name: plan.name,
  slug: plan.slug,
  startsAt: sub.startsAt.toISOString(),
  expiresAt: sub.expiresAt.toISOString(),
  validityDays: Math.round((sub.expiresAt.getTime() - sub.startsAt.getTime()) / DAY_MS),
});

/**
 * High-speed data of the plan in force: used, remaining and total, and whether it ran out (then 128 kbps). The used
 * figure is the subscription's running count, which the network's usage records draw down.
 */
export function dataOf(usedMb: number, totalMb: number | null): PortalPlan['data'] {
  const used = Math.max(0, usedMb);
  if (totalMb === null) return { usedMb: used, totalMb: null, remainingMb: null, slowed: false };
  const remaining = Math.max(0, totalMb - used);
  return { usedMb: Math.min(used, totalMb), totalMb, remainingMb: remaining, slowed: remaining === 0 };
}

export async function portalHome(deps: Deps, customerId: number): Promise<PortalHome> {
  const [customer] = await deps.db.select({ id: customers.id, phone: customers.phone, passwordHash: customers.passwordHash }).from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new GatewayError('unauthorized');
  const now = deps.clock.now();
  const customerLines = await linesOf(deps, customerId);
  const line = portalLineOf(customerLines);
  const terms: Term[] = line
    ? await deps.db.select({ sub: planSubscriptions, plan: plans }).from(planSubscriptions)
      .innerJoin(plans, eq(plans.id, planSubscriptions.planId))
      .where(and(eq(planSubscriptions.lineId, line.id), gt(planSubscriptions.expiresAt, now)))
      .orderBy(asc(planSubscriptions.startsAt))
    : [];
  const main = terms.filter((t) => t.sub.status === 'main' && t.sub.startsAt <= now).sort((a, b) => b.sub.expiresAt.getTime() - a.sub.expiresAt.getTime())[0];
  // Everything after the plan in force, in the order it starts (pending plans, later terms of a multi-month plan).
  const upcoming = terms.filter((t) => t !== main && (!main || t.sub.startsAt >= main.sub.startsAt));
  const [balance] = await deps.db.select().from(balances).where(eq(balances.customerId, customerId));
  const us = usLineOf(customerLines);
  const [dual] = us ? await deps.db.select({ state: dualNumbers.state, chinaNumber: dualNumbers.chinaNumber }).from(dualNumbers).where(eq(dualNumbers.lineId, us.id)) : [];
  const [replacement] = us ? await deps.db.select({ state: simReplacements.state, orderNo: orders.orderNo }).from(simReplacements)
    .innerJoin(orders, eq(orders.id, simReplacements.orderId))
    .where(and(eq(simReplacements.lineId, us.id), inArray(simReplacements.state, ['ordered', 'shipped']))) : [];
  return {
    msisdn: line?.msisdn ?? customer.phone ?? '',
    global: line?.kind === 'global',
    isSmsUser: isSmsUserOf(customerLines),
    showAutonewSetBtn: main ? 1 : 0,
    hasPassword: customer.passwordHash !== null,
    sim: line ? { iccid: line.iccid, type: line.simType, status: line.simStatus, kind: line.kind } : null,
    plan: main
      ? {
        ...termOf(main),
        status: 'main',
        autoRenew: main.sub.autoRenew,
        cycleDays: PLAN_CYCLE_DAYS,
        monthlyPriceCents: main.plan.monthlyPriceCents,
        usMinutes: main.plan.usMinutes,
        inclusions: main.plan.inclusions,
        // The cycle's data add-ons raise its high-speed data (issue 15).
        data: dataOf(main.sub.dataUsedMb, main.plan.highSpeedDataMb === null ? null
          : main.plan.highSpeedDataMb + await addOnMbInCycle(deps.db, line!.id, cycleAt(main.sub.startsAt, now).start)),
      }
      : null,
    upcoming: upcoming.map(termOf),
    balances: { generalCents: balance?.generalCents ?? 0, ildCents: balance?.ildCents ?? 0 },
    // Issue 16: the US line's dual number, as its chart has it (a line without one has not opened it).
    dualNumber: us ? { state: (dual?.state ?? 'notOpened') as DualState, chinaNumber: dual?.state === 'closed.numberReleased' ? null : dual?.chinaNumber ?? null } : null,
    // Issue 16 (decision 0037): a new SIM on its way, so the customer finds where to activate it.
    replacement: replacement ? { state: replacement.state as 'ordered' | 'shipped', orderNo: replacement.orderNo } : null,
  };
}
