/**
 * The public forms of issue 18 that send one request and confirm it: the contact form of /aboutUs/contactUs and the
 * dealer application of /agent. One chart shape, made twice with each form's schema (src/contract/enquiries.ts) and
 * the rule it implements: editing (nothing typed is ever lost), sending, sent (with the reference to quote), or failed
 * (the form kept, sent again when the customer asks).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Schema } from '../src/contract/endpoint';
import { contactMessageBody, dealerApplicationBody } from '../src/contract/enquiries';
import { toProblem, type Problem } from './login.machine';

export type EnquiryValues = Record<string, string | boolean>;
export interface EnquiryFormContext {
  values: EnquiryValues;
  fieldErrors: Partial<Record<string, string[]>>;
  problem: Problem | null;
  reference: string | null;
}
export type EnquiryFormEvent =
  | { type: 'fields.change'; values: EnquiryValues }
  | { type: 'form.submit' }
  | { type: 'form.again' };

/** Every message of each field the schema refuses, by the field's name (the request's top-level key). */
export function fieldProblems(schema: Schema, values: EnquiryValues): Partial<Record<string, string[]>> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: Partial<Record<string, string[]>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'request');
    const list = (out[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

/** Answers that are about what was typed: shown on the form, which stays as it was (the gateway's validation, 90056). */
const INPUT_REFUSALS = new Set(['validation', '90056']);

interface FormRules {
  id: 'contactForm' | 'dealerApplication';
  schema: Schema;
  initial: EnquiryValues;
  /** The rule the chart implements, quoted. */
  source: string;
  /** What "sent" means for this form, quoted. */
  sent: string;
  /** What sending does on the gateway. */
  sending: string;
  /** After "sent", what a new form keeps (the contact details of whoever sends another message). */
  keepForAnother: readonly string[];
}

function enquiryFormMachine(rules: FormRules) {
  return setup({
    types: { context: {} as EnquiryFormContext, events: {} as EnquiryFormEvent },
    actors: {
      submit: fromPromise<{ reference: string }, { values: EnquiryValues }>(() => Promise.reject(new Error('provided by the host'))),
    },
    guards: {
      formValid: ({ context }) => rules.schema.safeParse(context.values).success,
      refusedInput: ({ event }) => INPUT_REFUSALS.has(toProblem((event as { error?: unknown }).error).code),
    },
    actions: {
      rememberTyping: assign(({ context, event }) => {
        if (event.type !== 'fields.change') return {};
        const fieldErrors = { ...context.fieldErrors };
        for (const field of Object.keys(event.values)) delete fieldErrors[field];
        return { values: { ...context.values, ...event.values }, fieldErrors };
      }),
      markFields: assign(({ context }) => ({ fieldErrors: fieldProblems(rules.schema, context.values), problem: null })),
      clearProblem: assign({ problem: null, fieldErrors: {} }),
      showProblem: assign({ problem: ({ event }) => toProblem((event as { error?: unknown }).error) }),
      keepReference: assign({ reference: ({ event }) => (event as unknown as { output: { reference: string } }).output.reference, problem: null }),
      startAnother: assign(({ context }) => ({
        values: { ...rules.initial, ...Object.fromEntries(rules.keepForAnother.map((k) => [k, context.values[k] ?? rules.initial[k]!])) },
        fieldErrors: {}, problem: null, reference: null,
      })),
    },
  }).createMachine({
    id: rules.id,
    description: rules.source,
    context: { values: { ...rules.initial }, fieldErrors: {}, problem: null, reference: null },
    initial: 'editing',
    states: {
      editing: {
        description: `${rules.source} Issue 18: "validation by shared zod schemas with messages in the user's language; nothing typed is lost on errors".`,
        on: {
          'fields.change': { actions: 'rememberTyping', description: 'Issue 18: nothing typed is lost; a field\'s message goes when it is typed again.' },
          'form.submit': [
            { guard: 'formValid', target: 'sending', actions: 'clearProblem', description: 'Every field passes the shared schema: the form is sent.' },
            { actions: 'markFields', description: 'Issue 18: each refused field says why, in the page\'s language (the schema the gateway uses too).' },
          ],
        },
      },
      sending: {
        description: `Technical: ${rules.sending}`,
        tags: ['busy', 'technical'],
        invoke: {
          id: 'submit', src: 'submit', input: ({ context }) => ({ values: context.values }),
          onDone: { target: 'sent', actions: 'keepReference', description: 'Stored: the page confirms it with the reference to quote.' },
          onError: [
            { guard: 'refusedInput', target: 'editing', actions: 'showProblem', description: 'The gateway refused what was typed (its validation, or spec section 8\'s 90056 "already submitted"): said on the form, everything kept.' },
            { target: 'failed', actions: 'showProblem', description: 'Issue 18: a limit reached (429), the network or the gateway failed: said, and nothing typed is lost.' },
          ],
        },
      },
      failed: {
        description: 'Issue 18: "nothing typed is lost on errors": the form as it was, with what went wrong and the way to send it again.',
        on: {
          'fields.change': { target: 'editing', actions: 'rememberTyping', description: 'Issue 18: the customer corrects the form; nothing is lost.' },
          // The form is as it was sent (it passed the schema then); a change goes back to editing first.
          'form.submit': { target: 'sending', actions: 'clearProblem', description: 'Sent again, as it is.' },
        },
      },
      sent: {
        description: rules.sent,
        on: { 'form.again': { target: 'editing', actions: 'startAnother', description: 'Issue 18: another message, the sender\'s details kept.' } },
      },
    },
  });
}

export const CONTACT_INITIAL: EnquiryValues = { name: '', email: '', phone: '', topic: '', message: '', website: '' };
export const DEALER_INITIAL: EnquiryValues = {
  storeName: '', country: 'US', state: '', city: '', firstName: '', lastName: '', phone: '', email: '',
  howHeard: '', whyInterested: '', extra: '', physicalStore: false, website: '',
};

export const contactFormMachine = enquiryFormMachine({
  id: 'contactForm',
  schema: contactMessageBody,
  initial: CONTACT_INITIAL,
  source: 'Issue 18: "/aboutUs/contactUs: ... a contact form that reaches the staff console"; spec section 1: "Customer service is reachable 24/7 in English, Mandarin and Cantonese".',
  sending: 'the message is stored for the staff inbox and the confirmation email queued, limited per IP and per email.',
  sent: 'Issue 18: the message is stored and in the staff console\'s inbox; "the sender gets a confirmation email in their language".',
  keepForAnother: ['name', 'email', 'phone'],
});

export const dealerApplicationMachine = enquiryFormMachine({
  id: 'dealerApplication',
  schema: dealerApplicationBody,
  initial: DEALER_INITIAL,
  source: 'Spec section 3: "Dealer application: store name, country (USA or China), state, city, names, phone, email, how heard, why interested, optional extra"; spec section 6: "Dealers need a physical retail store".',
  sending: 'the application is stored (one open application per email) and the confirmation email queued, limited per IP and per email.',
  sent: 'Issue 18: the application is "stored, listed in the staff console, confirmed by email".',
  keepForAnother: [],
});
