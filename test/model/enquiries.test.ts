import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { contactFormMachine, dealerApplicationMachine, fieldProblems } from '../../machines/enquiryForm.machine';
import { enquiryMachine } from '../../machines/enquiry.machine';
import { contactFormModel, dealerApplicationModel, enquiryModel, VALID_CONTACT, VALID_DEALER } from '../../machines/models/enquiries';
import { contactMessageBody, dealerApplicationBody } from '../../src/contract/enquiries';
import { describeChartPaths } from './toolkit/describeChart';

describe('contactForm chart paths', () => describeChartPaths(contactFormModel));
describe('dealerApplication chart paths', () => describeChartPaths(dealerApplicationModel));
describe('enquiry chart paths', () => describeChartPaths(enquiryModel));

describe('editing (issue 18: "validation by shared zod schemas ... nothing typed is lost on errors")', () => {
  it('names every refused field with the schema\'s own message keys', () => {
    expect(fieldProblems(contactMessageBody, { ...VALID_CONTACT, name: ' ', message: 'short', phone: '123' })).toEqual({
      name: ['validation:enquiry.name.required'], message: ['validation:enquiry.message.length'], phone: ['validation:phone.invalid'],
    });
    expect(fieldProblems(dealerApplicationBody, { ...VALID_DEALER, physicalStore: false, state: 'Guangdong' })).toEqual({
      physicalStore: ['validation:enquiry.physicalStore.required'], state: ['validation:enquiry.state.required'],
    });
    // In China the state is the province, as typed.
    expect(fieldProblems(dealerApplicationBody, { ...VALID_DEALER, country: 'CN', state: '广东省', phone: '13912345678' })).toEqual({});
  });

  it('a failed send keeps the form as typed, and the same form goes again when asked', async () => {
    const sent: unknown[] = [];
    let fail = true;
    const actor = createActor(contactFormMachine.provide({
      actors: { submit: fromPromise(async ({ input }) => { sent.push(input); if (fail) throw { code: 'http', message: '', status: 502 }; return { reference: 'C-2' }; }) },
    })).start();
    actor.send({ type: 'fields.change', values: VALID_CONTACT });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.values).toEqual(VALID_CONTACT);
    expect(actor.getSnapshot().context.problem?.status).toBe(502);
    fail = false;
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(sent).toEqual([{ values: VALID_CONTACT }, { values: VALID_CONTACT }]);
    expect(actor.getSnapshot().context.reference).toBe('C-2');
    // Another message keeps who sends it, not what was said.
    actor.send({ type: 'form.again' });
    expect(actor.getSnapshot().context.values).toMatchObject({ name: VALID_CONTACT.name, email: VALID_CONTACT.email, message: '', topic: '' });
  });

  it('a second open application (90056) stays on the form, with what was typed', async () => {
    const actor = createActor(dealerApplicationMachine.provide({
      actors: { submit: fromPromise<{ reference: string }, { values: Record<string, string | boolean> }>(async () => { throw { code: '90056', message: 'This has already been submitted.', status: 409 }; }) },
    })).start();
    actor.send({ type: 'fields.change', values: VALID_DEALER });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.problem !== null);
    expect(actor.getSnapshot().context).toMatchObject({ values: VALID_DEALER, problem: { code: '90056' } });
  });

  it('an invalid form is not sent: its fields say why, and typing a field clears its own message only', () => {
    const actor = createActor(dealerApplicationMachine).start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(Object.keys(actor.getSnapshot().context.fieldErrors).sort()).toEqual(
      ['city', 'email', 'firstName', 'howHeard', 'lastName', 'phone', 'physicalStore', 'state', 'storeName', 'whyInterested'],
    );
    actor.send({ type: 'fields.change', values: { city: 'Flushing' } });
    expect(actor.getSnapshot().context.fieldErrors.city).toBeUndefined();
    expect(actor.getSnapshot().context.fieldErrors.storeName).toEqual(['validation:enquiry.storeName.required']);
  });
});

describe('enquiry lifecycle (issue 18: staff mark it handled)', () => {
  it('starts open, closes once, and a closed one takes nothing more', () => {
    const [open] = initialTransition(enquiryMachine);
    expect(open.value).toBe('open');
    const [closed] = transition(enquiryMachine, open, { type: 'enquiry.close', staff: 'reviewer@linkbridge.test' });
    expect(closed.value).toBe('closed');
    expect(closed.status).toBe('done');
    expect(closed.can({ type: 'enquiry.close', staff: 'x' })).toBe(false);
  });
});
