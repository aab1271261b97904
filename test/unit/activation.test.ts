import { describe, expect, it } from 'vitest';
import { orderActivationStatus } from '../../src/domain/activation';

describe("an order's activation status from its SIMs", () => {
  it('is the furthest any SIM got: one activated line shows the order activated', () => {
    expect(orderActivationStatus(['inactive', 'activated', 'activating'])).toBe('activated');
    expect(orderActivationStatus(['inactive', 'activating'])).toBe('activating');
    expect(orderActivationStatus(['expired', 'activating'])).toBe('activating');
  });

  it('is expired only when every SIM expired, and inactive before any SIM exists', () => {
    expect(orderActivationStatus(['expired', 'expired'])).toBe('expired');
    expect(orderActivationStatus(['expired', 'inactive'])).toBe('inactive');
    expect(orderActivationStatus([])).toBe('inactive');
  });
});
