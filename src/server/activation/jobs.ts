/**
 * The jobs that take a submitted activation to its end (decision 0006), on the SIM lifecycle and port-in charts
 * (machines/simLifecycle.machine.ts, machines/portIn.machine.ts) through applyLifecycleEvent:
 * - `activation.provision` {activationId: public id}: enqueued by the submit (and by each port-in correction). It
 *   asks the network for the line (request id `provision:<id>`, so a second run provisions once), waits for it
 *   (retryAt), applies `sim.provisioned` / `sim.provisioningFailed`; then, for a port-in, sends the request or the
 *   latest correction to the losing carrier and waits for its answer: `portIn.completed` gives the line its number,
 *   `portIn.informationRequired` / `portIn.declined` keep the carrier's words. Every step reads the rows first, so
 *   a re-run or a second job of the same activation only continues where the first one stopped.
 * - `sims.expire` (recurring): the 90-day and 30-day rules, `sim.expire` on every inactive card past its window.
 * - one email job per message (`email.activated`, `email.portCompleted`, `email.portInformationRequired`,
 *   `email.portDeclined`), enqueued in the transaction that applies the event, with a dedupe key per occurrence.
 * The port-in account number and PIN are decrypted here only to hand them to the adapter: never in a job's payload,
 * a log line, an error or an email.
 */
import { and, eq, sql } from 'drizzle-orm';
import { portInMachine, type PortInEvent } from '../../../machines/portIn.machine';
import { simLifecycleMachine, type SimLifecycleEvent } from '../../../machines/simLifecycle.machine';
import { PHYSICAL_ACTIVATION_DAYS } from '../../domain/simExpiry';
import type { ErrorCode } from '../../contract/errors';
import type { Deps } from '../context';
import { activations, customers, lines, portIns, sims } from '../db/schema';
import { GatewayError } from '../http/errors';
import { enqueueJob, type JobRequest } from '../jobs/queue';
import type { Job, JobHandler, JobOutcome, RecurringJob } from '../jobs/types';
import { applyLifecycleEvent, type AppliedEvent, type LifecycleActions, type LifecycleStore } from '../db/lifecycle';
import { decryptPortInSecrets } from './portInSecrets';
import { renderEmail, siteUrl, type Email } from '../messages';
import {
  activatedEmail, activationLanguage, portCompletedEmail, portDeclinedEmail, portInformationRequiredEmail, type ActivationLinks,
} from './emails';

// The job kind is named where submit enqueues it; the handler registry below reads it from there.
import { PROVISION_JOB } from './submit';
export { PROVISION_JOB };
export const EXPIRE_JOB = 'sims.expire';
/** Handled in src/server/plan/jobs.ts (issue 15). */
export const PLAN_START_JOB = 'plan.startAtActivation';
const DAY_MS = 86_400_000;

type ActivationRow = typeof activations.$inferSelect;
type PortInRow = typeof portIns.$inferSelect;
type SimState = 'inactive' | 'activating' | 'activated.physical' | 'activated.convertedToEsim' | 'activated.esim' | 'expired' | 'void';

// ---- the SIM lifecycle on sims.status (+ sims.voided_at for a converted physical card) --------------------------

/** The card's chart state from its row: `activated` splits by form factor, a voided physical card is converted. */
export const simStore = (iccid: string, now: Date): LifecycleStore => ({
  async load(tx) {
    const [row] = await tx.select({ status: sims.status, simType: sims.simType, voidedAt: sims.voidedAt }).from(sims).where(eq(sims.iccid, iccid)).for('update');
    if (!row) return null;
    if (row.status !== 'activated') return row.status;
    if (row.simType === 'esim') return 'activated.esim';
    return row.voidedAt ? 'activated.convertedToEsim' : 'activated.physical';
  },
  async save(tx, state) {
    const s = state as SimState;
    const status = s.startsWith('activated') ? 'activated' : (s as 'inactive' | 'activating' | 'expired' | 'void');
    const voided = s === 'activated.convertedToEsim' || s === 'void' ? { voidedAt: now } : s === 'activated.physical' ? { voidedAt: null } : {};
    await tx.update(sims).set({ status, ...voided }).where(eq(sims.iccid, iccid));
    // The customer's line shows the card's status (spec section 4, SIM status). A void card carries no line (its line
    // moved to the replacement card before it was voided: decision 0037).
    if (status !== 'void') await tx.update(lines).set({ simStatus: status }).where(eq(lines.iccid, iccid));
  },
});

/** Applies one SIM lifecycle event to a card; throws GatewayError(rejectWith) when the chart refuses it. */
export function applySimEvent(deps: Deps, iccid: string, event: SimLifecycleEvent, actions: LifecycleActions<SimLifecycleEvent>, opts: { rejectWith?: ErrorCode; meta?: Record<string, unknown> } = {}) {
  return applyLifecycleEvent<SimLifecycleEvent>(deps.db, {
    chart: 'simLifecycle', machine: simLifecycleMachine, entityRef: iccid, store: simStore(iccid, deps.clock.now()),
    event, actions, at: deps.clock.now(), rejectWith: opts.rejectWith ?? '120020', missingWith: 'noRecord', meta: opts.meta,
  });
}

// ---- the port-in lifecycle on port_ins.state ----------------------------------------------------------------------

export const portInStore = (portInId: number, now: Date): LifecycleStore => ({
  async load(tx) {
    const [row] = await tx.select({ state: portIns.state }).from(portIns).where(eq(portIns.id, portInId)).for('update');
    return row?.state ?? null;
  },
  async save(tx, state) {
    await tx.update(portIns).set({ state: state as PortInRow['state'], updatedAt: now }).where(eq(portIns.id, portInId));
  },
});

function applyPortInEvent(deps: Deps, activation: ActivationRow, portIn: PortInRow, event: PortInEvent, actions: LifecycleActions<PortInEvent>) {
  const now = deps.clock.now();
  return applyLifecycleEvent<PortInEvent>(deps.db, {
    chart: 'portIn', machine: portInMachine, entityRef: activation.publicId, store: portInStore(portIn.id, now),
    event, actions, at: now, rejectWith: 'portInNotCorrectable',
  });
}

/** Another run (or another gateway) applied it first: the chart refused ours, and nothing was written twice. */
async function unlessAlreadyMoved(apply: () => Promise<AppliedEvent>, code: ErrorCode): Promise<AppliedEvent | null> {
  try {
    return await apply();
  } catch (error) {
    if (error instanceof GatewayError && error.code === code) return null;
    throw error;
  }
}

// ---- emails ---------------------------------------------------------------------------------------------------

export type ActivationEmailKind = 'activated' | 'portCompleted' | 'portInformationRequired' | 'portDeclined';

/** `occurrence` tells apart two emails of one kind (a second "information required" after a correction). */
export const activationEmailJob = (kind: ActivationEmailKind, publicId: string, runAt: Date, occurrence?: number): JobRequest => ({
  kind: `email.${kind}`, dedupeKey: `email.${kind}:${publicId}${occurrence === undefined ? '' : `:${occurrence}`}`, payload: { activationId: publicId }, runAt,
});

const links = (deps: Deps): ActivationLinks => ({ account: `${siteUrl(deps)}/personal` });

async function loadActivation(deps: Deps, payload: Record<string, unknown>, kind: string): Promise<ActivationRow> {
  const publicId = String(payload.activationId ?? '');
  const [row] = await deps.db.select().from(activations).where(eq(activations.publicId, publicId));
  if (!row) throw new Error(`${kind}: no activation ${publicId}`);
  return row;
}

const loadPortIn = async (deps: Deps, activationId: number): Promise<PortInRow | null> =>
  (await deps.db.select().from(portIns).where(eq(portIns.activationId, activationId)))[0] ?? null;

async function sendActivationEmail(deps: Deps, job: Job, kind: ActivationEmailKind, build: (a: ActivationRow, name: string, p: PortInRow | null) => Email | null): Promise<void> {
  const activation = await loadActivation(deps, job.payload, job.kind);
  const portIn = await loadPortIn(deps, activation.id);
  const [customer] = await deps.db.select({ username: customers.username }).from(customers).where(eq(customers.id, activation.customerId));
  const email = build(activation, customer?.username ?? activation.email.split('@')[0]!, portIn);
  if (!email) return;
  const lang = activationLanguage(activation);
  const rendered = renderEmail(lang, email, activation.email);
  await deps.messages.sendEmail(activation.email, rendered.subject, rendered.text, rendered.html, {
    lang, kind, activationId: activation.publicId, idempotencyKey: job.dedupeKey,
  });
}

export const activationEmailHandlers: Record<string, JobHandler> = {
  'email.activated': (deps, job) => sendActivationEmail(deps, job, 'activated', (a, name, p) => activatedEmail(a, name, links(deps), p)),
  'email.portCompleted': (deps, job) => sendActivationEmail(deps, job, 'portCompleted', (a, name, p) => (p ? portCompletedEmail(a, name, links(deps), p) : null)),
  // Corrected meanwhile: the customer already did what this email would ask.
  'email.portInformationRequired': (deps, job) => sendActivationEmail(deps, job, 'portInformationRequired',
    (a, name, p) => (p?.state === 'informationRequired' ? portInformationRequiredEmail(a, name, links(deps), p) : null)),
  'email.portDeclined': (deps, job) => sendActivationEmail(deps, job, 'portDeclined', (a, name, p) => (p ? portDeclinedEmail(a, name, links(deps), p) : null)),
};

// ---- activation.provision -------------------------------------------------------------------------------------

/** When to ask the network again: often at first (the sandbox answers in seconds), less often as hours pass. */
export function nextPollAt(since: Date, now: Date): Date {
  const elapsed = now.getTime() - since.getTime();
  const wait = elapsed < 2 * 60_000 ? 5_000 : elapsed < 60 * 60_000 ? 60_000 : 10 * 60_000;
  return new Date(now.getTime() + wait);
}

const provisionRequestId = (publicId: string) => `provision:${publicId}`;
const portRequestId = (publicId: string) => `port:${publicId}`;
const correctionRequestId = (publicId: string, corrections: number) => `port:${publicId}:correction:${corrections}`;

/** Provisioning: answers true once the line is activated, false when it failed, or when to look again. */
async function provisionLine(deps: Deps, a: ActivationRow): Promise<boolean | Date> {
  const { ref } = await deps.network.provision({
    requestId: provisionRequestId(a.publicId), iccid: a.iccid, kind: a.kind, simType: a.simType,
    msisdn: a.numberKind === 'new' ? a.msisdn : null, e911: a.wifiCalling ? a.e911 : null,
  });
  if (a.networkRef !== ref) await deps.db.update(activations).set({ networkRef: ref }).where(eq(activations.id, a.id));
  const status = await deps.network.provisionStatus(ref);
  if (status.state === 'pending') return nextPollAt(a.submittedAt, deps.clock.now());

  if (status.state === 'failed') {
    const failure = status.failure ?? 'FAILED';
    await unlessAlreadyMoved(() => applySimEvent(deps, a.iccid, { type: 'sim.provisioningFailed', failure }, {
      recordProvisioningFailure: async (tx) => {
        await tx.update(activations).set({ status: 'failed', failure, updatedAt: deps.clock.now() }).where(eq(activations.id, a.id));
      },
    }, { meta: { activationId: a.publicId } }), '120020');
    return false;
  }

  await unlessAlreadyMoved(() => applySimEvent(deps, a.iccid, { type: 'sim.provisioned', simType: a.simType }, {
    recordActivation: async (tx) => {
      const now = deps.clock.now();
      await tx.update(activations).set({ status: 'activated', activatedAt: now, updatedAt: now }).where(eq(activations.id, a.id));
      if (a.numberKind === 'new' && a.msisdn && a.lineId) await tx.update(lines).set({ msisdn: a.msisdn }).where(eq(lines.id, a.lineId));
      // Issue 15: the plan bought with the card starts on the line (and its auto-renewal, when the order asked), by the
      // plan area's job, enqueued in this transaction (named here, so activation need not import the plan area).
      if (a.lineId && a.kind === 'us') {
        await enqueueJob(tx, { kind: PLAN_START_JOB, dedupeKey: `${PLAN_START_JOB}:${a.publicId}`, payload: { lineId: a.lineId, customerId: a.customerId, iccid: a.iccid }, runAt: now });
      }
      await enqueueJob(tx, activationEmailJob('activated', a.publicId, now));
      // Issue 18 (decision 0041): a referral of this card's order starts its 35 days (the referral area's job).
      await enqueueJob(tx, { kind: REFERRAL_ACTIVATED_JOB, dedupeKey: `${REFERRAL_ACTIVATED_JOB}:${a.iccid}`, payload: { iccid: a.iccid }, runAt: now });
    },
  }, { meta: { activationId: a.publicId, networkRef: ref } }), '120020');
  return true;
}

/** Port-in: sends what the carrier has not seen yet, then reads its answer. Answers when to look again, or null when done. */
async function advancePortIn(deps: Deps, a: ActivationRow, portIn: PortInRow): Promise<Date | null> {
  let p = portIn;
  if (p.state === 'submitted' || p.state === 'resubmitted') {
    const secrets = decryptPortInSecrets(deps, p);
    let ref: string;
    if (p.state === 'submitted') {
      ({ ref } = await deps.network.submitPortIn({
        requestId: portRequestId(a.publicId), iccid: a.iccid, msisdn: p.msisdn, carrier: p.carrier,
        accountNumber: secrets.accountNumber, pin: secrets.pin, accountZip: p.accountZip,
      }));
    } else {
      if (!p.networkRef) throw new Error(`activation.provision: port-in of ${a.publicId} was corrected before the carrier had it`);
      ref = p.networkRef;
      await deps.network.correctPortIn(ref, {
        requestId: correctionRequestId(a.publicId, p.corrections), carrier: p.carrier, msisdn: p.msisdn,
        accountNumber: secrets.accountNumber, pin: secrets.pin, accountZip: p.accountZip,
      });
    }
    await unlessAlreadyMoved(() => applyPortInEvent(deps, a, p, { type: 'portIn.requested', networkRef: ref }, {
      recordCarrierRef: async (tx) => { await tx.update(portIns).set({ networkRef: ref }).where(eq(portIns.id, p.id)); },
    }), 'portInNotCorrectable');
    p = (await loadPortIn(deps, a.id))!;
  }
  if (p.state !== 'pending') return null;

  const answer = await deps.network.portInStatus(p.networkRef!);
  if (answer.state === 'pending') return nextPollAt(p.updatedAt, deps.clock.now());
  const carrierMessage = answer.carrierMessage ?? '';
  if (answer.state === 'completed') {
    await unlessAlreadyMoved(() => applyPortInEvent(deps, a, p, { type: 'portIn.completed' }, {
      assignPortedNumber: async (tx) => {
        const now = deps.clock.now();
        if (a.lineId) await tx.update(lines).set({ msisdn: p.msisdn }).where(eq(lines.id, a.lineId));
        await tx.update(activations).set({ msisdn: p.msisdn, updatedAt: now }).where(eq(activations.id, a.id));
        await tx.update(portIns).set(FORGET_SECRETS).where(eq(portIns.id, p.id));
        await enqueueJob(tx, activationEmailJob('portCompleted', a.publicId, now));
      },
    }), 'portInNotCorrectable');
  } else if (answer.state === 'declined') {
    await unlessAlreadyMoved(() => applyPortInEvent(deps, a, p, { type: 'portIn.declined', reason: 'notPortable', carrierMessage }, {
      recordDecline: async (tx) => {
        const now = deps.clock.now();
        await tx.update(portIns).set({ reason: answer.reason ?? 'notPortable', carrierMessage, updatedAt: now, ...FORGET_SECRETS }).where(eq(portIns.id, p.id));
        await enqueueJob(tx, activationEmailJob('portDeclined', a.publicId, now));
      },
    }), 'portInNotCorrectable');
  } else {
    const reason = answer.reason && answer.reason !== 'notPortable' ? answer.reason : 'nameMismatch';
    await unlessAlreadyMoved(() => applyPortInEvent(deps, a, p, { type: 'portIn.informationRequired', reason, carrierMessage }, {
      askCustomerToCorrect: async (tx) => {
        const now = deps.clock.now();
        await tx.update(portIns).set({ reason, carrierMessage, updatedAt: now }).where(eq(portIns.id, p.id));
        await enqueueJob(tx, activationEmailJob('portInformationRequired', a.publicId, now, p.corrections));
      },
    }), 'portInNotCorrectable');
  }
  return null;
}

/**
 * Once the port is over (completed or declined for good) nobody needs the carrier account number and PIN again: their
 * ciphertexts are erased in the same transaction, so a later leak of the database or a backup holds none of them.
 */
const FORGET_SECRETS = { accountNumberCipher: '', pinCipher: '' } as const;

export const provisionActivation: JobHandler = async (deps, job): Promise<JobOutcome> => {
  let activation = await loadActivation(deps, job.payload, job.kind);
  if (activation.status === 'failed') return;
  if (activation.status === 'activating') {
    const outcome = await provisionLine(deps, activation);
    if (outcome instanceof Date) return { retryAt: outcome };
    if (!outcome) return;
    activation = await loadActivation(deps, job.payload, job.kind);
    if (activation.status !== 'activated') return;
  }
  if (activation.numberKind !== 'port') return;
  const portIn = await loadPortIn(deps, activation.id);
  if (!portIn) throw new Error(`activation.provision: port-in activation ${activation.publicId} has no port_ins row`);
  const retryAt = await advancePortIn(deps, activation, portIn);
  return retryAt ? { retryAt } : undefined;
};

// ---- sims.expire ----------------------------------------------------------------------------------------------

/** The cards a run looks at, at most: the rest wait for the next run. */
const EXPIRE_BATCH = 500;

/** "Physical SIM must be activated within 90 days of purchase; eSIM QR valid 30 days": inactive cards past it expire. */
export async function expireSims(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const physicalCutoff = new Date(now.getTime() - PHYSICAL_ACTIVATION_DAYS * DAY_MS);
  const due = await deps.db.select({ iccid: sims.iccid, simType: sims.simType, purchasedAt: sims.purchasedAt, qrExpiresAt: sims.qrExpiresAt })
    .from(sims)
    .where(and(eq(sims.status, 'inactive'), sql`(
      (${sims.simType} = 'physical' and ${sims.purchasedAt} is not null and ${sims.purchasedAt} <= ${physicalCutoff})
      or (${sims.simType} = 'esim' and ${sims.qrExpiresAt} is not null and ${sims.qrExpiresAt} <= ${now}))`))
    .limit(EXPIRE_BATCH);
  let expired = 0;
  for (const card of due) {
    const event: SimLifecycleEvent = {
      type: 'sim.expire', simType: card.simType, purchasedAt: card.purchasedAt?.toISOString() ?? null,
      qrExpiresAt: card.qrExpiresAt?.toISOString() ?? null, at: now.toISOString(),
    };
    // Activated meanwhile (the card's row lock orders it after the submit): the chart refuses, nothing changes.
    if (await unlessAlreadyMoved(() => applySimEvent(deps, card.iccid, event, {}, { rejectWith: '120018' }), '120018')) expired += 1;
  }
  return expired;
}

/** activation.provision {activationId}: enqueued by the activation submit and each port-in correction; sims.expire; activation emails. */
export const activationJobHandlers: Record<string, JobHandler> = {
  [PROVISION_JOB]: provisionActivation,
  [EXPIRE_JOB]: async (deps) => { await expireSims(deps); },
  ...activationEmailHandlers,
};

/** The activation jobs that come back on their own (jobs/handlers.ts gathers every area's). */
export const activationRecurringJobs: readonly RecurringJob[] = [
  /** Spec section 4: "Physical SIM must be activated within 90 days of purchase; eSIM QR valid 30 days." */
  { kind: EXPIRE_JOB, everyMs: 15 * 60_000 },
];

/** Handled in src/server/referral/jobs.ts. */
const REFERRAL_ACTIVATED_JOB = 'referral.activated';
