import { describe, expect, it } from 'vitest';
import { cardholderNameFrom } from '../../src/domain/names';

describe('the cardholder name the buyer\'s English name makes (spec section 5: "first then last, only space or hyphen")', () => {
  it('is the first then the last name, spaces tidied', () => {
    expect(cardholderNameFrom('Mei', 'Lin')).toBe('Mei Lin');
    expect(cardholderNameFrom(' Mary-Ann ', ' De  La Cruz ')).toBe('Mary-Ann De La Cruz');
  });

  it('is empty when it would not pass the rule, so the buyer types it', () => {
    expect(cardholderNameFrom("Conan", "O'Brien")).toBe('');
    expect(cardholderNameFrom('Mei', '')).toBe('');
    expect(cardholderNameFrom('', '')).toBe('');
  });
});
