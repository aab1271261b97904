import { describe, expect, it } from 'vitest';
import { isValidPhone, normalizePhone } from '../../src/domain/phone';

describe('normalizePhone: one number however it is written', () => {
  it.each([
    '6265550142', '626 555 0142', '626-555-0142', '(626) 555-0142', '626.555.0142', '+1 626 555 0142', '+16265550142',
    '+1 (626) 555-0142', '1-626-555-0142', '1 (626) 555-0142', '1 626 555 0142', '1.626.555.0142', ' 626-555-0142 ',
  ])('%s is 6265550142', (written) => {
    expect(normalizePhone(written)).toBe('6265550142');
    expect(isValidPhone(written)).toBe(true);
  });

  it('11 bare digits starting 1 are a US number unless they read as a China mobile', () => {
    expect(normalizePhone('12125550100')).toBe('2125550100');
    expect(normalizePhone('16265550142')).toBe('16265550142');
  });

  it.each(['13800138000', '138 0013 8000', '138-0013-8000', '+86 138 0013 8000', '+8613800138000'])('%s is the China mobile 13800138000', (written) => {
    expect(normalizePhone(written)).toBe('13800138000');
    expect(isValidPhone(written)).toBe(true);
  });
});
