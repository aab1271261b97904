import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, profileProblems } from '../../machines/profile.machine';
import { cardEntryProblems } from '../../machines/bankCards.machine';
import { passwordBySmsProblems } from '../../machines/passwordBySms.machine';
import { bankCardsModel, passwordBySmsModel, PROFILE_FIXTURE, profileModel } from '../../machines/models/profile';
import { describeChartPaths } from './toolkit/describeChart';

describe('profile chart paths', () => describeChartPaths(profileModel));
describe('passwordBySms chart paths', () => describeChartPaths(passwordBySmsModel));
describe('bankCards chart paths', () => describeChartPaths(bankCardsModel));

describe('my information rules (spec section 5)', () => {
  const draft = draftOf(PROFILE_FIXTURE);
  it('accepts the account as it is', () => {
    expect(profileProblems(draft, true)).toEqual({});
  });
  it('"English name fields letters only; Chinese name fields Chinese only"', () => {
    expect(profileProblems({ ...draft, firstNameEn: 'Mei2' }, true).firstNameEn).toEqual(['validation:nameEn.letters']);
    expect(profileProblems({ ...draft, lastNameZh: 'Chen' }, true).lastNameZh).toEqual(['validation:nameZh.chinese']);
  });
  it('"US zip 5 digits and matches state"', () => {
    expect(profileProblems({ ...draft, zip: '10001' }, true).zip).toEqual(['validation:zip.state']);
  });
  it('"Birthday required, not changeable after submit": asked while unset, never sent once set', () => {
    expect(profileProblems({ ...draft, birthday: '' }, false).birthday).toEqual(['validation:birthday.required']);
    expect(bodyOf({ ...draft, birthday: '2001-01-01' }, true)).not.toHaveProperty('birthday');
  });
  it('the billing address is optional as a whole', () => {
    const none = { ...draft, address1: '', city: '', state: '', zip: '' };
    expect(bodyOf(none, true).billing).toBeNull();
    expect(profileProblems(none, true)).toEqual({});
  });
});

describe('card entry and SMS password rules (spec section 5)', () => {
  it('"holder name English letters, first then last, only space or hyphen"', () => {
    expect(cardEntryProblems({ cardholderName: 'Mei' }).cardholderName).toEqual(['validation:cardholder.letters']);
    expect(cardEntryProblems({ cardholderName: '' }).cardholderName).toEqual(['validation:cardholder.required']);
    expect(cardEntryProblems({ cardholderName: 'Mei-Ling Chen' })).toEqual({});
  });
  it('"must match confirmation" and the code is 6 digits', () => {
    const problems = passwordBySmsProblems({ code: '12', newPassword: 'Lb#7road$Kite', confirmPassword: 'other' });
    expect(problems.code).toEqual(['validation:code.invalid']);
    expect(problems.confirmPassword).toEqual(['validation:password.mismatch']);
  });
});
