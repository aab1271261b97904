/** The plan area's routes (issue 15): /personal's auto-renewal and service, the auto-renewal page (session or signed link), recovery. */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../contract';
import type { PlanLife } from '../../contract/planLife';
import { numberRemovedAt } from '../../domain/planCalendar';
import { recoveryFeeOf } from './keeping';
import type { Deps } from '../context';
import { lines } from '../db/schema';
import { GatewayError } from '../http/errors';
import { customerIdOf, route } from '../http/route';
import { requireUsLine } from '../portal';
import { autoRenewalView, changeAutoRenewal } from './autoRenewal';
import { recoverFromBalance } from './jobs';
import type { LineRef } from './lifecycles';
import { lifecyclesOf } from './plan';
import { lastTermPlan } from './terms';
import { verifyRenewalLink } from './link';

async function usLine(deps: Deps, customerId: number): Promise<LineRef> {
  const line = await requireUsLine(deps, customerId);
  return { id: line.id, customerId };
}

export async function planLifeOf(deps: Deps, line: LineRef): Promise<PlanLife> {
  const lc = await lifecyclesOf(deps, line);
  // A kept number (decision 0035) can be recovered too: the plan and the fee of the days suspended before keeping.
  const unpaid = (lc.serviceState === 'suspended.unpaid' || lc.serviceState === 'suspended.kept') && lc.suspendedAt;
  const plan = unpaid ? await lastTermPlan(deps.db, line.id) : null;
  const fee = unpaid ? recoveryFeeOf(lc, deps.clock.now()) : null;
  return {
    autoRenewal: await autoRenewalView(deps, line),
    service: {
      state: lc.serviceState as PlanLife['service']['state'],
      suspendedAt: lc.suspendedAt?.toISOString() ?? null,
      planCents: plan?.monthlyPriceCents ?? null,
      feeCents: fee,
      toPayCents: unpaid ? (plan?.monthlyPriceCents ?? 0) + fee! : null,
      payBy: unpaid && lc.serviceState === 'suspended.unpaid' ? numberRemovedAt(lc.suspendedAt!).toISOString() : null,
      reason: lc.serviceState === 'suspended.byStaff' ? lc.suspensionReason : null,
    },
  };
}

async function lineOfLink(deps: Deps, token: string): Promise<{ line: LineRef; linkId: string }> {
  const { lineId, linkId } = await verifyRenewalLink(deps, token);
  const [line] = await deps.db.select({ id: lines.id, customerId: lines.customerId }).from(lines).where(eq(lines.id, lineId));
  if (!line) throw new GatewayError('renewalLinkInvalid');
  return { line, linkId };
}

export function planRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.planLife, async (ctx) => planLifeOf(deps, await usLine(deps, ctx.session().customerId)));

  route(app, deps, endpoints.autoRenewalByLink, async (ctx) => autoRenewalView(deps, (await lineOfLink(deps, ctx.body.token)).line));

  route(app, deps, endpoints.autoRenewalUpdate, async (ctx) => {
    if (ctx.body.token) {
      const { line, linkId } = await lineOfLink(deps, ctx.body.token);
      return changeAutoRenewal(deps, line, ctx.body.change, { lang: ctx.lang, linkId });
    }
    const customerId = customerIdOf(ctx);
    if (customerId === null) throw new GatewayError('unauthorized');
    return changeAutoRenewal(deps, await usLine(deps, customerId), ctx.body.change, { lang: ctx.lang });
  });

  route(app, deps, endpoints.serviceRecover, async (ctx) => {
    const line = await usLine(deps, ctx.session().customerId);
    const { outcome } = await recoverFromBalance(deps, line, ctx.body.method);
    if (outcome.status === 'failed') throw new GatewayError(ctx.body.method === 'balance' ? '120081' : '120088');
    return planLifeOf(deps, line);
  });
}
