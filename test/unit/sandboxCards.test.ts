import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../screens/money/sandboxCards';
import { TEST_CARDS } from '../../src/server/adapters/payments/testValues';

describe('the payment test page lists what the payment sandbox does', () => {
  it.each(SANDBOX_TEST_CARDS.map((c) => [c.scenario, c] as const))('%s', (_scenario, listed) => {
    const same = Object.values(TEST_CARDS).find((c) => c.number === listed.number && c.cvv === listed.cvv && c.exp === listed.exp
      && (listed.postalCode === null || c.postalCode === listed.postalCode) && c.scenario === listed.scenario);
    expect(same, JSON.stringify(listed)).toBeDefined();
  });
});
