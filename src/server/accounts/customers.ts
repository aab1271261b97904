/** Customer accounts and the personal data the portal shows. */
import { and, eq, or, sql } from 'drizzle-orm';
import { isValidPhone, normalizePhone } from '../../domain/phone';
import type { UserInfo } from '../../contract/personal';
import type { Deps } from '../context';
import { balances, customers, lines, planSubscriptions, plans, savedCards } from '../db/schema';
import { GatewayError } from '../http/errors';
import { payMethodsOf } from './savedCards';

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

/** The row userInfo reads in one query (numbers of milliseconds as text: both drivers give them alike). */
interface UserInfoRow {
  id: number; username: string; phone: string | null; has_password: boolean;
  line_kind: 'us' | 'global' | null; msisdn: string | null; iccid: string | null; sim_type: 'physical' | 'esim' | null;
  sim_status: 'inactive' | 'activating' | 'activated' | 'expired' | null; us_line: boolean | null;
  plan_name: string | null; expires_ms: string | null; auto_renew: boolean | null; data_used_mb: number | null; data_total_mb: number | null;
  general_cents: number | null; ild_cents: number | null; default_card: boolean;
}

/**
 * userInfo: the customer's number, SIM, main plan and balances, with the flags of decision 0002. One round trip to the
 * database (decision 0024: it was five, after the session's): the line shown is the first activated US line with a
 * number, else the first line; its main plan in force; the balances; whether a default card is on file.
 */
export async function userInfo(deps: Deps, customerId: number): Promise<UserInfo> {
  const now = deps.clock.now();
  const result = await deps.db.execute(sql`
    with line as (
      select l.id, l.kind, l.msisdn, l.iccid, l.sim_type, l.sim_status,
        (l.kind = 'us' and l.sim_status = 'activated' and l.msisdn is not null) as us_line
      from ${lines} l where l.customer_id = ${customerId}
      order by (l.kind = 'us' and l.sim_status = 'activated' and l.msisdn is not null) desc, l.id limit 1
    ), main as (
      select p.name, s.expires_at, s.auto_renew, s.data_used_mb, p.high_speed_data_mb
      from ${planSubscriptions} s join ${plans} p on p.id = s.plan_id join line on s.line_id = line.id
      where s.status = 'main' and s.expires_at > ${now.toISOString()}::timestamptz
      order by s.expires_at desc limit 1
    )
    select c.id, c.username, c.phone, c.password_hash is not null as has_password,
      line.kind as line_kind, line.msisdn, line.iccid, line.sim_type, line.sim_status, line.us_line,
      main.name as plan_name, floor(extract(epoch from main.expires_at) * 1000)::bigint::text as expires_ms,
      main.auto_renew, main.data_used_mb, main.high_speed_data_mb as data_total_mb,
      b.general_cents, b.ild_cents,
      exists (select 1 from ${savedCards} sc where sc.customer_id = c.id and sc.is_default and sc.removed_at is null) as default_card
    from ${customers} c left join line on true left join main on true left join ${balances} b on b.customer_id = c.id
    where c.id = ${customerId}`);
  const row = (result as unknown as { rows: UserInfoRow[] }).rows[0];
  if (!row) throw new GatewayError('unauthorized');
  const usLine = row.us_line === true;
  const hasLine = row.iccid !== null;
  const main = row.expires_ms !== null;
  return {
    userId: row.id,
    username: row.username,
    msisdn: row.msisdn ?? row.phone ?? '',
    // Decision 0002: 1 = the account has no US voice line of its own.
    isSmsUser: usLine ? 0 : 1,
    global: !usLine && row.line_kind === 'global',
    showAutonewSetBtn: main ? 1 : 0,
    supportPayMethods: payMethodsOf({ defaultCardOnFile: row.default_card }),
    hasPassword: row.has_password,
    sim: hasLine ? { iccidLast4: row.iccid!.slice(-4), type: row.sim_type!, status: row.sim_status! } : null,
    plan: main
      ? { status: 'main', name: row.plan_name!, expiresAt: new Date(Number(row.expires_ms)).toISOString(), autoRenew: row.auto_renew!,
        dataUsedMb: row.data_used_mb, dataTotalMb: row.data_total_mb }
      : { status: 'none', name: null, expiresAt: null, autoRenew: false, dataUsedMb: null, dataTotalMb: null },
    balances: { generalCents: row.general_cents ?? 0, ildCents: row.ild_cents ?? 0 },
  };
}
