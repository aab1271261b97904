/**
 * The part of the network adapter (S1's src/server/adapters/network.ts, `deps.network`) that activation's requests
 * use: the number inventory. Read through here so a gateway started without the adapter fails loudly, by name.
 */
import type { Deps } from '../context';
import { GatewayError } from '../http/errors';

export interface NumberInventory {
  /** Free numbers in an area code, minus reserved/assigned; nearby area codes when none. */
  availableNumbers(areaCode: string, limit: number): Promise<{ numbers: string[]; nearbyAreaCodes: string[] }>;
  /** Reserves a free number for an ICCID; idempotent for the same ICCID; false when someone else holds it. */
  reserveNumber(msisdn: string, iccid: string): Promise<boolean>;
}

export function networkOf(deps: Deps): NumberInventory {
  const network = (deps as Deps & { network?: NumberInventory }).network;
  if (!network) throw new GatewayError('serverError', { message: 'network adapter is not configured' });
  return network;
}

/** How many numbers one area code offers at a time. */
export const NUMBERS_PER_PAGE = 12;

export async function availableNumbers(deps: Deps, areaCode: string) {
  const { numbers, nearbyAreaCodes } = await networkOf(deps).availableNumbers(areaCode, NUMBERS_PER_PAGE);
  return { areaCode, numbers, nearbyAreaCodes };
}
