/** Models of the PROFILE charts (issue 14): my information, the password by SMS code, the bank cards. */
import { chartById, type ChartEntry } from '../index';
import type { ProfileContext } from '../profile.machine';
import { profileProblems } from '../profile.machine';
import { passwordBySmsProblems, type PasswordBySmsContext } from '../passwordBySms.machine';
import { cardEntryProblems, type BankCardsContext } from '../bankCards.machine';
import { newEmailField } from '../../src/contract/profile';
import { smsCodeField } from '../../src/contract/fields';
import type { CardsData, ProfileData } from '../../src/contract/profile';
import type { ChartModel } from '../paths';

const entry = (id: string): ChartEntry => {
  const found = chartById(id);
  if (!found) throw new Error(`chart ${id} is not registered in machines/index.ts`);
  return found;
};

const apiError = (code: string, status = 400) => ({ code, message: '', status });

export const PROFILE_FIXTURE: ProfileData = {
  username: '6265550100', phone: '6265550100', firstNameEn: 'Mei', lastNameEn: 'Chen', firstNameZh: '美', lastNameZh: '陈',
  email: 'mei@example.com', contactPhone: '6265550100', birthday: '1990-05-17',
  billing: { country: 'US', address1: '100 Main St', address2: null, city: 'Los Angeles', state: 'CA', zip: '90012' },
  student: null,
  referral: { code: 'K7QP', link: 'http://localhost:8080/?recommendCode=K7QP', bonusCents: 1500, count: 1 },
};

export const profileModel: ChartModel = {
  entry: entry('profile'),
  abstractContext: (c: ProfileContext) => ({
    info: Object.keys(profileProblems(c.draft, Boolean(c.profile?.birthday))).length === 0,
    email: newEmailField.safeParse(c.newEmail).success,
    code: smsCodeField.safeParse(c.emailCode).success,
  }),
  payloads: {
    'done:loadProfile': [{ output: PROFILE_FIXTURE }],
    'error:loadProfile': [{ error: apiError('http', 502) }],
    'field.change': [{ field: 'firstNameEn', value: 'Mei1' }, { field: 'firstNameEn', value: 'Lin' }],
    'done:saveProfile': [{ output: PROFILE_FIXTURE }],
    'error:saveProfile': [{ error: apiError('birthdaySet', 409) }],
    'email.type': [{ value: 'mei.new@example.com' }, { value: 'not-an-email' }],
    'code.type': [{ value: '123456' }, { value: '12' }],
    'done:sendEmailCode': [{ output: { resendAfterSeconds: 60, expiresInSeconds: 300 } }],
    'error:sendEmailCode': [{ error: apiError('rateLimited', 429) }],
    'done:changeEmail': [{ output: { ...PROFILE_FIXTURE, email: 'mei.new@example.com' } }],
    'error:changeEmail': [{ error: apiError('codeWrong') }],
  },
};

const NEW_PASSWORD = 'Lb#7road$Kite';

export const passwordBySmsModel: ChartModel = {
  entry: entry('passwordBySms'),
  abstractContext: (c: PasswordBySmsContext) => ({
    code: c.code === '123456', password: c.newPassword === NEW_PASSWORD, confirm: c.confirmPassword === NEW_PASSWORD,
    valid: Object.keys(passwordBySmsProblems(c)).length === 0,
  }),
  payloads: {
    'field.change': [
      { field: 'code', value: '123456' }, { field: 'newPassword', value: NEW_PASSWORD }, { field: 'confirmPassword', value: NEW_PASSWORD },
    ],
    'done:sendPasswordCode': [{ output: { phoneMasked: '******0100', resendAfterSeconds: 60, expiresInSeconds: 300 } }],
    'error:sendPasswordCode': [{ error: apiError('rateLimited', 429) }],
    'done:resetPassword': [{ output: { changed: true } }],
    'error:resetPassword': [{ error: apiError('codeWrong') }],
  },
};

export const CARDS_FIXTURE: CardsData = {
  cards: [
    { id: 1, brand: 'visa', last4: '1111', expMonth: 12, expYear: 2030, holderName: 'Mei Chen', isDefault: true, billingZip: '90012' },
    { id: 2, brand: 'mastercard', last4: '5100', expMonth: 11, expYear: 2031, holderName: 'Mei Chen', isDefault: false, billingZip: '90012' },
  ],
  renewalCardId: 1,
};

export const bankCardsModel: ChartModel = {
  entry: entry('bankCards'),
  abstractContext: (c: BankCardsContext) => ({
    entry: Object.keys(cardEntryProblems(c)).length === 0, cards: c.cards !== null,
  }),
  payloads: {
    'done:loadCards': [{ output: CARDS_FIXTURE }],
    'error:loadCards': [{ error: apiError('http', 502) }],
    'card.makeDefault': [{ cardId: 2 }],
    'card.remove': [{ cardId: 1 }, { cardId: 2 }],
    'field.change': [{ field: 'cardholderName', value: 'Mei Chen' }],
    'cardForm.failed': [{ error: apiError('http', 502) }],
    'cardForm.tokenized': [{ token: 'cnon:card-token', details: { card: { brand: 'VISA', last4: '1111', expMonth: 12, expYear: 2030 }, billing: { postalCode: '90012' } } }],
    'cardForm.invalid': [{ errors: [{ field: 'cardNumber', type: 'checkDigit', message: 'Check the card number.' }] }],
    'cardForm.error': [{ message: 'The card form is not available.' }],
    'done:addCard': [{ output: CARDS_FIXTURE }],
    'error:addCard': [{ error: apiError('120106', 422) }],
    'done:setDefaultCard': [{ output: CARDS_FIXTURE }],
    'error:setDefaultCard': [{ error: apiError('http', 502) }],
    'done:removeCard': [{ output: CARDS_FIXTURE }],
    'error:removeCard': [{ error: apiError('cardPaysRenewal', 409) }],
  },
};
