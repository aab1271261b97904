/**
 * The mobile network (our host carrier's provisioning and number-porting APIs): numbers to choose from by area code,
 * a line provisioned for a SIM, and port-in requests to the losing carrier, answered later in the carrier's own
 * words. Every request that changes something is idempotent by its requestId, as the real APIs' request ids are, so
 * a job that runs twice provisions and ports once. The port-in account number and PIN travel in clear only in
 * submitPortIn / correctPortIn (decision: src/server/activation/portInSecrets.ts keeps them encrypted at rest).
 */
import type { PortInReason } from '../../contract/activation';
import type { NetworkUsageRecord, UsageHourRequest } from './networkUsage';
import type { Db } from '../db/database';

export interface E911Address {
  country: 'US'; address1: string; address2: string | null; city: string; state: string; zip: string;
}

export interface ProvisionRequest {
  requestId: string;
  iccid: string;
  kind: 'us' | 'global';
  simType: 'physical' | 'esim';
  /** The reserved new number; null for a port-in (the line takes the ported number when the port completes) or a global SIM. */
  msisdn: string | null;
  e911: E911Address | null;
}

export interface PortInRequest {
  requestId: string;
  iccid: string;
  msisdn: string;
  carrier: string;
  accountNumber: string;
  pin: string;
  accountZip: string;
  /** The account holder's name when known; the losing carrier matches it when given. */
  accountName?: string;
}

export interface PortInCorrection {
  requestId: string;
  carrier: string;
  msisdn: string;
  accountNumber: string;
  pin: string;
  accountZip: string;
}

export type ProvisionState = { state: 'pending' | 'done' | 'failed'; failure?: string };
export type PortInStatus = {
  state: 'pending' | 'completed' | 'informationRequired' | 'declined';
  reason?: PortInReason;
  /** The losing carrier's own words. */
  carrierMessage?: string;
};

export interface NetworkAdapter {
  /** Free numbers in an area code (sandbox inventory), minus reserved/assigned; nearby area codes when none. */
  availableNumbers(areaCode: string, limit: number): Promise<{ numbers: string[]; nearbyAreaCodes: string[] }>;
  /** Reserves a free number for an ICCID; idempotent for the same ICCID; false when someone else holds it. */
  reserveNumber(msisdn: string, iccid: string): Promise<boolean>;
  /** Starts provisioning a line; idempotent by requestId. */
  provision(req: ProvisionRequest): Promise<{ ref: string }>;
  provisionStatus(ref: string): Promise<ProvisionState>;
  /** Port-in request to the losing carrier; idempotent by requestId. accountNumber/pin in clear only in this call. */
  submitPortIn(req: PortInRequest): Promise<{ ref: string }>;
  portInStatus(ref: string): Promise<PortInStatus>;
  /** Resubmits corrected details on the same port request; idempotent by requestId. */
  correctPortIn(ref: string, req: PortInCorrection): Promise<void>;
  /**
   * Changes the E911 address of a line's Wi-Fi calling; the network validates it at once (as the carriers' E911
   * address APIs do) and answers done or failed with its reason. Idempotent by requestId: the same request id answers
   * the first outcome.
   */
  updateE911(req: E911Update): Promise<ProvisionState & { state: 'done' | 'failed' }>;
  /**
   * The line's usage records (calls, texts, data) of one hour, as the network reports them. The same hour answers the
   * same records with the same references; data beyond `highSpeedLeftKb` went at 128 kbps. `connection`: the caller's
   * transaction, through which the sandbox reads its own state (which lines are barred), since the embedded database has
   * one connection and the collector holds it; a real network ignores it.
   */
  usageHour(req: UsageHourRequest, connection?: Db): Promise<NetworkUsageRecord[]>;
  /**
   * Issue 15: bars a line ("no service except 911 and 611": the network carries calls to those two numbers only) or
   * lifts the bar. Idempotent by requestId.
   */
  setBarring(req: { requestId: string; iccid: string; barred: boolean }): Promise<void>;
  isBarred(iccid: string): Promise<boolean>;
  /**
   * Issue 16, number keeping (decision 0035): keeps a line's number with the keeping allowance of each 30-day period from
   * `keeping.from` (calls and texts within it, no data), or (`keeping: null`) ends it, the line then as its bar says.
   * Idempotent by requestId.
   */
  setKeeping(req: KeepingRequest): Promise<void>;
  /**
   * Puts a roaming pack on a line (issue 15): the zone's destinations, talk-and-text or data, from startsAt to
   * expiresAt. Idempotent by requestId: the same request answers the same pack reference.
   */
  addRoamingPack(req: RoamingPackRequest): Promise<{ ref: string }>;
  /**
   * Issue 16, the US-China dual number: holds a China virtual number of the partner's inventory for a line. Idempotent
   * per line (the same line gets the number it holds); null when the inventory has none left (spec 120074).
   */
  holdChinaNumber(lineRef: string): Promise<string | null>;
  /**
   * Opens the held China number on the line (calls and texts to it reach the US number), pauses it, closes it (the
   * number stays the line's) or releases it to the inventory. Idempotent by requestId. Opening may be refused by the
   * China partner: `failed` with its reason (spec 120073).
   */
  setChinaNumber(req: ChinaNumberRequest): Promise<{ state: 'done' | 'failed'; failure?: string }>;
  /** The partner's view of a China number (null once released or never held). */
  chinaNumberState(number: string): Promise<{ lineRef: string; state: 'held' | 'open' | 'paused' | 'closed' } | null>;
  /**
   * Issue 16: a SIM change (physical to eSIM and back): the number now rides on `toIccid`; what the network keeps for the
   * line (its bar) follows. Idempotent by requestId.
   */
  moveNumber(req: { requestId: string; msisdn: string; fromIccid: string; toIccid: string }): Promise<void>;
}

export interface KeepingRequest {
  requestId: string;
  iccid: string;
  keeping: { from: Date; voiceSeconds: number; texts: number } | null;
}

export interface ChinaNumberRequest {
  requestId: string;
  lineRef: string;
  number: string;
  /** The US number calls and texts to the China number reach. */
  usMsisdn: string | null;
  state: 'open' | 'paused' | 'closed' | 'released';
}

export interface RoamingPackRequest {
  requestId: string;
  iccid: string;
  zone: string;
  roamingType: string;
  startsAt: Date;
  expiresAt: Date;
}

export interface E911Update {
  requestId: string;
  iccid: string;
  msisdn: string;
  e911: E911Address;
}

export class NetworkError extends Error {
  constructor(readonly code: 'UNKNOWN_REF' | 'INVALID_REQUEST', message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}
