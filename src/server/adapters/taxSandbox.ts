/** Tax service sandbox. SKELETON: filled by the orders work. */
import type { TaxService } from './tax';

export function createTaxSandbox(): TaxService {
  return { rateBps: async () => { throw new Error('tax sandbox not built yet'); } };
}
