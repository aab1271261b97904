import { describe, expect, it } from 'vitest';
import { choiceFrom, monthOptions, packBuyHref, planBuyHref, priceFor, usPlans, withChoice, inclusionKeys } from '../../screens/plans/plans.connect';
import { globalDestinationCount, regionViews, searchDestinations } from '../../screens/plans/global.connect';
import { destinationCount } from '../../src/domain/destinations';
import { countryName } from '../../i18n';
import type { BundleList, Plan } from '../../src/contract/catalog';
import { GLOBAL_PACKS, GLOBAL_REGIONS, MULTI_MONTH, PLANS } from '../../src/server/db/catalogue';

/** The seeded catalogue as bundleList answers it. */
const catalog: BundleList = {
  plans: PLANS.map((p, i) => ({ id: i + 1, ...p })) as Plan[],
  multiMonth: MULTI_MONTH,
  global: {
    regions: GLOBAL_REGIONS.map(({ code, destinations }) => ({ code, destinations })),
    packs: GLOBAL_PACKS.map((p, i) => ({ id: i + 1, ...p })),
    simTypes: ['physical', 'esim'],
  },
};
const plan = (slug: string) => catalog.plans.find((p) => p.slug === slug)!;

describe('plan prices (spec section 1: multi-month plans with discounts)', () => {
  it('one month is the monthly price', () => {
    expect(priceFor(plan('5gb-plan'), 1, MULTI_MONTH)).toEqual({ months: 1, percent: 0, perMonthCents: 2500, totalCents: 2500, fullCents: 2500, savedCents: 0 });
  });

  it('3, 6 and 12 months take 7%, 13% and 20% off, shown per month and in total', () => {
    expect(priceFor(plan('5gb-plan'), 3, MULTI_MONTH)).toMatchObject({ percent: 7, totalCents: 6975, perMonthCents: 2325, savedCents: 525 });
    expect(priceFor(plan('5gb-plan'), 6, MULTI_MONTH)).toMatchObject({ percent: 13, totalCents: 13050, perMonthCents: 2175 });
    expect(priceFor(plan('unlimited-plan'), 12, MULTI_MONTH)).toMatchObject({ percent: 20, totalCents: 43200, perMonthCents: 3600, savedCents: 10800 });
  });

  it('the 500MB plan, excluded from promotions, pays the full monthly price for every month', () => {
    expect(priceFor(plan('500mb-plan'), 12, MULTI_MONTH)).toMatchObject({ percent: 0, perMonthCents: 1000, totalCents: 12000, savedCents: 0 });
  });

  it('offers 1, 3, 4 (spec section 1\'s 4-month offer), 6 and 12 months with their discount', () => {
    expect(monthOptions(MULTI_MONTH)).toEqual([{ months: 1, percent: 0 }, { months: 3, percent: 7 }, { months: 4, percent: 10 }, { months: 6, percent: 13 }, { months: 12, percent: 20 }]);
  });
});

describe('the choice in the query and the links to the checkout (TEAM.md client URLs)', () => {
  it('reads months and SIM type, falling back on anything else', () => {
    expect(choiceFrom(new URLSearchParams('months=6&simType=esim'))).toEqual({ months: 6, simType: 'esim' });
    expect(choiceFrom(new URLSearchParams('months=5&simType=paper'))).toEqual({ months: 1, simType: 'physical' });
    expect(choiceFrom(new URLSearchParams('months=4'))).toEqual({ months: 4, simType: 'physical' });
    expect(choiceFrom(new URLSearchParams(''), { months: 3, simType: 'esim' })).toEqual({ months: 3, simType: 'esim' });
  });

  it('changes one part and keeps the rest of the query', () => {
    expect(withChoice(new URLSearchParams('simType=esim&x=1'), { months: 12 }).toString()).toBe('simType=esim&x=1&months=12');
  });

  it('links a plan and a global pack to /plans/bundleForm', () => {
    expect(planBuyHref(plan('5gb-plan'), { months: 3, simType: 'esim' })).toBe('/plans/bundleForm?plan=5gb-plan&months=3&simType=esim');
    expect(packBuyHref(7, 'physical')).toBe('/plans/bundleForm?pack=7&simType=physical');
  });
});

describe('inclusions (spec section 1)', () => {
  it('the 500MB plan has 500 minutes instead of unlimited US calls; the others everything', () => {
    expect(inclusionKeys(plan('500mb-plan'))).toContain('inclusions.usMinutes500');
    expect(inclusionKeys(plan('500mb-plan'))).not.toContain('inclusions.unlimitedUsCalls');
    expect(inclusionKeys(plan('2gb-plan'))).toEqual([
      'inclusions.unlimitedBasicData128k', 'inclusions.unlimitedUsCalls', 'inclusions.unlimitedChinaLandlineCalls',
      'inclusions.freeGlobalTexting', 'inclusions.freeWifiCalling', 'inclusions.freeHotspot',
    ]);
  });

  it('lists the US plans cheapest first', () => {
    expect(usPlans(catalog).map((p) => p.slug)).toEqual(['500mb-plan', '2gb-plan', '5gb-plan', '15gb-plan', 'unlimited-plan']);
    expect(usPlans(null)).toEqual([]);
  });
});

describe('global data SIM (spec section 1: 57+ destinations in four regions)', () => {
  it('counts each destination of the catalogue once, however many regions name it: the one number every page says', () => {
    expect(globalDestinationCount(catalog.global)).toBeGreaterThanOrEqual(57);
    expect(globalDestinationCount(catalog.global)).toBe(new Set(catalog.global.regions.flatMap((r) => r.destinations)).size);
    expect(destinationCount([{ destinations: ['US', 'CA'] }, { destinations: ['CA', 'MX'] }])).toBe(3);
  });

  it('names destinations in the active language, sorted as that language sorts', () => {
    const [usCanada, , , asia] = regionViews(catalog.global, 'zh-Hans', countryName);
    expect(usCanada!.destinations.map((d) => d.name)).toEqual(['加拿大', '美国']);
    expect(asia!.destinations.map((d) => d.name)).toContain('日本');
    expect(asia!.packs.map((p) => p.dataMb)).toEqual([1024, 3072, 5120, 10240]);
    const hant = regionViews(catalog.global, 'zh-Hant', countryName);
    expect(hant[1]!.destinations.map((d) => d.name)).toEqual(['紐西蘭', '澳洲']);
  });

  it('finds a destination by its name in the page language, in English or by code', () => {
    const regions = regionViews(catalog.global, 'zh-Hans', countryName);
    expect(searchDestinations(regions, '日本').map((r) => r.region)).toEqual(['asia']);
    expect(searchDestinations(regions, 'japan').map((r) => r.destination.code)).toEqual(['JP']);
    expect(searchDestinations(regions, 'de').map((r) => r.destination.code)).toContain('DE');
    expect(searchDestinations(regions, 'atlantis')).toEqual([]);
    expect(searchDestinations(regions, '  ')).toEqual([]);
  });
});
