/**
 * Model of the SIM lifecycle (machines/simLifecycle.machine.ts): its guards read the event, so there is one payload
 * per guard branch: a physical card 90 days after its purchase, an eSIM whose QR has expired, and a card still inside
 * its window (which the chart refuses); an eSIM and a physical card provisioned.
 */
import { chartById } from '../index';
import type { ChartModel } from '../paths';

export const PURCHASED_AT = '2026-01-10T18:00:00.000Z';
/** 90 days after PURCHASED_AT, to the millisecond: "within 90 days of purchase" has run out. */
export const NINETY_DAYS_LATER = '2026-04-10T18:00:00.000Z';
export const QR_EXPIRES_AT = '2026-02-09T18:00:00.000Z';

export const EXPIRE = {
  physicalPast90Days: { simType: 'physical', purchasedAt: PURCHASED_AT, qrExpiresAt: null, at: NINETY_DAYS_LATER },
  esimQrExpired: { simType: 'esim', purchasedAt: PURCHASED_AT, qrExpiresAt: QR_EXPIRES_AT, at: QR_EXPIRES_AT },
  physicalWithinWindow: { simType: 'physical', purchasedAt: PURCHASED_AT, qrExpiresAt: null, at: '2026-04-10T17:59:59.999Z' },
} as const;

export const simLifecycleModel: ChartModel = {
  entry: chartById('simLifecycle')!,
  payloads: {
    'sim.activate': [{ activationId: 'ACT0000000001' }],
    'sim.provisioned': [{ simType: 'esim' }, { simType: 'physical' }],
    'sim.provisioningFailed': [{ failure: 'E911 address rejected' }],
    'sim.expire': [EXPIRE.physicalPast90Days, EXPIRE.esimQrExpired, EXPIRE.physicalWithinWindow],
    // Decision 0037: a replacement card takes its line over (or is cancelled unused); the old card stops.
    'sim.takeLine': [{ replacementId: 'RS0123456789AB' }],
    'sim.replaced': [{ replacementId: 'RS0123456789AB' }],
    'sim.voidReplacement': [{ replacementId: 'RS0123456789AB' }],
  },
};
