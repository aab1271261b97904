/**
 * A customer of the sandbox with a US line in service and a plan in force, or a global data SIM with a pack (issue 15): what a person trying the product,
 * or a browser test, needs to order add-ons, roaming packs and plan changes without touching the demo customer. The
 * line's number is drawn from the 626-555-01xx block's neighbours (fictional), its ICCID from the test range.
 */
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../context';
import { startPlan } from '../plan';
import { CYCLE_MS } from '../../domain/planCalendar';
import * as s from '../db/schema';
import { hashPassword } from '../accounts';

export async function seedTestLine(deps: Deps, opts: { password: string; planSlug: string; generalCents: number; kind: 'us' | 'global'; endsInHours?: number; months?: number; simType?: 'physical' | 'esim' }) {
  const db = deps.db;
  const now = deps.clock.now();
  const passwordHash = await hashPassword(opts.password);
  const [plan] = await db.select({ id: s.plans.id }).from(s.plans).where(eq(s.plans.slug, opts.planSlug));
  if (!plan) throw new Error(`no plan ${opts.planSlug}`);
  for (let attempt = 0; attempt < 5; attempt++) {
    const phone = `626${randomInt(200, 999)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    const iccid = `8901260999${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    const username = `try${phone}`;
    const created = await db.transaction(async (tx) => {
      // An email of the sandbox's own domain, so the customer's emails (notices, eSIM QR codes) reach the inbox.
      const [customer] = await tx.insert(s.customers).values({ username, phone, passwordHash, email: `${username}@example.com` }).onConflictDoNothing().returning({ id: s.customers.id });
      if (!customer) return null;
      const global = opts.kind === 'global';
      const simType = global ? 'esim' : opts.simType ?? 'esim';
      const [line] = await tx.insert(s.lines).values({ customerId: customer.id, kind: opts.kind, msisdn: global ? null : phone, iccid, simType, simStatus: 'activated', createdAt: now })
        .onConflictDoNothing().returning({ id: s.lines.id });
      if (!line) throw new Error('line taken');
      // A physical US card in service (issue 16: it can be converted to an eSIM and back, through its SIM lifecycle).
      if (!global && simType === 'physical') {
        await tx.insert(s.sims).values({ iccid, kind: 'us', simType: 'physical', status: 'activated', activationCodeHash: 'sandbox-test-line', purchasedAt: now });
      }
      if (global) {
        // A global data SIM with its first pack (Asia, 1 GB for 7 days) from now.
        const [pack] = await tx.select({ id: s.globalPacks.id }).from(s.globalPacks).where(and(eq(s.globalPacks.regionCode, 'asia'), eq(s.globalPacks.days, 7)));
        await tx.insert(s.sims).values({ iccid, kind: 'global', simType: 'esim', status: 'activated', activationCodeHash: 'sandbox-test-line', globalPackId: pack!.id, months: 1, purchasedAt: now });
      }
      await tx.insert(s.balances).values({ customerId: customer.id, generalCents: opts.generalCents, ildCents: 0 });
      return { username, phone, lineId: line.id, customerId: customer.id };
    }).catch(() => null);
    if (!created) continue;
    // The plan starts through the plan chart, so its cycle ends, reminder and renewal are on the clock like any line's.
    // `endsInHours`: the plan started earlier and its 30-day cycle ends that soon, so what follows it (a changed plan, a
    // renewal) is reached by moving the clock hours, not a month (which would move every other customer's plan too).
    const from = opts.endsInHours === undefined ? now : new Date(now.getTime() + opts.endsInHours * 3_600_000 - CYCLE_MS);
    if (opts.kind === 'us') await startPlan(deps, { id: created.lineId, customerId: created.customerId }, { planId: plan.id, months: opts.months ?? 1 }, deps.db, from);
    return { username: created.username, phone: created.phone };
  }
  throw new Error('no free number for a test line');
}
