/**
 * The host side of issue 18's form charts (machines/enquiryForm.machine.ts): each sends its form to the gateway,
 * `silent` because the chart shows what went wrong itself, on the form, with everything typed kept.
 */
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { contactSend, dealerApply, type ContactMessageInput, type DealerApplicationInput } from '../../contract/enquiries';
import { contactFormMachine, dealerApplicationMachine, type EnquiryValues } from '../../../machines/enquiryForm.machine';

export const contactFormFlow = contactFormMachine.provide({
  actors: {
    submit: fromPromise(({ input }: { input: { values: EnquiryValues } }) => call(contactSend, { body: input.values as unknown as ContactMessageInput, silent: true })),
  },
});

export const dealerApplicationFlow = dealerApplicationMachine.provide({
  actors: {
    submit: fromPromise(({ input }: { input: { values: EnquiryValues } }) => call(dealerApply, { body: input.values as unknown as DealerApplicationInput, silent: true })),
  },
});
