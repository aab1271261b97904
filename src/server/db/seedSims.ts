/**
 * The test SIMs of the README (sandbox only): one card per step-1 answer, with the activation codes printed below.
 * Seeded at every start, idempotently: a card a tester has already activated (or started activating) is never
 * reset; a card still untouched has its dates moved to the seed's clock, so "fresh" stays fresh and "expired" stays
 * expired however long ./data lives. The codes are stored only as digests with the server's pepper (decision 0007).
 */
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from './database';
import * as s from './schema';
import { DEMO } from './catalogue';
import { simActivationCodeDigest } from '../activation';
import { sha256, newToken } from '../secrets';

const DAY_MS = 86_400_000;

type SeedOrder = { orderNo: string; status: 'paid' | 'awaiting_payment'; kind: 'plan' | 'global'; simType: 'physical' | 'esim'; daysAgo: number };
type SeedSim = {
  iccid: string; code: string; what: string; kind: 'us' | 'global'; simType: 'physical' | 'esim';
  collected: 'online' | 'offline'; status?: 'inactive' | 'activated'; order?: SeedOrder;
  /** US plan slug the card carries; global cards carry their order's pack (or none: `withoutPack`). */
  planSlug?: string; daysAgo: number; voided?: boolean; activating?: boolean; withoutPack?: boolean;
};

const paid = (orderNo: string, daysAgo: number, simType: 'physical' | 'esim' = 'physical'): SeedOrder =>
  ({ orderNo, status: 'paid', kind: 'plan', simType, daysAgo });

/** The table of .tmp/TEAM.md and the README. Order numbers use the order alphabet (no 0/1/I/L/O/U/V). */
export const TEST_SIMS: SeedSim[] = [
  { iccid: '8901260010000000013', code: '111111', what: 'fresh physical US SIM', kind: 'us', simType: 'physical', collected: 'online', order: paid('LBSEED2222', 0), planSlug: '5gb-plan', daysAgo: 0 },
  { iccid: '8901260010000000021', code: '222222', what: 'fresh physical US SIM (second)', kind: 'us', simType: 'physical', collected: 'online', order: paid('LBSEED2222', 0), planSlug: '5gb-plan', daysAgo: 0 },
  { iccid: '8901260010000000039', code: '333333', what: 'fresh physical US SIM (third)', kind: 'us', simType: 'physical', collected: 'online', order: paid('LBSEED2222', 0), planSlug: '5gb-plan', daysAgo: 0 },
  { iccid: '8901260010000000047', code: '444444', what: 'physical, bought 100 days ago (120018)', kind: 'us', simType: 'physical', collected: 'online', order: paid('LBSEED3333', 100), planSlug: '5gb-plan', daysAgo: 100 },
  { iccid: '8901260010000000054', code: '555555', what: 'already activated (120014)', kind: 'us', simType: 'physical', collected: 'online', status: 'activated', order: paid('LBSEED4444', 20), planSlug: '5gb-plan', daysAgo: 20 },
  { iccid: '8901260010000000062', code: '666666', what: 'dealer card with a plan', kind: 'us', simType: 'physical', collected: 'offline', planSlug: '15gb-plan', daysAgo: 10 },
  { iccid: '8901260010000000070', code: '777777', what: 'dealer card without a plan', kind: 'us', simType: 'physical', collected: 'offline', daysAgo: 10 },
  { iccid: '8985230010000000088', code: '888888', what: 'global data SIM', kind: 'global', simType: 'physical', collected: 'online', order: { orderNo: 'LBSEED5555', status: 'paid', kind: 'global', simType: 'physical', daysAgo: 0 }, daysAgo: 0 },
  { iccid: '8985230010000000138', code: '141414', what: 'global data SIM from a dealer, without a data pack', kind: 'global', simType: 'physical', collected: 'offline', daysAgo: 10, withoutPack: true },
  { iccid: '8901260010000000096', code: '999999', what: 'eSIM, QR sent 31 days ago (120018)', kind: 'us', simType: 'esim', collected: 'online', order: paid('LBSEED6666', 31, 'esim'), planSlug: '5gb-plan', daysAgo: 31 },
  { iccid: '8901260010000000104', code: '101010', what: 'activation in progress (120020)', kind: 'us', simType: 'physical', collected: 'online', order: paid('LBSEED7777', 2), planSlug: '5gb-plan', daysAgo: 2, activating: true },
  { iccid: '8901260010000000112', code: '121212', what: 'order not paid (120016)', kind: 'us', simType: 'physical', collected: 'online', order: { orderNo: 'LBSEED8888', status: 'awaiting_payment', kind: 'plan', simType: 'physical', daysAgo: 0 }, planSlug: '5gb-plan', daysAgo: 0 },
  { iccid: '8901260010000000120', code: '131313', what: 'voided by an eSIM conversion (120017)', kind: 'us', simType: 'physical', collected: 'online', order: paid('LBSEED9999', 5), planSlug: '5gb-plan', daysAgo: 5, voided: true },
];

const SEED_EMAIL = 'sim-tests@example.com';
/** The number of the seeded activation in progress (a sandbox test number, never handed out). */
export const SEEDED_ACTIVATING_MSISDN = '2015550104';

export async function seedTestSims(db: Db, pepper: string, now: Date = new Date()): Promise<void> {
  const planIds = new Map((await db.select({ id: s.plans.id, slug: s.plans.slug }).from(s.plans)).map((p) => [p.slug, p.id]));
  const [pack] = await db.select().from(s.globalPacks).orderBy(s.globalPacks.id).limit(1);
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);

  const orderIds = new Map<string, number>();
  for (const sim of TEST_SIMS) {
    const o = sim.order;
    if (!o || orderIds.has(o.orderNo)) continue;
    const planId = o.kind === 'plan' ? planIds.get(sim.planSlug!)! : null;
    const count = TEST_SIMS.filter((t) => t.order?.orderNo === o.orderNo).length;
    await db.insert(s.orders).values({
      orderNo: o.orderNo, kind: o.kind, idempotencyKey: `seed:${o.orderNo}`, requestHash: 'seed',
      accessTokenHash: sha256(newToken()), status: o.status, planId, globalPackId: o.kind === 'global' ? pack!.id : null,
      planName: o.kind === 'global' ? `${pack!.regionCode} ${pack!.dataMb}MB` : sim.planSlug!.replace('-plan', '').toUpperCase(),
      months: 1, simType: o.simType, simCount: count, unitPriceCents: 0, planCostCents: 0, multiMonthDiscountCents: 0,
      discountCents: 0, shippingMethod: 'standard', shippingFeeCents: 0, taxRateBps: 0, taxCents: 0, payAmountCents: 0,
      channel: 'seed', email: SEED_EMAIL, lang: 'en',
      shipping: { country: 'US', firstNameEn: 'Test', lastNameEn: 'Cards', phone: '6265550199', email: SEED_EMAIL,
        address1: '1 Test Way', city: 'San Gabriel', state: 'CA', zip: '91776' },
      billing: { country: 'US', address1: '1 Test Way', city: 'San Gabriel', state: 'CA', zip: '91776' },
      payMethod: o.status === 'paid' ? 'account' : null, paidAt: o.status === 'paid' ? ago(o.daysAgo) : null,
      fulfilment: o.status === 'paid' ? (o.simType === 'esim' ? 'esim_sent' : 'shipped') : 'pending',
      createdAt: ago(o.daysAgo), updatedAt: ago(o.daysAgo),
    }).onConflictDoNothing({ target: s.orders.orderNo });
    const [row] = await db.select({ id: s.orders.id }).from(s.orders).where(eq(s.orders.orderNo, o.orderNo));
    orderIds.set(o.orderNo, row!.id);
  }

  for (const sim of TEST_SIMS) {
    const purchasedAt = ago(sim.daysAgo);
    // "eSIM QR valid 30 days" from the day it was sent (the purchase, for these cards).
    const qrExpiresAt = sim.simType === 'esim' ? new Date(purchasedAt.getTime() + 30 * DAY_MS) : null;
    const values = {
      iccid: sim.iccid, kind: sim.kind, simType: sim.simType, status: sim.activating ? 'activating' as const : sim.status ?? 'inactive' as const,
      activationCodeHash: simActivationCodeDigest(pepper, sim.iccid, sim.code), collected: sim.collected,
      orderId: sim.order ? orderIds.get(sim.order.orderNo)! : null,
      planId: sim.planSlug ? planIds.get(sim.planSlug)! : null,
      globalPackId: sim.kind === 'global' && !sim.withoutPack ? pack!.id : null, months: sim.planSlug || (sim.kind === 'global' && !sim.withoutPack) ? 1 : null,
      purchasedAt, shippedAt: sim.simType === 'physical' && sim.collected === 'online' ? purchasedAt : null,
      qrExpiresAt, voidedAt: sim.voided ? purchasedAt : null, createdAt: purchasedAt,
    };
    // Only a card nobody has touched is refreshed: never one a tester activated or started activating.
    await db.insert(s.sims).values(values).onConflictDoUpdate({
      target: s.sims.iccid,
      set: { purchasedAt, qrExpiresAt, shippedAt: values.shippedAt, activationCodeHash: values.activationCodeHash },
      setWhere: and(
        eq(s.sims.status, values.status),
        notExists(db.select({ one: sql`1` }).from(s.activations).where(eq(s.activations.iccid, s.sims.iccid))),
      ),
    });
    if (sim.activating) await seedActivationInProgress(db, sim.iccid, purchasedAt);
  }
}

/** The card "still activating" (120020) has its activation row, on the demo customer's account. */
async function seedActivationInProgress(db: Db, iccid: string, at: Date) {
  const [demo] = await db.select({ id: s.customers.id }).from(s.customers).where(eq(s.customers.username, DEMO.username));
  if (!demo) return;
  await db.insert(s.activations).values({
    publicId: 'ACTSEEDED104', iccid, customerId: demo.id, kind: 'us', simType: 'physical', numberKind: 'new',
    msisdn: SEEDED_ACTIVATING_MSISDN, birthday: '1990-01-01', email: SEED_EMAIL, zip: '91776', wifiCalling: false,
    status: 'activating', idempotencyKey: `seed:${iccid}`, requestHash: 'seed', lang: 'en', submittedAt: at, updatedAt: at,
  }).onConflictDoNothing();
}
