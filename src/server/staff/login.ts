/**
 * Staff login (issue 16): an email and password of a staff account, never a customer's; every try counts against the
 * email and the IP (5 and 20 in 15 minutes), and a wrong email costs the same time as a wrong password.
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../context';
import { staffAccounts } from '../db/schema';
import { GatewayError } from '../http/errors';
import { burnPasswordCheck, checkPassword, hashPassword } from '../accounts';
import { emailSubject, enforce, hit, ipSubject, RULES } from '../limits';
import type { Db } from '../db/database';
import { audit, createStaffSession } from './sessions';

export async function staffLogin(deps: Deps, input: { email: string; password: string; ip: string }) {
  const email = emailSubject(input.email);
  await enforce(deps.limits, [hit(RULES.staffLoginAccount, email), hit(RULES.staffLoginIp, ipSubject(input.ip))]);
  const [staff] = await deps.db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
  const ok = staff ? await checkPassword(input.password, staff.passwordHash) : await burnPasswordCheck(input.password);
  if (!staff || !ok) throw new GatewayError('staffLoginFailed');
  const token = await createStaffSession(deps, staff.id);
  await audit(deps.db, staff.id, 'login', `staff:${staff.id}`, { ip: input.ip }, deps.clock.now());
  return { token, me: { email: staff.email, name: staff.name, role: staff.role } };
}

/** The sandbox's reviewers (README): created when absent, never changed once there. */
export const SANDBOX_STAFF = [
  { email: 'reviewer@linkbridge.test', name: 'Riley Chen (reviewer)', password: 'Review@2468' },
  { email: 'reviewer2@linkbridge.test', name: 'Morgan Lee (reviewer)', password: 'Review@2468' },
] as const;

export async function seedSandboxStaff(db: Db): Promise<void> {
  for (const s of SANDBOX_STAFF) {
    const [found] = await db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.email, s.email));
    if (found) continue;
    await db.insert(staffAccounts).values({ email: s.email, name: s.name, passwordHash: await hashPassword(s.password), role: 'reviewer' }).onConflictDoNothing();
  }
}
