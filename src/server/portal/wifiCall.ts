/**
 * /personal/wificall: the E911 address of Wi-Fi calling on the customer's US line, shown and changed. A change is
 * provisioned on the network first (its E911 address validation answers at once, failing on the sandbox's
 * documented value: house number 0) and kept on the line only once the network took it.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { WifiCallInfo } from '../../contract/portal';
import type { Deps } from '../context';
import { activations, lines, type E911Address } from '../db/schema';
import { GatewayError } from '../http/errors';
import { requestHash } from '../http/idempotency';
import { requireUsLine, type Line } from './lineRules';

async function addressOf(deps: Deps, line: Line): Promise<E911Address | null> {
  if (line.e911) return line.e911;
  const [activation] = await deps.db.select({ e911: activations.e911 }).from(activations)
    .where(and(eq(activations.lineId, line.id), isNotNull(activations.e911))).orderBy(desc(activations.id)).limit(1);
  return activation?.e911 ?? null;
}

const view = (line: Line, e911: E911Address | null): WifiCallInfo => ({
  msisdn: line.msisdn ?? '',
  e911,
  updatedAt: line.e911UpdatedAt?.toISOString() ?? null,
});

export async function wifiCallInfo(deps: Deps, customerId: number): Promise<WifiCallInfo> {
  const line = await requireUsLine(deps, customerId);
  return view(line, await addressOf(deps, line));
}

/** Idempotent: the same key and address name one network request, so a retry or a double click provisions once. */
export async function updateWifiCall(deps: Deps, input: { customerId: number; key: string; e911: E911Address }): Promise<WifiCallInfo> {
  const line = await requireUsLine(deps, input.customerId);
  const requestId = `E911-${line.id}-${requestHash({ key: input.key, e911: input.e911 }, input.customerId).slice(0, 32)}`;
  const answer = await deps.network.updateE911({ requestId, iccid: line.iccid, msisdn: line.msisdn!, e911: input.e911 });
  if (answer.state === 'failed') throw new GatewayError('e911Invalid', { data: { field: 'address1' } });
  const now = deps.clock.now();
  const [updated] = await deps.db.update(lines).set({ e911: input.e911, e911UpdatedAt: now })
    .where(and(eq(lines.id, line.id), eq(lines.customerId, input.customerId))).returning();
  return view(updated ?? line, input.e911);
}
