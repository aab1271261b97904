import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { simLifecycleMachine, type SimLifecycleEvent } from '../../machines/simLifecycle.machine';
import { EXPIRE, simLifecycleModel } from '../../machines/models/simLifecycle';
import { describeChartPaths } from './toolkit/describeChart';

describe('simLifecycle chart paths', () => describeChartPaths(simLifecycleModel));

const step = (from: AnyMachineSnapshot, event: SimLifecycleEvent) => transition(simLifecycleMachine, from, event)[0];
type ExpireFacts = Omit<Extract<SimLifecycleEvent, { type: 'sim.expire' }>, 'type'>;
const expire = (facts: ExpireFacts): SimLifecycleEvent => ({ type: 'sim.expire', ...facts });

describe('simLifecycle rules (spec section 4: "SIM status: inactive, activating, activated, expired")', () => {
  const [inactive] = initialTransition(simLifecycleMachine);
  const activating = step(inactive, { type: 'sim.activate', activationId: 'ACT1' });

  it('"Physical SIM must be activated within 90 days of purchase": expires at 90 days, not a millisecond before', () => {
    expect(inactive.can(expire(EXPIRE.physicalWithinWindow))).toBe(false);
    expect(step(inactive, expire(EXPIRE.physicalPast90Days)).value).toBe('expired');
  });

  it('"eSIM QR valid 30 days": an eSIM expires when its QR does; the physical rule does not apply to it', () => {
    expect(step(inactive, expire(EXPIRE.esimQrExpired)).value).toBe('expired');
    // 90 days after purchase, but the QR is still valid: the eSIM stays.
    const esimQrValid: ExpireFacts = { ...EXPIRE.physicalPast90Days, simType: 'esim', qrExpiresAt: '2026-05-01T00:00:00.000Z' };
    expect(inactive.can(expire(esimQrValid))).toBe(false);
    // A physical card's limit is its purchase, whatever QR fields come along.
    expect(inactive.can(expire({ ...EXPIRE.esimQrExpired, simType: 'physical' }))).toBe(false);
  });

  it('only an inactive card expires: an activation under way or done is never expired by the clock', () => {
    expect(activating.can(expire(EXPIRE.physicalPast90Days))).toBe(false);
    const activated = step(activating, { type: 'sim.provisioned', simType: 'physical' });
    expect(activated.can(expire(EXPIRE.physicalPast90Days))).toBe(false);
    const expired = step(inactive, expire(EXPIRE.physicalPast90Days));
    expect(expired.status).toBe('done');
    expect(expired.can({ type: 'sim.activate', activationId: 'ACT2' })).toBe(false);
  });

  it('a provisioning failure leaves the card inactive, to be activated again', () => {
    const failed = step(activating, { type: 'sim.provisioningFailed', failure: 'E911 address rejected' });
    expect(failed.value).toBe('inactive');
    expect(failed.can({ type: 'sim.activate', activationId: 'ACT2' })).toBe(true);
  });

  it('"Converting physical to eSIM voids the physical card; the number is unchanged and conversion can go back"', () => {
    const physical = step(activating, { type: 'sim.provisioned', simType: 'physical' });
    expect(physical.value).toEqual({ activated: 'physical' });
    const converted = step(physical, { type: 'sim.convertToEsim' });
    expect(converted.value).toEqual({ activated: 'convertedToEsim' });
    expect(converted.can({ type: 'sim.convertToEsim' })).toBe(false);
    expect(step(converted, { type: 'sim.revertConversion' }).value).toEqual({ activated: 'physical' });
  });

  it('an eSIM is activated as an eSIM and has no physical card to convert', () => {
    const esim = step(activating, { type: 'sim.provisioned', simType: 'esim' });
    expect(esim.value).toEqual({ activated: 'esim' });
    expect(esim.can({ type: 'sim.convertToEsim' })).toBe(false);
    expect(esim.can({ type: 'sim.revertConversion' })).toBe(false);
  });
});
