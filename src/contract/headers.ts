/**
 * The contract's request headers, without zod: a page that only sends a header does not load an area's schemas with it
 * (the activation flow loaded the orders area for this one name; decision 0048). orders.ts re-exports them.
 */

/** Header of every charging, sending or provisioning write: the same key replays the first answer. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The order's own token: a buyer without an account reads and pays the order with it. */
export const ORDER_TOKEN_HEADER = 'X-Order-Token';
