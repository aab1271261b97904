/**
 * A customer of the sandbox with a US line in service and a plan in force (issue 15): what a person trying the product,
 * or a browser test, needs to order add-ons, roaming packs and plan changes without touching the demo customer. The
 * line's number is drawn from the 626-555-01xx block's neighbours (fictional), its ICCID from the test range.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import * as s from '../db/schema';
import { hashPassword } from '../accounts';

const DAY_MS = 86_400_000;

export async function seedTestLine(db: Db, now: Date, opts: { password: string; planSlug: string; generalCents: number }) {
  const passwordHash = await hashPassword(opts.password);
  const [plan] = await db.select({ id: s.plans.id }).from(s.plans).where(eq(s.plans.slug, opts.planSlug));
  if (!plan) throw new Error(`no plan ${opts.planSlug}`);
  for (let attempt = 0; attempt < 5; attempt++) {
    const phone = `626${randomInt(200, 999)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    const iccid = `8901260999${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    const username = `try${phone}`;
    const created = await db.transaction(async (tx) => {
      const [customer] = await tx.insert(s.customers).values({ username, phone, passwordHash }).onConflictDoNothing().returning({ id: s.customers.id });
      if (!customer) return null;
      const [line] = await tx.insert(s.lines).values({ customerId: customer.id, kind: 'us', msisdn: phone, iccid, simType: 'esim', simStatus: 'activated' })
        .onConflictDoNothing().returning({ id: s.lines.id });
      if (!line) throw new Error('line taken');
      await tx.insert(s.planSubscriptions).values({
        lineId: line.id, planId: plan.id, status: 'main', autoRenew: false, startsAt: now, expiresAt: new Date(now.getTime() + 30 * DAY_MS),
      });
      await tx.insert(s.balances).values({ customerId: customer.id, generalCents: opts.generalCents, ildCents: 0 });
      return { username, phone };
    }).catch(() => null);
    if (created) return created;
  }
  throw new Error('no free number for a test line');
}
