/**
 * Enquiries (issue 18): the contact form of /aboutUs/contactUs and the dealer application of /agent (spec section 3,
 * "Dealer application: store name, country (USA or China), state, city, names, phone, email, how heard, why
 * interested, optional extra"; spec section 6: "Dealers need a physical retail store"), and the staff console's inbox
 * that lists both. One schema per form, used by the page for instant field errors and by the gateway.
 */
import { z } from 'zod';
import { isValidPhone, normalizePhone } from '../domain/phone';
import { isUsState } from '../domain/usStates';
import { defineEndpoint, PCAPP } from './endpoint';
import { emailField, phoneField, recordIdField, textField } from './fields';
import { STAFF_API } from './staff';

/** What a contact message is about: the staff inbox sorts by it; "other" when none fits. */
export const CONTACT_TOPICS = ['plans', 'activation', 'transfer', 'billing', 'dualNumber', 'coverage', 'refund', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
/** Spec section 3: "how heard". */
export const HOW_HEARD = ['search', 'socialMedia', 'wechat', 'friend', 'customer', 'event', 'other'] as const;
export type HowHeard = (typeof HOW_HEARD)[number];
/** Spec section 3: "country (USA or China)". */
export const DEALER_COUNTRIES = ['US', 'CN'] as const;
export type DealerCountry = (typeof DEALER_COUNTRIES)[number];

export const ENQUIRY_LIMITS = { name: 60, message: { min: 10, max: 2000 }, store: 80, place: 60, reason: { min: 10, max: 1000 }, extra: 1000 } as const;

const required = (key: string, max: number, tooLong = 'validation:text.tooLong') =>
  textField({ max, trim: true, required: key, tooLong }).min(1, { error: key, abort: true });

/**
 * The anti-spam field: a text input people never see (hidden from sight and from screen readers, not tabbable). A
 * person leaves it empty; a form-filling robot fills it, and is answered as if sent, with nothing stored or emailed.
 */
const honeypot = textField({ max: 200 }).optional();

/** An optional phone number: empty, or a valid US or China number (kept as its digits). */
const optionalPhone = textField({ max: 32, trim: true, tooLong: 'validation:phone.invalid' })
  .refine((value) => value === '' || isValidPhone(value), 'validation:phone.invalid')
  .transform((value) => (value === '' ? null : normalizePhone(value)))
  .optional();

export const contactMessageBody = z.object({
  name: required('validation:enquiry.name.required', ENQUIRY_LIMITS.name),
  email: emailField,
  /** Optional: staff call back when it is given. */
  phone: optionalPhone,
  topic: z.enum(CONTACT_TOPICS, { error: 'validation:enquiry.topic.required' }),
  message: textField({ max: ENQUIRY_LIMITS.message.max, trim: true, lines: 'many', required: 'validation:enquiry.message.required', tooLong: 'validation:enquiry.message.length' })
    .min(1, { error: 'validation:enquiry.message.required', abort: true })
    .min(ENQUIRY_LIMITS.message.min, 'validation:enquiry.message.length'),
  website: honeypot,
});
export type ContactMessageInput = z.input<typeof contactMessageBody>;
export type ContactMessage = z.output<typeof contactMessageBody>;

export const dealerApplicationBody = z.object({
  storeName: required('validation:enquiry.storeName.required', ENQUIRY_LIMITS.store),
  country: z.enum(DEALER_COUNTRIES, { error: 'validation:enquiry.country.required' }),
  /** A US state's code for a store in the USA; a province's name for one in China. */
  state: required('validation:enquiry.state.required', ENQUIRY_LIMITS.place),
  city: required('validation:enquiry.city.required', ENQUIRY_LIMITS.place),
  firstName: required('validation:enquiry.firstName.required', ENQUIRY_LIMITS.name),
  lastName: required('validation:enquiry.lastName.required', ENQUIRY_LIMITS.name),
  phone: phoneField,
  email: emailField,
  howHeard: z.enum(HOW_HEARD, { error: 'validation:enquiry.howHeard.required' }),
  whyInterested: textField({ max: ENQUIRY_LIMITS.reason.max, trim: true, lines: 'many', required: 'validation:enquiry.whyInterested.required', tooLong: 'validation:enquiry.whyInterested.length' })
    .min(1, { error: 'validation:enquiry.whyInterested.required', abort: true })
    .min(ENQUIRY_LIMITS.reason.min, 'validation:enquiry.whyInterested.length'),
  extra: textField({ max: ENQUIRY_LIMITS.extra, trim: true, lines: 'many', tooLong: 'validation:enquiry.extra.length' }).optional(),
  /** Spec section 6: "Dealers need a physical retail store": the applicant confirms it. */
  physicalStore: z.literal(true, { error: 'validation:enquiry.physicalStore.required' }),
  website: honeypot,
}).refine((value) => value.country !== 'US' || isUsState(value.state), {
  path: ['state'], message: 'validation:enquiry.state.required',
  // Said with the other fields' messages, not only once they all pass: the state is checked whenever it was typed.
  when: (payload) => {
    const v = payload.value as { country?: unknown; state?: unknown };
    return (DEALER_COUNTRIES as readonly unknown[]).includes(v.country) && typeof v.state === 'string' && v.state.trim() !== '';
  },
});
export type DealerApplicationInput = z.input<typeof dealerApplicationBody>;
export type DealerApplication = z.output<typeof dealerApplicationBody>;

const received = z.object({ reference: z.string() });

export const contactSend = defineEndpoint({
  id: 'contactSend', method: 'POST', path: `${PCAPP}/company/contact`,
  summary: 'Stores a message of the contact form for customer service and emails the sender a confirmation (limited per IP and email).',
  body: contactMessageBody, response: received,
});

export const dealerApply = defineEndpoint({
  id: 'dealerApply', method: 'POST', path: `${PCAPP}/company/agentApply`,
  summary: 'Stores a dealer application and emails a confirmation; one open application per email (90056 for a second).',
  body: dealerApplicationBody, response: received,
});

// ---- the staff console's inbox ---------------------------------------------------------------------------------------

export const INBOX_BOXES = ['contact', 'dealer'] as const;
export type InboxBox = (typeof INBOX_BOXES)[number];
export const ENQUIRY_STATES = ['open', 'closed'] as const;
export type EnquiryState = (typeof ENQUIRY_STATES)[number];

const inboxItem = z.object({
  box: z.enum(INBOX_BOXES),
  id: z.number().int(),
  reference: z.string(),
  state: z.enum(ENQUIRY_STATES),
  /** The sender: a contact's name, or a dealer's first and last names. */
  from: z.string(),
  email: z.string(),
  /** A contact message's topic; a dealer application's store name. */
  subject: z.string(),
  receivedAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItem>;

/** Messages or applications on a page of the staff inbox. */
export const INBOX_PAGE_SIZE = 50;

const boxField = z.enum(INBOX_BOXES, { error: 'validation:enquiry.box.invalid' });
const itemField = recordIdField('validation:record.invalid');

export const staffInbox = defineEndpoint({
  id: 'staffInbox', method: 'GET', path: `${STAFF_API}/inbox`, auth: 'staff',
  summary: `Contact messages or dealer applications, open or closed, newest first, ${INBOX_PAGE_SIZE} a page.`,
  query: z.object({
    box: boxField.default('contact'), status: z.enum(ENQUIRY_STATES, { error: 'validation:enquiry.status.invalid' }).default('open'),
    page: z.coerce.number().pipe(recordIdField('validation:page.invalid')).default(1),
  }),
  response: z.object({
    items: z.array(inboxItem), open: z.object({ contact: z.number().int(), dealer: z.number().int() }),
    /** Of the box and state asked for: how many in all, and which page of INBOX_PAGE_SIZE this is. */
    total: z.number().int(), page: z.number().int(), pageSize: z.number().int(),
  }),
});

export const staffInboxItem = defineEndpoint({
  id: 'staffInboxItem', method: 'GET', path: `${STAFF_API}/inbox/item`, auth: 'staff',
  summary: 'One contact message or dealer application in full (the view is logged).',
  query: z.object({ box: boxField, item: z.coerce.number().pipe(itemField) }),
  response: inboxItem.extend({
    phone: z.string().nullable(),
    lang: z.string(),
    /** Labelled facts in the order the form asked them (topic, store, country, ...): values as typed or as codes. */
    facts: z.array(z.object({ field: z.string(), value: z.string() })),
    /** The message, or why the dealer is interested and the optional extra. */
    text: z.array(z.object({ field: z.string(), value: z.string() })),
    log: z.array(z.object({ action: z.string(), staff: z.string(), at: z.string() })),
  }),
});
export type InboxDetail = z.infer<typeof staffInboxItem.response>;

export const staffInboxClose = defineEndpoint({
  id: 'staffInboxClose', method: 'POST', path: `${STAFF_API}/inbox/close`, auth: 'staff',
  summary: 'Marks a contact message or dealer application handled (closed); the action is logged.',
  body: z.object({ box: boxField, item: itemField }),
  response: inboxItem,
});
