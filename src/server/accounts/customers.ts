/** Customer accounts and the personal data the portal shows. */
import { and, desc, eq, gt, or } from 'drizzle-orm';
import { isValidPhone, normalizePhone } from '../../domain/phone';
import type { UserInfo } from '../../contract/personal';
import type { Deps } from '../context';
import { balances, customers, lines, planSubscriptions, plans } from '../db/schema';
import { GatewayError } from '../http/errors';
import { payMethodsFor } from './savedCards';

export type Customer = typeof customers.$inferSelect;

/**
 * A login name as the login reads it: a phone number in any writing (+1 626…, (626) …) as its digits, anything else
 * (a username: case counts) trimmed. findByLogin and the login's limits both go by it.
 */
export const loginIdentity = (login: string): `phone:${string}` | `name:${string}` => {
  const name = login.trim();
  return isValidPhone(name) ? `phone:${normalizePhone(name)}` : `name:${name}`;
};

/** A login name is the username or the phone number the account was opened with. */
export async function findByLogin(deps: Deps, login: string): Promise<Customer | null> {
  const name = login.trim();
  const identity = loginIdentity(name);
  const phone = identity.startsWith('phone:') ? identity.slice('phone:'.length) : null;
  const [row] = await deps.db.select().from(customers)
    .where(phone ? or(eq(customers.username, name), eq(customers.phone, phone)) : eq(customers.username, name))
    .orderBy(customers.id).limit(1);
  return row ?? null;
}

export async function findByPhone(deps: Deps, phone: string): Promise<Customer | null> {
  const [row] = await deps.db.select().from(customers).where(eq(customers.phone, phone));
  return row ?? null;
}

/** Opens an account for a verified phone; the username is the phone's digits. Answers null when one exists. */
export async function createCustomer(deps: Deps, phone: string, passwordHash: string | null): Promise<Customer | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(customers).values({ username: phone, phone, passwordHash, createdAt: deps.clock.now() })
      .onConflictDoNothing().returning();
    if (!row) return null;
    await tx.insert(balances).values({ customerId: row.id }).onConflictDoNothing();
    return row;
  });
}

export async function setPassword(deps: Deps, customerId: number, passwordHash: string): Promise<void> {
  await deps.db.update(customers).set({ passwordHash }).where(eq(customers.id, customerId));
}

export async function isInNet(deps: Deps, phone: string): Promise<boolean> {
  const [row] = await deps.db.select({ id: lines.id }).from(lines).where(and(eq(lines.msisdn, phone), eq(lines.kind, 'us')));
  return Boolean(row);
}

/** userInfo: the customer's number, SIM, main plan and balances, with the flags of decision 0002. */
export async function userInfo(deps: Deps, customerId: number): Promise<UserInfo> {
  const [customer] = await deps.db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new GatewayError('unauthorized');
  const now = deps.clock.now();
  const customerLines = await deps.db.select().from(lines).where(eq(lines.customerId, customerId)).orderBy(lines.id);
  const usLine = customerLines.find((l) => l.kind === 'us' && l.simStatus === 'activated' && l.msisdn);
  const line = usLine ?? customerLines[0];
  const [main] = line
    ? await deps.db.select({ sub: planSubscriptions, plan: plans }).from(planSubscriptions)
      .innerJoin(plans, eq(plans.id, planSubscriptions.planId))
      .where(and(eq(planSubscriptions.lineId, line.id), eq(planSubscriptions.status, 'main'), gt(planSubscriptions.expiresAt, now)))
      .orderBy(desc(planSubscriptions.expiresAt)).limit(1)
    : [];
  const [balance] = await deps.db.select().from(balances).where(eq(balances.customerId, customerId));
  return {
    userId: customer.id,
    username: customer.username,
    msisdn: line?.msisdn ?? customer.phone ?? '',
    // Decision 0002: 1 = the account has no US voice line of its own.
    isSmsUser: usLine ? 0 : 1,
    global: !usLine && line?.kind === 'global',
    showAutonewSetBtn: main ? 1 : 0,
    supportPayMethods: await payMethodsFor(deps, customerId),
    hasPassword: customer.passwordHash !== null,
    sim: line ? { iccidLast4: line.iccid.slice(-4), type: line.simType, status: line.simStatus } : null,
    plan: main
      ? { status: 'main', name: main.plan.name, expiresAt: main.sub.expiresAt.toISOString(), autoRenew: main.sub.autoRenew,
        dataUsedMb: main.sub.dataUsedMb, dataTotalMb: main.plan.highSpeedDataMb }
      : { status: 'none', name: null, expiresAt: null, autoRenew: false, dataUsedMb: null, dataTotalMb: null },
    balances: { generalCents: balance?.generalCents ?? 0, ildCents: balance?.ildCents ?? 0 },
  };
}
