import { describe, expect, it } from 'vitest';
import { changePasswordProblems } from '../../machines/changePassword.machine';
import { changePasswordModel, VALID } from '../../machines/models/index';
import { describeChartPaths } from './toolkit/describeChart';

describe('changePassword chart paths', () => describeChartPaths(changePasswordModel));

describe('changePassword rules (spec section 5)', () => {
  const base = { oldPassword: VALID.password, newPassword: VALID.newPassword, confirmPassword: VALID.newPassword, captcha: VALID.captcha };
  it('accepts a new password that follows every rule', () => {
    expect(changePasswordProblems(base)).toEqual({});
  });
  it('"new must differ from old"', () => {
    expect(changePasswordProblems({ ...base, newPassword: VALID.password, confirmPassword: VALID.password }).newPassword).toContain('validation:password.sameAsOld');
  });
  it('"must match confirmation"', () => {
    expect(changePasswordProblems({ ...base, confirmPassword: 'Other#1234x' }).confirmPassword).toContain('validation:password.mismatch');
  });
  it('"no keyboard-sequence passwords"', () => {
    expect(changePasswordProblems({ ...base, newPassword: 'Qwer#1234x', confirmPassword: 'Qwer#1234x' }).newPassword).toContain('validation:password.sequence');
  });
});
