/**
 * Stores what the public forms send (issue 18). Each send takes its limits (per email and per IP) in the transaction
 * that stores it, so they are checked and counted in one step and count nothing when nothing is stored; the
 * confirmation email is a job enqueued in the same transaction (decision 0006). A dealer application is refused with
 * 90056 while the same email has an open one: the partial unique index decides, so parallel requests store one.
 */
import { randomBytes } from 'node:crypto';
import type { Language } from '../../../i18n/languages';
import type { ContactMessage, DealerApplication } from '../../contract/enquiries';
import { enquiryMachine } from '../../../machines/enquiry.machine';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { contactMessages, dealerApplications } from '../db/schema';
import { GatewayError } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import { emailSubject, enforce, hit, ipSubject, RULES } from '../limits';

/** The state a new enquiry starts in: the chart's own initial state. */
const OPEN = String(enquiryMachine.config.initial);
export const ENQUIRY_CONFIRM_JOB = 'enquiry.confirm';

/** A reference people can read out on the phone: no 0/O, 1/I/L. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export function newReference(prefix: 'C' | 'D'): string {
  const bytes = randomBytes(8);
  return `${prefix}-${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

/** Filled in the field no person sees: a robot. */
const isRobot = (input: { website?: string }) => (input.website ?? '').trim() !== '';

interface Sender { ip: string; lang: Language }

export async function storeContactMessage(deps: Deps, input: ContactMessage, sender: Sender): Promise<{ reference: string }> {
  const hits = [hit(RULES.contactEmail, emailSubject(input.email)), hit(RULES.contactIp, ipSubject(sender.ip))];
  const reference = newReference('C');
  // A robot is answered as a person is, after the same limits, and nothing of it is kept or emailed.
  if (isRobot(input)) { await enforce(deps.limits, hits); return { reference }; }
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await enforce(deps.limits, hits, { tx });
    const [row] = await tx.insert(contactMessages).values({
      reference, name: input.name, email: input.email.trim(), phone: input.phone ?? null, topic: input.topic, message: input.message,
      lang: sender.lang, state: OPEN, createdAt: now,
    }).returning({ id: contactMessages.id });
    await enqueueJob(tx, { kind: ENQUIRY_CONFIRM_JOB, dedupeKey: `${ENQUIRY_CONFIRM_JOB}:contact:${row!.id}`, runAt: now, payload: { box: 'contact', id: row!.id } });
  });
  return { reference };
}

export async function storeDealerApplication(deps: Deps, input: DealerApplication, sender: Sender): Promise<{ reference: string }> {
  const emailKey = emailSubject(input.email);
  const hits = [hit(RULES.dealerEmail, emailKey), hit(RULES.dealerIp, ipSubject(sender.ip))];
  const reference = newReference('D');
  if (isRobot(input)) { await enforce(deps.limits, hits); return { reference }; }
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await enforce(deps.limits, hits, { tx });
    const stored = await tx.insert(dealerApplications).values({
      reference, storeName: input.storeName, country: input.country, region: input.state, city: input.city,
      firstName: input.firstName, lastName: input.lastName, phone: input.phone, email: input.email.trim(), emailKey,
      howHeard: input.howHeard, whyInterested: input.whyInterested, extra: input.extra ? input.extra : null,
      lang: sender.lang, state: OPEN, createdAt: now,
    }).onConflictDoNothing().returning({ id: dealerApplications.id });
    // The unique index of open applications per email refused it: "already submitted" (spec section 8).
    if (stored.length === 0) throw new GatewayError('90056');
    await enqueueJob(tx, { kind: ENQUIRY_CONFIRM_JOB, dedupeKey: `${ENQUIRY_CONFIRM_JOB}:dealer:${stored[0]!.id}`, runAt: now, payload: { box: 'dealer', id: stored[0]!.id } });
  });
  return { reference };
}
