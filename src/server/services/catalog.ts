/** The catalogue of bundleList, read from the database. */
import { asc, eq } from 'drizzle-orm';
import type { BundleList } from '../../contract/catalog';
import type { Deps } from '../context';
import { emailCaptures, globalPacks, globalRegions, multiMonthDiscounts, partners, plans } from '../db/schema';

const SIM_TYPES = ['physical', 'esim'] as const;

export async function bundleList(deps: Deps, kind?: 'us' | 'global'): Promise<BundleList> {
  const [planRows, months, regions, packs] = await Promise.all([
    deps.db.select().from(plans).where(kind ? eq(plans.kind, kind) : undefined).orderBy(asc(plans.sortOrder), asc(plans.id)),
    deps.db.select().from(multiMonthDiscounts).orderBy(asc(multiMonthDiscounts.months)),
    deps.db.select().from(globalRegions).orderBy(asc(globalRegions.sortOrder)),
    deps.db.select().from(globalPacks).orderBy(asc(globalPacks.regionCode), asc(globalPacks.dataMb), asc(globalPacks.days)),
  ]);
  return {
    plans: planRows.map(({ sortOrder: _s, simTypes, ...p }) => ({ ...p, simTypes: simTypes.filter((s) => s === 'physical' || s === 'esim') })),
    multiMonth: months,
    global: {
      regions: regions.map((r) => ({ code: r.code, destinations: r.destinations })),
      packs,
      simTypes: [...SIM_TYPES],
    },
  };
}

export async function listPartners(deps: Deps) {
  const rows = await deps.db.select().from(partners).orderBy(asc(partners.sortOrder), asc(partners.id));
  return rows.map(({ sortOrder: _s, ...p }) => p);
}

/** Stores the footer's email once; a repeat is not an error. */
export async function captureEmail(deps: Deps, input: { email: string; collectType: string; channel: string }) {
  await deps.db.insert(emailCaptures)
    .values({ email: input.email.trim().toLowerCase(), collectType: input.collectType, channel: input.channel, createdAt: deps.clock.now() })
    .onConflictDoNothing({ target: emailCaptures.email });
}
