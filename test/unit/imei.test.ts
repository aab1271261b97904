import { describe, expect, it } from 'vitest';
import { imeiDigits, imeiProblem, tacOf } from '../../src/domain/imei';
import { brandMatches } from '../../src/domain/devices';
import { phoneCheckRequest } from '../../src/contract/phoneCheck';

describe('IMEI (spec section 5: 15-17 digits; the Luhn check digit on 15-digit IMEIs)', () => {
  it.each([
    ['490154203237518', null],
    ['354672141234565', null],
    ['35 467214 123456 5', null],
    ['35-467214-123456-5', null],
    ['354672141234566', 'checkDigit'],
    ['490154203237519', 'checkDigit'],
    ['3546721412345', 'length'],
    ['35467214123456', 'length'],
    ['354672141234565123', 'length'],
    ['3546721412345601', null],
    ['35467214123456012', null],
    ['35467214123456A', 'digits'],
    ['', 'required'],
    ['  ', 'required'],
  ])('%j: %s', (typed, problem) => {
    expect(imeiProblem(typed)).toBe(problem);
  });

  it('a 16-digit IMEISV carries no check digit: any last digits pass', () => {
    for (const sv of ['3546721412345600', '3546721412345699']) expect(imeiProblem(sv)).toBeNull();
  });

  it('the TAC is the first 8 digits of what was typed, separators dropped', () => {
    expect(imeiDigits(' 35 467214 123456 5 ')).toBe('354672141234565');
    expect(tacOf('35-467214-123456-5')).toBe('35467214');
  });

  it('the request schema keeps the digits and names the problem by its i18n key', () => {
    expect(phoneCheckRequest.parse({ brand: ' Apple ', model: 'iPhone 15', imei: '35 467214 123456 5' })).toEqual({ brand: 'Apple', model: 'iPhone 15', imei: '354672141234565' });
    const refused = phoneCheckRequest.safeParse({ brand: 'Apple', model: 'iPhone 15', imei: '354672141234566' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['imei', 'validation:imei.checkDigit']]);
  });
});

describe('the brand typed, in any of the three languages', () => {
  it.each([['Apple', 'Apple', true], ['apple', 'Apple', true], ['苹果', 'Apple', true], ['蘋果', 'Apple', true], ['华为', 'Huawei', true],
    ['Samsung', 'Apple', false], ['小米', 'Xiaomi', true], ['OPPO', 'OPPO', true], ['一加', 'OnePlus', true]])('%s names %s: %s', (typed, brand, same) => {
    expect(brandMatches(typed, brand)).toBe(same);
  });
});
