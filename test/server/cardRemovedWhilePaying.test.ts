/**
 * Issue 14, section 6: "a card removed while it pays". A customer's only card on file pays an order (default_card)
 * while the same customer removes it, in parallel, many times over. Whichever lands first, the books agree with the
 * provider: an order is paid exactly when the provider holds one completed charge for it, never charged without a
 * record nor recorded without a charge; nothing answers 500; the card ends removed here and disabled at the provider,
 * and no later payment can use it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { PaymentResult } from '../../src/contract/payments';
import { orders, sandboxCardPayments, sandboxCards, savedCards } from '../../src/server/db/schema';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { TEST_CARDS, tokenizeCard } from '../support/payments';
import { bearer, call, passwordLogin, randomPhone, register } from './helpers';
import { esimForm, newKey, placeOrder, planIdOf } from './ordersHelpers';

const PASSWORD = 'Lotus#2917';
const ROUNDS = 8;

describe.each(testDatabases())('a card removed while it pays, on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let twoGb: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    twoGb = await planIdOf(server, '2gb-plan');
  });
  afterAll(async () => { await server?.close(); });

  async function customerWithCard() {
    const phone = randomPhone();
    expect((await register(server, phone, PASSWORD)).body.code).toBe('200');
    const token = (await passwordLogin(server, phone, PASSWORD)).body.data!.access_token;
    const sourceId = await tokenizeCard(server.paymentsUrl, { ...TEST_CARDS.visa, postalCode: '90012' });
    const added = await call<{ cards: { id: number; isDefault: boolean }[] }>(server, endpoints.addCard, {
      body: { sourceId, cardholderName: 'Mei Chen', billingZip: '90012' }, headers: { ...bearer(token), 'Idempotency-Key': newKey() },
    });
    expect(added.body.data!.cards).toMatchObject([{ isDefault: true }]);
    return { token, cardId: added.body.data!.cards[0]!.id };
  }

  const payByDefault = (orderNo: string, token: string) => call<PaymentResult>(server, endpoints.payOrder, {
    body: { orderNo, method: 'default_card' }, headers: { ...bearer(token), 'Idempotency-Key': newKey() },
  });

  it(`${ROUNDS} races of paying by the card and removing it: the order is paid exactly when the provider charged it once`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { token, cardId } = await customerWithCard();
      const { order } = await placeOrder(server, esimForm(twoGb, { months: 1 }), { token });
      const [paid, removed] = await Promise.all([
        payByDefault(order.orderNo, token),
        call(server, endpoints.removeCard, { body: { cardId }, headers: bearer(token) }),
      ]);
      expect(paid.status).toBeLessThan(500);
      expect(removed.status).toBeLessThan(500);
      expect(removed.body.code).toBe('200');

      const charges = await server.db.select().from(sandboxCardPayments)
        .where(and(eq(sandboxCardPayments.referenceId, order.orderNo), eq(sandboxCardPayments.status, 'COMPLETED')));
      const [row] = await server.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, order.orderNo));
      const isPaid = paid.body.data?.status === 'paid';
      expect(charges.length, `round ${round}`).toBe(isPaid ? 1 : 0);
      expect(row!.status === 'paid', `round ${round}: order ${row!.status}, answer ${JSON.stringify(paid.body)}`).toBe(isPaid);
      outcomes.push(isPaid ? 'paid' : String(paid.body.code));

      // The card is gone here and at the provider, and cannot pay again.
      const [saved] = await server.db.select().from(savedCards).where(eq(savedCards.id, cardId));
      expect(saved!.removedAt).not.toBeNull();
      const [atProvider] = await server.db.select({ disabledAt: sandboxCards.disabledAt }).from(sandboxCards).where(eq(sandboxCards.id, saved!.providerCardId));
      expect(atProvider?.disabledAt ?? null).not.toBeNull();
      const next = await placeOrder(server, esimForm(twoGb, { months: 1 }), { token });
      const again = await payByDefault(next.order.orderNo, token);
      expect(again.body.data?.status).not.toBe('paid');
      expect(again.status).toBeGreaterThanOrEqual(400);
      expect(again.status).toBeLessThan(500);
      expect(await server.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.referenceId, next.order.orderNo))).toEqual([]);
    }
    // Both orders of events are possible; whichever happened, the checks above held.
    expect(outcomes).toHaveLength(ROUNDS);
  });
});
