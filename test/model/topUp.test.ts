import { describe, expect, it } from 'vitest';
import { topUpBody, topUpProblems } from '../../machines/topUp.machine';
import { topUpModel } from '../../machines/models/topUp';
import { describeChartPaths } from './toolkit/describeChart';

describe('topUp chart paths', () => describeChartPaths(topUpModel));

describe('topUp rules (spec section 5: "amount integer 1-9999; number required and correct")', () => {
  const ok = { account: 'general', phone: '(626) 555-0100', amount: '20' } as const;
  it('accepts a whole amount from 1 to 9999 for a US number', () => {
    expect(topUpProblems(ok)).toEqual({});
    expect(topUpProblems({ ...ok, amount: '1' })).toEqual({});
    expect(topUpProblems({ ...ok, amount: '9999' })).toEqual({});
  });
  it.each([
    ['', 'validation:topUp.amountRequired'], ['0', 'validation:topUp.amountRange'], ['10000', 'validation:topUp.amountRange'],
    ['12.5', 'validation:topUp.amountInteger'], ['ten', 'validation:topUp.amountInteger'],
  ])('refuses the amount %j', (amount, message) => {
    expect(topUpProblems({ ...ok, amount }).amount).toEqual([message]);
  });
  it('needs a number, and a US one', () => {
    expect(topUpProblems({ ...ok, phone: '' }).phone).toEqual(['validation:topUp.phoneRequired']);
    expect(topUpProblems({ ...ok, phone: '13800138000' }).phone).toEqual(['validation:topUp.phoneInvalid']);
  });
  it('sends the amount as a number of dollars', () => {
    expect(topUpBody(ok)).toEqual({ account: 'general', phone: '(626) 555-0100', amount: 20 });
  });
});
