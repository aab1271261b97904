/**
 * Correcting a port-in in place (issue 4: "when a port-in fails they fix the details without starting over"): only
 * while it waits for information (portInNotCorrectable otherwise). The portIn chart's `portIn.correct` moves it to
 * resubmitted; its action keepCorrectedDetails stores the new details (PIN and account number encrypted) and
 * enqueues the resubmission, which the activation job sends to the losing carrier. An account number or PIN left out
 * is kept as the carrier was given it (its ciphertext stays), unless the carrier named it (portInCorrectionFor).
 */
import { eq, sql } from 'drizzle-orm';
import { portInMachine, type PortInEvent } from '../../../machines/portIn.machine';
import { portInCorrectionFor, type PortInReason } from '../../contract/activation';
import type { Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { activations, portIns } from '../db/schema';
import { GatewayError } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import { applyLifecycleEvent } from '../db/lifecycle';
import { encryptPortInSecrets } from './portInSecrets';
import { activationView, findActivationFor, type ActivationReader } from './view';
import { PROVISION_JOB, assertPortableToUs, fieldError, provisionDedupeKey } from './submit';

/** The correction as the contract parsed it: an account number or PIN left out is kept. */
export interface PortInCorrection { carrier: string; msisdn: string; accountZip: string; accountNumber?: string; pin?: string }

export async function correctPortIn(deps: Deps, publicId: string, reader: ActivationReader, details: PortInCorrection, lang: Language) {
  const activation = await findActivationFor(deps, publicId, reader);
  await assertPortableToUs(deps.db, lang, activation.iccid, details.msisdn);
  const [portIn] = await deps.db.select({
    id: portIns.id, state: portIns.state, corrections: portIns.corrections, reason: portIns.reason,
    accountNumberCipher: portIns.accountNumberCipher, pinCipher: portIns.pinCipher,
  }).from(portIns).where(eq(portIns.activationId, activation.id));
  if (!portIn) throw new GatewayError('portInNotCorrectable');
  // A port that waits for information: the detail the carrier refused is typed again, the other secret is kept (it is
  // stored until the port is over). Any other state is refused by the chart below (portInNotCorrectable).
  if (portIn.state === 'informationRequired') {
    const problem = portInCorrectionFor(portIn.reason as PortInReason | null).safeParse(details).error?.issues[0];
    if (problem) throw fieldError(lang, String(problem.path[0]), problem.message);
    for (const field of ['accountNumber', 'pin'] as const) {
      const stored = field === 'pin' ? portIn.pinCipher : portIn.accountNumberCipher;
      if (!details[field] && !stored) throw fieldError(lang, field, `validation:${field}.required`);
    }
  }
  const now = deps.clock.now();
  const event: PortInEvent = { type: 'portIn.correct' };
  await applyLifecycleEvent(deps.db, {
    chart: 'portIn', machine: portInMachine, entityRef: publicId, event, at: now, rejectWith: 'portInNotCorrectable',
    store: {
      load: async (tx: Db) => {
        const [row] = await tx.select({ state: portIns.state }).from(portIns).where(eq(portIns.id, portIn.id)).for('update');
        return row?.state ?? null;
      },
      save: async (tx: Db, state: string) => {
        await tx.update(portIns).set({ state: state as typeof portIns.$inferSelect.state, updatedAt: now }).where(eq(portIns.id, portIn.id));
      },
    },
    actions: {
      keepCorrectedDetails: async (tx: Db) => {
        const [row] = await tx.update(portIns).set({
          carrier: details.carrier, msisdn: details.msisdn, accountZip: details.accountZip,
          ...encryptPortInSecrets(deps.config.codePepper, activation.id, { accountNumber: details.accountNumber, pin: details.pin }),
          reason: null, carrierMessage: null, corrections: sql`${portIns.corrections} + 1`, updatedAt: now,
        }).where(eq(portIns.id, portIn.id)).returning({ corrections: portIns.corrections });
        // The number being ported may be what was wrong.
        await tx.update(activations).set({ msisdn: details.msisdn, updatedAt: now }).where(eq(activations.id, activation.id));
        // The activation job resumes: it sends the correction (its request id names this correction) and waits for the answer.
        await enqueueJob(tx, {
          kind: PROVISION_JOB, dedupeKey: `${provisionDedupeKey(publicId)}:correction:${row!.corrections}`,
          payload: { activationId: publicId }, runAt: now,
        });
      },
    },
  });
  const [fresh] = await deps.db.select().from(activations).where(eq(activations.id, activation.id));
  return activationView(deps, fresh!);
}
