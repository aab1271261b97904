/**
 * Activation step 2 (spec section 2: "choose new number or port-in, personal info, Wi-Fi calling with E911 address,
 * sync-register account"). One activation per Idempotency-Key however many clicks, retries or tabs; the same key
 * with another body is refused (120086). In ONE transaction: the account (registered, or the logged-in one), the
 * line (SIM status activating), the activation, the port-in with its secrets encrypted, the SIM lifecycle's
 * `sim.activate`, and the durable job `activation.provision` that asks the network for the line (decision 0006).
 */
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { canonicalJson } from '../../domain/canonicalJson';
import type { activationFormSchema } from '../../contract/activation';
import type { z } from 'zod';
import type { Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { simLifecycleMachine, type SimLifecycleEvent } from '../../../machines/simLifecycle.machine';
import { activations, balances, customers, lines, portIns, sims } from '../db/schema';
import { GatewayError } from '../http/errors';
import { t } from '../i18n';
import { enqueueJob } from '../jobs/queue';
import { assertActivatable, findSim, iccidOfToken, simHasPlan, simStatusOf, type SimRow } from './check';
import { encryptPortInSecrets } from './portInSecrets';
import { activationView, type ActivationRow } from './view';
import { applyLifecycleEvent } from '../db/lifecycle';
import { hashPassword } from '../accounts';
import { createSession } from '../http/sessions';
import { hmac } from '../secrets';

export type ActivationForm = z.output<typeof activationFormSchema>;

export const PROVISION_JOB = 'activation.provision';
export const provisionDedupeKey = (publicId: string) => `${PROVISION_JOB}:${publicId}`;

const ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const newActivationId = (): string => `ACT${Array.from({ length: 10 }, () => ID_ALPHABET[randomInt(0, ID_ALPHABET.length)]).join('')}`;

/** A field error in the request's language, named like the contract's validation errors. */
export const fieldError = (lang: Language, field: string, messageKey: string) => new GatewayError('validation', {
  message: t(lang, 'validation:format', { field: t(lang, `validation:fields.${field}`), message: t(lang, messageKey) }),
  data: { field },
});

/**
 * The digest that tells a replay from a reuse of the key: keyed with the pepper, since the body carries the
 * password and the port-in PIN (a plain hash of them would be guessable offline).
 */
const submitHash = (pepper: string, iccid: string, form: ActivationForm, customerId: number | null) =>
  hmac(pepper, `activation-submit:${canonicalJson({ iccid, form, customerId })}`);

/**
 * A number already on one of our lines (another card's) cannot be ported in: the port could never complete, since a
 * number is one line's. Told at once on the field, rather than by a port that hangs.
 */
export async function assertPortableToUs(db: Db, lang: Language, iccid: string, msisdn: string): Promise<void> {
  const [ours] = await db.select({ id: lines.id }).from(lines).where(and(eq(lines.msisdn, msisdn), sql`${lines.iccid} <> ${iccid}`));
  if (ours) throw fieldError(lang, 'portNumber', 'validation:portNumber.alreadyOurs');
}

export interface SubmitInput { token: string; form: ActivationForm; key: string; customerId: number | null; lang: Language }
export interface SubmitResult { activation: Awaited<ReturnType<typeof activationView>>; login: Awaited<ReturnType<typeof createSession>> | null }

async function findByKey(db: Db, key: string): Promise<ActivationRow | null> {
  const [row] = await db.select().from(activations).where(eq(activations.idempotencyKey, key));
  return row ?? null;
}

async function replay(deps: Deps, existing: ActivationRow, hash: string, registered: boolean): Promise<SubmitResult> {
  if (existing.requestHash !== hash) throw new GatewayError('120086');
  // The answer of the first submit was lost: the same request (password included) logs in again.
  return { activation: await activationView(deps, existing), login: registered ? await createSession(deps, existing.customerId, 'password') : null };
}

/** Which number the card takes: US cards a new or ported number, the global card none (data only, no Wi-Fi calling). */
function checkNumberFits(lang: Language, sim: SimRow, form: ActivationForm) {
  if (sim.kind === 'global') {
    if (form.number.kind !== 'none') throw fieldError(lang, 'number', 'validation:numberChoice.globalDataOnly');
    if (form.wifiCalling.enabled) throw fieldError(lang, 'wifiCalling', 'validation:wifiCalling.globalDataOnly');
  } else if (form.number.kind === 'none') {
    throw fieldError(lang, 'number', 'validation:numberChoice.required');
  }
}

export async function submitActivation(deps: Deps, input: SubmitInput): Promise<SubmitResult> {
  const { form, key, customerId, lang } = input;
  const iccid = iccidOfToken(deps, input.token);
  const registering = customerId === null;
  const hash = submitHash(deps.config.codePepper, iccid, form, customerId);
  const earlier = await findByKey(deps.db, key);
  if (earlier) return replay(deps, earlier, hash, registering);

  const sim = await findSim(deps, iccid);
  if (!sim) throw new GatewayError('activationTokenInvalid');
  await assertActivatable(deps, sim, null);
  if (!simHasPlan(sim)) {
    throw new GatewayError('noRecord', { messageKey: 'errors:other.iccidNoPlan' });
  }
  checkNumberFits(lang, sim, form);
  if (registering && !form.account) throw fieldError(lang, 'username', 'validation:username.required');
  if (registering) {
    const [taken] = await deps.db.select({ id: customers.id }).from(customers).where(eq(customers.username, form.account!.username));
    if (taken) throw new GatewayError('usernameTaken', { data: { field: 'username' } });
  } else {
    const [me] = await deps.db.select({ birthday: customers.birthday }).from(customers).where(eq(customers.id, customerId));
    // "Birthday required, not changeable after submit."
    if (me?.birthday && me.birthday !== form.personal.birthday) throw fieldError(lang, 'birthday', 'validation:birthday.locked');
  }

  const msisdn = form.number.kind === 'none' ? null : form.number.msisdn;
  if (form.number.kind === 'port') await assertPortableToUs(deps.db, lang, iccid, form.number.msisdn);
  if (form.number.kind === 'new') {
    const [held] = await deps.db.select({ id: lines.id }).from(lines).where(and(eq(lines.msisdn, form.number.msisdn), sql`${lines.iccid} <> ${iccid}`));
    if (held || !(await deps.network.reserveNumber(form.number.msisdn, iccid))) throw new GatewayError('numberTaken', { data: { field: 'msisdn' } });
  }
  const passwordHash = registering ? await hashPassword(form.account!.password) : null;
  const now = deps.clock.now();
  const publicId = newActivationId();

  let activation: ActivationRow;
  let ownerId: number;
  try {
    ({ activation, ownerId } = await deps.db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      // The card's row, locked: a second submit for it (another key, another tab) waits here, then sees 'activating'.
      const [locked] = await tx.select().from(sims).where(eq(sims.iccid, iccid)).for('update');
      if (!locked) throw new GatewayError('activationTokenInvalid');
      const status = simStatusOf(locked.status);
      if (status === 'activated') throw new GatewayError('120014');
      if (status === 'activating') throw new GatewayError('120020');

      const owner = registering
        ? await registerCustomer(tx, { username: form.account!.username, passwordHash: passwordHash!, phone: msisdn, birthday: form.personal.birthday, email: form.personal.email, now })
        : await attachCustomer(tx, customerId, form.personal.birthday, form.personal.email);
      if (owner === null) throw new GatewayError('usernameTaken', { data: { field: 'username' } });

      const [line] = await tx.insert(lines).values({
        customerId: owner, kind: sim.kind, msisdn: form.number.kind === 'new' ? msisdn : null, iccid, simType: sim.simType,
        simStatus: 'activating', createdAt: now,
      }).onConflictDoUpdate({
        // A card whose earlier activation failed keeps its line row; it is this activation's now.
        target: lines.iccid, set: { customerId: owner, msisdn: form.number.kind === 'new' ? msisdn : null, simStatus: 'activating' },
      }).returning({ id: lines.id });

      const [created] = await tx.insert(activations).values({
        publicId, iccid, customerId: owner, lineId: line!.id, kind: sim.kind, simType: sim.simType,
        numberKind: form.number.kind, msisdn, birthday: form.personal.birthday, email: form.personal.email, zip: form.personal.zip,
        wifiCalling: form.wifiCalling.enabled, e911: form.wifiCalling.enabled ? form.wifiCalling.e911 : null,
        status: 'activating', idempotencyKey: key, requestHash: hash, lang, submittedAt: now, updatedAt: now,
      }).returning();

      if (form.number.kind === 'port') {
        const p = form.number;
        await tx.insert(portIns).values({
          activationId: created!.id, state: 'submitted', carrier: p.carrier, msisdn: p.msisdn, accountZip: p.accountZip,
          ...encryptPortInSecrets(deps.config.codePepper, created!.id, { accountNumber: p.accountNumber, pin: p.pin }),
          createdAt: now, updatedAt: now,
        });
      }

      // SIM lifecycle: inactive --sim.activate--> activating (history row included); its startProvisioning is the job.
      await applyLifecycleEvent(tx, {
        chart: 'simLifecycle', machine: simLifecycleMachine, entityRef: iccid, at: now, rejectWith: '120020',
        event: { type: 'sim.activate', activationId: publicId } satisfies SimLifecycleEvent,
        store: {
          load: async (db) => (await db.select({ status: sims.status }).from(sims).where(eq(sims.iccid, iccid)).for('update'))[0]?.status ?? null,
          save: async (db, state) => { await db.update(sims).set({ status: state as SimRow['status'] }).where(eq(sims.iccid, iccid)); },
        },
        actions: {
          startProvisioning: async (db) => {
            await enqueueJob(db, { kind: PROVISION_JOB, dedupeKey: provisionDedupeKey(publicId), payload: { activationId: publicId }, runAt: now });
          },
        },
      });
      return { activation: created!, ownerId: owner };
    }));
  } catch (e) {
    // A concurrent submit with this key won the race (its card lock, username or key came first): answer its activation.
    const winner = await findByKey(deps.db, key);
    if (winner) return replay(deps, winner, hash, registering);
    if (isUniqueViolation(e)) throw new GatewayError('120020');
    throw e;
  }
  return {
    activation: await activationView(deps, activation),
    login: registering ? await createSession(deps, ownerId, 'password') : null,
  };
}

interface NewAccount { username: string; passwordHash: string; phone: string | null; birthday: string; email: string; now: Date }

/** Registers the account in the same step; null when the username was taken meanwhile. */
async function registerCustomer(tx: Db, a: NewAccount): Promise<number | null> {
  // The line's number is the account's login number, unless another account already logs in with it.
  const [phoneHeld] = a.phone ? await tx.select({ id: customers.id }).from(customers).where(eq(customers.phone, a.phone)) : [];
  const [row] = await tx.insert(customers).values({
    username: a.username, phone: phoneHeld ? null : a.phone, passwordHash: a.passwordHash, birthday: a.birthday, email: a.email,
    createdAt: a.now,
  }).onConflictDoNothing({ target: customers.username }).returning({ id: customers.id });
  if (!row) return null;
  await tx.insert(balances).values({ customerId: row.id }).onConflictDoNothing();
  return row.id;
}

/** The logged-in customer: the birthday is set once (the first activation), the email only when there is none. */
async function attachCustomer(tx: Db, customerId: number, birthday: string, email: string): Promise<number> {
  await tx.update(customers).set({
    birthday: sql`coalesce(${customers.birthday}, ${birthday}::date)`,
    email: sql`coalesce(${customers.email}, ${email})`,
  }).where(eq(customers.id, customerId));
  return customerId;
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = (e as { cause?: unknown })?.cause ?? e;
  return (err as { code?: string } | null)?.code === '23505';
};
