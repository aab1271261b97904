/** Models of issue 18's charts: the contact form, the dealer application (one payload per guard branch) and the enquiry. */
import { chartById } from '../index';
import type { ChartModel } from '../paths';
import { contactMessageBody, dealerApplicationBody } from '../../src/contract/enquiries';
import type { EnquiryValues } from '../enquiryForm.machine';

const apiError = (code: string, status = 422) => ({ code, message: '', status });

export const VALID_CONTACT: EnquiryValues = {
  name: 'Mei Lin', email: 'mei.lin@example.com', phone: '', topic: 'activation', message: 'My eSIM QR code has not arrived yet.', website: '',
};
export const VALID_DEALER: EnquiryValues = {
  storeName: 'Golden Phone Repair', country: 'US', state: 'CA', city: 'San Gabriel', firstName: 'Wei', lastName: 'Zhang',
  phone: '6265550142', email: 'wei.zhang@example.com', howHeard: 'friend', whyInterested: 'Many of our customers are students from China.',
  extra: '', physicalStore: true, website: '',
};

const formModel = (id: 'contactForm' | 'dealerApplication', valid: EnquiryValues, schema: typeof contactMessageBody | typeof dealerApplicationBody, duplicate: boolean): ChartModel => ({
  entry: chartById(id)!,
  abstractContext: (c: { values: EnquiryValues }) => ({ valid: schema.safeParse(c.values).success }),
  payloads: {
    'fields.change': [{ values: valid }, { values: { email: 'not-an-email' } }],
    'done:submit': [{ output: { reference: 'C-7K3M9Q2P' } }],
    'error:submit': [duplicate ? { error: apiError('90056', 409) } : { error: apiError('validation', 400) }, { error: apiError('rateLimited', 429) }],
  },
});

export const contactFormModel = formModel('contactForm', VALID_CONTACT, contactMessageBody, false);
export const dealerApplicationModel = formModel('dealerApplication', VALID_DEALER, dealerApplicationBody, true);

export const enquiryModel: ChartModel = {
  entry: chartById('enquiry')!,
  payloads: { 'enquiry.close': [{ staff: 'reviewer@linkbridge.test' }] },
};
