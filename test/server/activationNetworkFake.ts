/**
 * Until the network sandbox (S1's src/server/adapters/network.ts) is on the test server's deps, an in-memory number
 * inventory stands in for it, with the same promises: free numbers per area code, a reservation per ICCID.
 */
import type { TestServer } from '../support/server';
import type { NumberInventory } from '../../src/server/services/activationNetwork';

function fakeInventory(): NumberInventory {
  const reserved = new Map<string, string>();
  return {
    async availableNumbers(areaCode, limit) {
      const numbers = Array.from({ length: 40 }, (_, i) => `${areaCode}555${String(1000 + i * 7).padStart(4, '0')}`)
        .filter((n) => !reserved.has(n)).slice(0, limit);
      return { numbers, nearbyAreaCodes: numbers.length ? [] : ['213'] };
    },
    async reserveNumber(msisdn, iccid) {
      const holder = reserved.get(msisdn);
      if (holder && holder !== iccid) return false;
      reserved.set(msisdn, iccid);
      return true;
    },
  };
}

export function withNetwork(server: TestServer): TestServer {
  const deps = server.app.deps as typeof server.app.deps & { network?: NumberInventory };
  if (!deps.network) Object.assign(deps, { network: fakeInventory() });
  return server;
}
