/**
 * Activation step 1 (decision 0010): the ICCID and the 6-digit code printed on the card prove the customer holds it.
 * Codes in the decision's order: 120021, 120015, activationLocked, 120019 (counts a try), 120017, 120016,
 * 120022 / 120023, 120014, 120020, 120018. The code is proven before anything else about the card is told.
 * Wrong codes are counted in one conditional UPDATE, so parallel guesses on several gateways cannot exceed the limit.
 */
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { ActivationSim, SimCollected } from '../../contract/activation';
import type { Deps } from '../context';
import { activations, globalPacks, orders, plans, sims } from '../db/schema';
import { activationWindowClosed } from '../../domain/simExpiry';
import { ACTIVATION_LOCK_MINUTES, ACTIVATION_MAX_TRIES } from '../../domain/activation';
import { GatewayError } from '../http/errors';
import { issueActivationToken, readActivationToken } from './token';
import { ICCID_PREFIX, simActivationCodeMatches } from './sims';

export type SimRow = typeof sims.$inferSelect;

/** "Attempts on one ICCID are limited, so the 6-digit code cannot be guessed": 5 tries, then 15 minutes' wait. */
export { ACTIVATION_MAX_TRIES };
export const ACTIVATION_LOCK_MS = ACTIVATION_LOCK_MINUTES * 60 * 1000;
/** The card carries a plan (US) or a data pack (global): without one, "current ICCID has no plan". */
export const simHasPlan = (sim: SimRow): boolean => sim.planId !== null || sim.globalPackId !== null;

/** The chart may keep a nested state ('activated.physical'): the spec's SIM status is its first part. */
export const simStatusOf = (status: string): ActivationSim['status'] => {
  const first = status.split('.')[0];
  // A void card (decision 0037) can no longer be activated, as an expired one cannot.
  return (first === 'void' ? 'expired' : first) as ActivationSim['status'];
};

export const isOurIccid = (iccid: string): boolean => Object.values(ICCID_PREFIX).some((p) => iccid.startsWith(p));

export async function findSim(deps: Pick<Deps, 'db'>, iccid: string): Promise<SimRow | null> {
  const [row] = await deps.db.select().from(sims).where(eq(sims.iccid, iccid));
  return row ?? null;
}

/** Spec section 4: physical not activated within 90 days of purchase; eSIM QR older than 30 days (src/domain/simExpiry.ts). */
export function simExpired(sim: SimRow, now: Date): boolean {
  const status = simStatusOf(sim.status);
  if (status === 'expired') return true;
  return status === 'inactive' && activationWindowClosed(sim, now);
}

const locked = (until: Date, now: Date) => new GatewayError('activationLocked', {
  data: { retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) },
  headers: { 'retry-after': String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))) },
});

/**
 * Spends one try of the code. A right code clears the count; a wrong one adds to it and, at the fifth, locks the card
 * for 15 minutes. Both are one UPDATE that applies only while the card is not locked: the row lock serializes
 * concurrent tries, and a try that arrives after the lock was set changes nothing and is told to wait.
 */
export async function spendTry(deps: Pick<Deps, 'db' | 'clock' | 'config'>, sim: SimRow, code: string): Promise<void> {
  const now = deps.clock.now();
  const notLocked = or(isNull(sims.activationLockedUntil), lte(sims.activationLockedUntil, now));
  if (simActivationCodeMatches(deps.config.codePepper, sim.iccid, code, sim.activationCodeHash)) {
    const [ok] = await deps.db.update(sims).set({ activationAttempts: 0, activationLockedUntil: null })
      .where(and(eq(sims.iccid, sim.iccid), notLocked)).returning({ iccid: sims.iccid });
    if (ok) return;
  } else {
    const lockUntil = new Date(now.getTime() + ACTIVATION_LOCK_MS);
    // After a lock has run out the count starts again.
    const tries = sql`(case when ${sims.activationLockedUntil} is null then ${sims.activationAttempts} else 0 end) + 1`;
    const [counted] = await deps.db.update(sims).set({
      activationAttempts: tries,
      activationLockedUntil: sql`case when ${tries} >= ${ACTIVATION_MAX_TRIES} then ${lockUntil.toISOString()}::timestamptz else null end`,
    }).where(and(eq(sims.iccid, sim.iccid), notLocked)).returning({ attempts: sims.activationAttempts, lockedUntil: sims.activationLockedUntil });
    if (counted) {
      if (counted.lockedUntil) throw locked(counted.lockedUntil, now);
      throw new GatewayError('120019', { data: { triesLeft: ACTIVATION_MAX_TRIES - counted.attempts } });
    }
  }
  const [current] = await deps.db.select({ until: sims.activationLockedUntil }).from(sims).where(eq(sims.iccid, sim.iccid));
  throw locked(current?.until ?? new Date(now.getTime() + ACTIVATION_LOCK_MS), now);
}

/**
 * What may stop a proven card from being activated, in the decision's order after the code: 120017, 120016,
 * 120022 / 120023 (only when `collected` is given), 120014, 120020, 120018.
 */
export async function assertActivatable(deps: Pick<Deps, 'db' | 'clock'>, sim: SimRow, collected: SimCollected | null): Promise<void> {
  const [order] = sim.orderId ? await deps.db.select({ status: orders.status, kind: orders.kind }).from(orders).where(eq(orders.id, sim.orderId)) : [];
  if (sim.voidedAt || (sim.status as string) === 'activated.convertedToEsim' || sim.status === 'void') throw new GatewayError('120017');
  // A replacement card takes over a line that exists (decision 0037): it is activated in the account, not here.
  if (order?.kind === 'replacement' && simStatusOf(sim.status) === 'inactive') throw new GatewayError('replacementCard');
  if (sim.collected === 'online' && (!order || order.status !== 'paid')) throw new GatewayError('120016');
  if (collected && sim.collected !== collected) throw new GatewayError(sim.collected === 'online' ? '120022' : '120023');
  const status = simStatusOf(sim.status);
  if (status === 'activated') throw new GatewayError('120014');
  if (status === 'activating') throw new GatewayError('120020');
  if (simExpired(sim, deps.clock.now())) throw new GatewayError('120018');
}

/** The card as step 1 answers it (and simInfo on a reload). */
export async function simView(deps: Pick<Deps, 'db' | 'clock'>, sim: SimRow, activationToken: string): Promise<ActivationSim> {
  const [order] = sim.orderId ? await deps.db.select().from(orders).where(eq(orders.id, sim.orderId)) : [];
  let plan: ActivationSim['plan'] = null;
  if (sim.planId) {
    const [row] = await deps.db.select({ id: plans.id, name: plans.name }).from(plans).where(eq(plans.id, sim.planId));
    if (row) plan = { planId: row.id, name: row.name, months: sim.months ?? 1 };
  } else if (sim.kind === 'global' && (sim.globalPackId ?? order?.globalPackId)) {
    // A global card carries its data pack (bought with it, or at activation).
    const [pack] = await deps.db.select().from(globalPacks).where(eq(globalPacks.id, (sim.globalPackId ?? order!.globalPackId)!));
    if (pack) plan = { planId: pack.id, name: order?.globalPackId === pack.id ? order.planName : `${pack.regionCode} ${pack.dataMb}MB`, months: sim.months ?? 1 };
  }
  const [activation] = await deps.db.select({ publicId: activations.publicId }).from(activations)
    .where(and(eq(activations.iccid, sim.iccid), sql`${activations.status} <> 'failed'`))
    .orderBy(desc(activations.id)).limit(1);
  const now = deps.clock.now();
  return {
    activationToken,
    iccid: sim.iccid,
    kind: sim.kind,
    simType: sim.simType,
    collected: sim.collected,
    status: simExpired(sim, now) ? 'expired' : simStatusOf(sim.status),
    plan,
    orderNo: order?.orderNo ?? null,
    activationId: activation?.publicId ?? null,
  };
}

export interface CheckSimInput { iccid: string; activationCode: string; collected: SimCollected }

export async function checkSim(deps: Deps, input: CheckSimInput): Promise<ActivationSim> {
  if (!isOurIccid(input.iccid)) throw new GatewayError('120021');
  const sim = await findSim(deps, input.iccid);
  if (!sim) throw new GatewayError('120015');
  const now = deps.clock.now();
  if (sim.activationLockedUntil && sim.activationLockedUntil > now) throw locked(sim.activationLockedUntil, now);
  await spendTry(deps, sim, input.activationCode);
  await assertActivatable(deps, sim, input.collected);
  return simView(deps, sim, issueActivationToken(deps.config.codePepper, sim.iccid, now));
}

/** The ICCID an activation token proves, or activationTokenInvalid. */
export function iccidOfToken(deps: Pick<Deps, 'clock' | 'config'>, token: string | undefined | null): string {
  const read = token ? readActivationToken(deps.config.codePepper, token, deps.clock.now()) : null;
  if (!read) throw new GatewayError('activationTokenInvalid');
  return read.iccid;
}

export async function simInfo(deps: Deps, token: string): Promise<ActivationSim> {
  const sim = await findSim(deps, iccidOfToken(deps, token));
  if (!sim) throw new GatewayError('activationTokenInvalid');
  return simView(deps, sim, token);
}
