/**
 * Orders another area owns and the payments area pays (issue 15's line orders: decision 0029). That area registers
 * its kinds here, at its composition (src/server/business/index.ts), rather than the payments area importing it: the
 * business area itself pays through payments (and through the plan area, which charges renewals here), so a direct
 * import would tie the areas in a circle.
 */
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { GatewayError } from '../http/errors';
import type { OrderRow } from '../orders';

export interface OrderKindRules {
  readonly kinds: readonly string[];
  /** Why the order cannot be paid now (null: it can), asked under the order's lock when a payment starts or lands. */
  refusal(tx: Db, order: OrderRow, now: Date): Promise<string | null>;
  /** Gives the buyer what the order bought, in the transaction that marks it paid (once). */
  fulfil(deps: Deps, tx: Db, order: OrderRow, now: Date): Promise<void>;
}

const byKind = new Map<string, OrderKindRules>();

export function registerOrderKinds(rules: OrderKindRules): void {
  for (const kind of rules.kinds) byKind.set(kind, rules);
}

/** The rules of an order's kind when another area owns it; null for the payments area's own (plan, global, top-up...). */
export const orderKindRules = (order: Pick<OrderRow, 'kind'>): OrderKindRules | null => byKind.get(order.kind) ?? null;

/** Why the order cannot be paid now, by its owner's rules (null: it can). */
export const payableRefusal = (tx: Db, order: OrderRow, now: Date): Promise<string | null> =>
  orderKindRules(order)?.refusal(tx, order, now) ?? Promise.resolve(null);

/** Before a payment starts: refused with the owner's own code. */
export async function assertOrderKindPayable(tx: Db, order: OrderRow, now: Date): Promise<void> {
  const refusal = await payableRefusal(tx, order, now);
  if (refusal) throw new GatewayError(refusal as never);
}
