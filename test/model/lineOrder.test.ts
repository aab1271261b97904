import { describe, expect, it } from 'vitest';
import { lineOrderProblems } from '../../machines/lineOrder.machine';
import { bundleChangeModel, flowPacketModel, globalRenewalModel, OFFER, offersOf, roamPackModel } from '../../machines/models/lineOrder';
import { describeChartPaths } from './toolkit/describeChart';

describe('bundleChange chart paths', () => describeChartPaths(bundleChangeModel));
describe('flowPacket chart paths', () => describeChartPaths(flowPacketModel));
describe('roamPack chart paths', () => describeChartPaths(roamPackModel));
describe('globalRenewal chart paths', () => describeChartPaths(globalRenewalModel));

describe('line order form rules (spec section 5: "Terms must be accepted before ordering")', () => {
  const offers = offersOf('addOn');
  it('accepts an offer of the list with the terms accepted', () => {
    expect(lineOrderProblems({ offers, selection: { offerId: OFFER.id, months: 1, termsAccepted: true } })).toEqual({});
  });
  it('needs an offer of the list, and the terms', () => {
    expect(lineOrderProblems({ offers, selection: { offerId: null, months: 1, termsAccepted: false } }))
      .toEqual({ offer: 'validation:lineOrder.offer', terms: 'validation:terms.required' });
    expect(lineOrderProblems({ offers, selection: { offerId: 99, months: 1, termsAccepted: true } }).offer).toBe('validation:lineOrder.offer');
  });
});
