/** Idempotent seed: upserts the catalogue by natural key and creates the demo customer only when absent. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from './database';
import * as s from './schema';
import { ADD_ON_PACKS, DEMO, DISCOUNT_CODES, GLOBAL_PACKS, GLOBAL_REGIONS, MULTI_MONTH, PARTNERS, PLANS, REFERRAL_CODES } from './catalogue';
import { hashPassword } from '../accounts';
import { sandboxSeedCard } from '../adapters/payments/sandbox/cardsOnFile';
import { loadSampleDatasets } from '../datasets';

const DAY_MS = 86_400_000;
const excluded = (column: string) => sql.raw(`excluded.${column}`);

export async function seed(db: Db, now: Date = new Date()): Promise<void> {
  await db.insert(s.plans).values(PLANS).onConflictDoUpdate({
    target: s.plans.slug,
    set: {
      kind: excluded('kind'), name: excluded('name'), highSpeedDataMb: excluded('high_speed_data_mb'),
      monthlyPriceCents: excluded('monthly_price_cents'), usMinutes: excluded('us_minutes'), inclusions: excluded('inclusions'),
      promotionEligible: excluded('promotion_eligible'), simTypes: excluded('sim_types'), featured: excluded('featured'),
      sortOrder: excluded('sort_order'),
    },
  });
  await db.insert(s.multiMonthDiscounts).values(MULTI_MONTH)
    .onConflictDoUpdate({ target: s.multiMonthDiscounts.months, set: { discountPercent: excluded('discount_percent') } });
  await db.insert(s.globalRegions).values(GLOBAL_REGIONS)
    .onConflictDoUpdate({ target: s.globalRegions.code, set: { destinations: excluded('destinations'), sortOrder: excluded('sort_order') } });
  await db.insert(s.globalPacks).values(GLOBAL_PACKS)
    .onConflictDoUpdate({ target: [s.globalPacks.regionCode, s.globalPacks.dataMb, s.globalPacks.days], set: { priceCents: excluded('price_cents') } });
  await db.insert(s.addOnPacks).values(ADD_ON_PACKS).onConflictDoUpdate({
    target: s.addOnPacks.code,
    set: {
      kind: excluded('kind'), zone: excluded('zone'), roamingType: excluded('roaming_type'), dataMb: excluded('data_mb'),
      minutes: excluded('minutes'), texts: excluded('texts'), days: excluded('days'), priceCents: excluded('price_cents'),
      sortOrder: excluded('sort_order'),
    },
  });
  await db.insert(s.partners).values(PARTNERS).onConflictDoUpdate({
    target: s.partners.name,
    set: { category: excluded('category'), url: excluded('url'), logoText: excluded('logo_text'), sortOrder: excluded('sort_order') },
  });
  await db.insert(s.discountCodes).values(DISCOUNT_CODES).onConflictDoUpdate({
    target: s.discountCodes.code, set: { kind: excluded('kind'), value: excluded('value'), expiresAt: excluded('expires_at') },
  });
  // The data sets' samples (rates, devices, ...), unless a carrier file was imported (decision 0038).
  await loadSampleDatasets(db, now);
  await seedDemoCustomer(db, now);
  const [demo] = await db.select({ id: s.customers.id }).from(s.customers).where(eq(s.customers.username, DEMO.username));
  if (demo) await seedDemoCard(db, demo.id);
  await db.insert(s.referralCodes)
    .values(REFERRAL_CODES.map(({ demo: isDemo, ...r }) => ({ ...r, customerId: isDemo ? demo?.id ?? null : null })))
    .onConflictDoNothing();
}

async function seedDemoCustomer(db: Db, now: Date) {
  const [existing] = await db.select({ id: s.customers.id }).from(s.customers).where(eq(s.customers.username, DEMO.username));
  if (existing) return;
  const passwordHash = await hashPassword(DEMO.password);
  await db.transaction(async (tx) => {
    const [customer] = await tx.insert(s.customers)
      .values({ username: DEMO.username, phone: DEMO.phone, passwordHash })
      .onConflictDoNothing().returning({ id: s.customers.id });
    if (!customer) return;
    const [line] = await tx.insert(s.lines).values({
      customerId: customer.id, kind: 'us', msisdn: DEMO.phone, iccid: DEMO.iccid, simType: 'physical', simStatus: 'activated',
    }).returning({ id: s.lines.id });
    const [plan] = await tx.select({ id: s.plans.id }).from(s.plans).where(eq(s.plans.slug, DEMO.planSlug));
    await tx.insert(s.planSubscriptions).values({
      lineId: line!.id, planId: plan!.id, status: 'main', autoRenew: false, dataUsedMb: DEMO.dataUsedMb,
      startsAt: new Date(now.getTime() - 10 * DAY_MS), expiresAt: new Date(now.getTime() + 20 * DAY_MS),
    });
    await tx.insert(s.balances).values({ customerId: customer.id, generalCents: DEMO.generalCents, ildCents: DEMO.ildCents });
  });
}

/** The demo customer's default card: on file at the payment sandbox and in saved_cards (first card, so default). */
async function seedDemoCard(db: Db, customerId: number) {
  const { providerCardId, brand, last4, expMonth, expYear, holderName, billingZip } = DEMO.card;
  await sandboxSeedCard(db, { id: providerCardId, customerRef: `customer-${customerId}`, brand, last4, expMonth, expYear, postalCode: billingZip });
  await db.insert(s.savedCards)
    .values({ customerId, providerCardId, brand, last4, expMonth, expYear, holderName, billingZip, isDefault: true })
    .onConflictDoNothing({ target: s.savedCards.providerCardId });
}
