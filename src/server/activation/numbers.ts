/** The network's number inventory as activation's step 2 offers it (the adapter: src/server/adapters/network.ts). */
import type { Deps } from '../context';

/** How many numbers one area code offers at a time. */
export const NUMBERS_PER_PAGE = 12;

export async function availableNumbers(deps: Pick<Deps, 'network'>, areaCode: string) {
  const { numbers, nearbyAreaCodes } = await deps.network.availableNumbers(areaCode, NUMBERS_PER_PAGE);
  return { areaCode, numbers, nearbyAreaCodes };
}
