/** The job kinds of the enquiries area (decision 0006), gathered with every area's by jobs/handlers.ts. */
import { eq } from 'drizzle-orm';
import { isLanguage, type Language } from '../../../i18n/languages';
import type { JobHandler } from '../jobs/types';
import { contactMessages, dealerApplications } from '../db/schema';
import { renderEmail } from '../messages';
import { contactReceivedEmail, dealerReceivedEmail } from './emails';
import { ENQUIRY_CONFIRM_JOB } from './store';

const language = (value: string): Language => (isLanguage(value) ? value : 'en');

/** {box, id}: the confirmation of a contact message or a dealer application, enqueued with the row that it confirms. */
const confirmEnquiry: JobHandler = async (deps, job) => {
  const { box, id } = job.payload as { box: 'contact' | 'dealer'; id: number };
  if (box === 'contact') {
    const [m] = await deps.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!m) return;
    const lang = language(m.lang);
    const mail = renderEmail(lang, contactReceivedEmail(lang, m), m.email);
    await deps.messages.sendEmail(m.email, mail.subject, mail.text, mail.html, { lang, kind: 'contactReceived', idempotencyKey: job.dedupeKey });
    return;
  }
  const [a] = await deps.db.select().from(dealerApplications).where(eq(dealerApplications.id, id));
  if (!a) return;
  const lang = language(a.lang);
  const mail = renderEmail(lang, dealerReceivedEmail(lang, a), a.email);
  await deps.messages.sendEmail(a.email, mail.subject, mail.text, mail.html, { lang, kind: 'dealerReceived', idempotencyKey: job.dedupeKey });
};

export const enquiryJobHandlers: Record<string, JobHandler> = {
  [ENQUIRY_CONFIRM_JOB]: confirmEnquiry,
};
