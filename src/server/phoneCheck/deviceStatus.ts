/**
 * Whether an IMEI is locked to another carrier or blocked (reported lost or stolen). A carrier asks a registry for
 * this (the GSMA Device Check, and the carrier a phone is locked to); the sandbox answers from a short documented
 * list (README "Phone check", decision 0038), so a person trying the page can see each answer.
 */
export type DeviceStatus = 'clear' | 'locked' | 'blocked';

export interface DeviceStatusSource {
  statusOf(imei: string): Promise<DeviceStatus>;
}

/** The sandbox's IMEIs: Luhn-valid, on TACs of the sample device table. */
export const SANDBOX_DEVICE_STATUS: ReadonlyMap<string, Exclude<DeviceStatus, 'clear'>> = new Map([
  // iPhone 14 (A2649), still locked to the carrier it was bought from.
  ['353250110000175', 'locked'],
  // Galaxy S24 (SM-S921U), reported lost or stolen.
  ['356184209000423', 'blocked'],
  // Pixel 8, reported stolen.
  ['358021110000167', 'blocked'],
]);

/** The 15-digit IMEI an IMEISV (16 digits) or a 17-digit entry names: its first 14 digits are the IMEI's. */
const imeiKey = (imei: string) => imei.slice(0, 14);

export const sandboxDeviceStatus: DeviceStatusSource = {
  async statusOf(imei) {
    for (const [listed, status] of SANDBOX_DEVICE_STATUS) if (imeiKey(listed) === imeiKey(imei)) return status;
    return 'clear';
  },
};
