/** The catalogue of bundleList, read from the database. */
import { asc, eq } from 'drizzle-orm';
import type { BundleList } from '../../contract/catalog';
import type { Deps } from '../context';
import { emailCaptures, globalPacks, globalRegions, multiMonthDiscounts, partners, plans } from '../db/schema';

const SIM_TYPES = ['physical', 'esim'] as const;

/**
 * The catalogue changes only when the seed (or, later, an operator) writes it, yet every page load asks for
 * it: each gateway keeps it for CATALOGUE_TTL_MS, so a change shows everywhere within that time.
 */
export const CATALOGUE_TTL_MS = 30_000;
const cached = new WeakMap<Deps['db'], Map<string, { at: number; value: Promise<BundleList> }>>();

export function bundleList(deps: Deps, kind?: 'us' | 'global'): Promise<BundleList> {
  let byKind = cached.get(deps.db);
  if (!byKind) cached.set(deps.db, (byKind = new Map()));
  const key = kind ?? 'all';
  const now = Date.now();
  const hit = byKind.get(key);
  if (hit && now - hit.at < CATALOGUE_TTL_MS) return hit.value;
  const value = readBundleList(deps, kind);
  byKind.set(key, { at: now, value });
  value.catch(() => byKind.delete(key));
  return value;
}

async function readBundleList(deps: Deps, kind?: 'us' | 'global'): Promise<BundleList> {
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
