/** The catalogue of spec section 1, as seed data. Prices are integer cents. */
const US_INCLUSIONS = [
  'unlimitedBasicData128k', 'unlimitedUsCalls', 'unlimitedChinaLandlineCalls', 'freeGlobalTexting', 'freeWifiCalling', 'freeHotspot',
];
const BOTH_SIMS = ['physical', 'esim'];

export const PLANS = [
  // "The $10 plan and the 500MB plan have reduced inclusions (500 minutes). The 500MB plan is excluded from discount and referral promotions."
  { slug: '500mb-plan', name: '500MB', highSpeedDataMb: 500, monthlyPriceCents: 1000, usMinutes: 500, promotionEligible: false, featured: false,
    inclusions: US_INCLUSIONS.map((k) => (k === 'unlimitedUsCalls' ? 'usMinutes500' : k)) },
  { slug: '2gb-plan', name: '2GB', highSpeedDataMb: 2 * 1024, monthlyPriceCents: 1500, usMinutes: null, promotionEligible: true, featured: false, inclusions: US_INCLUSIONS },
  { slug: '5gb-plan', name: '5GB', highSpeedDataMb: 5 * 1024, monthlyPriceCents: 2500, usMinutes: null, promotionEligible: true, featured: true, inclusions: US_INCLUSIONS },
  { slug: '15gb-plan', name: '15GB', highSpeedDataMb: 15 * 1024, monthlyPriceCents: 3500, usMinutes: null, promotionEligible: true, featured: false, inclusions: US_INCLUSIONS },
  { slug: 'unlimited-plan', name: 'Unlimited', highSpeedDataMb: null, monthlyPriceCents: 4500, usMinutes: null, promotionEligible: true, featured: false, inclusions: US_INCLUSIONS },
].map((p, i) => ({ ...p, kind: 'us' as const, simTypes: BOTH_SIMS, sortOrder: i + 1 }));

/**
 * "Multi-month plans of 1, 3, 6 and 12 months with discounts (7%, 13%, 20% and a 4-month offer are mentioned)". The
 * spec gives the 4-month offer no rate: 10 %, between the 3-month and the 6-month discount (decision 0028).
 */
export const MULTI_MONTH = [
  { months: 1, discountPercent: 0 },
  { months: 3, discountPercent: 7 },
  { months: 4, discountPercent: 10 },
  { months: 6, discountPercent: 13 },
  { months: 12, discountPercent: 20 },
];

/** "57+ destinations in regions USA and Canada, Australia and NZ, Europe, Asia" (ISO 3166-1 alpha-2). */
export const GLOBAL_REGIONS = [
  { code: 'usCanada', destinations: ['US', 'CA'] },
  { code: 'anz', destinations: ['AU', 'NZ'] },
  { code: 'europe', destinations: [
    'GB', 'FR', 'DE', 'IT', 'ES', 'PT', 'NL', 'BE', 'LU', 'CH', 'AT', 'IE', 'DK', 'SE', 'NO', 'FI', 'IS', 'PL', 'CZ', 'SK',
    'HU', 'RO', 'BG', 'GR', 'HR', 'SI', 'EE', 'LV', 'LT', 'MT', 'CY'] },
  { code: 'asia', destinations: [
    'CN', 'HK', 'MO', 'TW', 'JP', 'KR', 'SG', 'MY', 'TH', 'VN', 'PH', 'ID', 'IN', 'KH', 'LA', 'MN', 'LK', 'BD', 'PK', 'AE',
    'SA', 'QA', 'IL', 'TR'] },
].map((r, i) => ({ ...r, sortOrder: i + 1 }));

const PACK_SHAPES = [
  { dataMb: 1024, days: 7 }, { dataMb: 3 * 1024, days: 15 }, { dataMb: 5 * 1024, days: 30 }, { dataMb: 10 * 1024, days: 30 },
];
const PACK_PRICES: Record<string, number[]> = {
  usCanada: [800, 1800, 2800, 4500],
  anz: [900, 2200, 3200, 5200],
  europe: [900, 2200, 3200, 5200],
  asia: [1000, 2500, 3800, 5900],
};
export const GLOBAL_PACKS = GLOBAL_REGIONS.flatMap((r) =>
  PACK_SHAPES.map((shape, i) => ({ regionCode: r.code, ...shape, priceCents: PACK_PRICES[r.code]![i]! })));

/**
 * Data add-ons and roaming packs (spec section 1; decision 0028): the one place their prices, validity and contents
 * are set. A data add-on raises the line's high-speed data for the 30-day cycle in which it is bought (its validity is
 * the rest of that cycle); a roaming pack is valid `days` from purchase in its zone's destinations
 * (src/domain/addOns.ts). The spec gives no prices: these are in line with the monthly plans ($15 for 2GB a month).
 */
export const ADD_ON_PACKS = [
  { code: 'data-1gb', kind: 'data' as const, zone: null, roamingType: null, dataMb: 1024, minutes: null, texts: null, days: null, priceCents: 500 },
  { code: 'data-3gb', kind: 'data' as const, zone: null, roamingType: null, dataMb: 3 * 1024, minutes: null, texts: null, days: null, priceCents: 1200 },
  { code: 'data-5gb', kind: 'data' as const, zone: null, roamingType: null, dataMb: 5 * 1024, minutes: null, texts: null, days: null, priceCents: 1800 },
  { code: 'data-10gb', kind: 'data' as const, zone: null, roamingType: null, dataMb: 10 * 1024, minutes: null, texts: null, days: null, priceCents: 3000 },
  { code: 'roam-china-talk-7', kind: 'roaming' as const, zone: 'china' as const, roamingType: 'talkText' as const, dataMb: null, minutes: 100, texts: 100, days: 7, priceCents: 800 },
  { code: 'roam-china-talk-30', kind: 'roaming' as const, zone: 'china' as const, roamingType: 'talkText' as const, dataMb: null, minutes: 300, texts: 300, days: 30, priceCents: 2000 },
  { code: 'roam-china-data-7', kind: 'roaming' as const, zone: 'china' as const, roamingType: 'data' as const, dataMb: 1024, minutes: null, texts: null, days: 7, priceCents: 1000 },
  { code: 'roam-china-data-30', kind: 'roaming' as const, zone: 'china' as const, roamingType: 'data' as const, dataMb: 5 * 1024, minutes: null, texts: null, days: 30, priceCents: 3500 },
  { code: 'roam-canada-talk-7', kind: 'roaming' as const, zone: 'canada' as const, roamingType: 'talkText' as const, dataMb: null, minutes: 200, texts: 200, days: 7, priceCents: 600 },
  { code: 'roam-canada-data-7', kind: 'roaming' as const, zone: 'canada' as const, roamingType: 'data' as const, dataMb: 2 * 1024, minutes: null, texts: null, days: 7, priceCents: 1000 },
  { code: 'roam-canada-data-30', kind: 'roaming' as const, zone: 'canada' as const, roamingType: 'data' as const, dataMb: 5 * 1024, minutes: null, texts: null, days: 30, priceCents: 2500 },
  { code: 'roam-world-talk-7', kind: 'roaming' as const, zone: 'world' as const, roamingType: 'talkText' as const, dataMb: null, minutes: 60, texts: 100, days: 7, priceCents: 1500 },
  { code: 'roam-world-data-7', kind: 'roaming' as const, zone: 'world' as const, roamingType: 'data' as const, dataMb: 1024, minutes: null, texts: null, days: 7, priceCents: 1500 },
  { code: 'roam-world-data-15', kind: 'roaming' as const, zone: 'world' as const, roamingType: 'data' as const, dataMb: 3 * 1024, minutes: null, texts: null, days: 15, priceCents: 3500 },
].map((p, i) => ({ ...p, sortOrder: i + 1 }));

export const PARTNERS = [
  { name: 'Pacific Campus Alliance', category: 'education', url: 'https://pacific-campus.example', logoText: 'PCA' },
  { name: 'Golden Gate Travel', category: 'travel', url: 'https://goldengate-travel.example', logoText: 'GGT' },
  { name: 'Lotus Remit', category: 'finance', url: 'https://lotus-remit.example', logoText: 'LR' },
  { name: 'Harbor Phone Repair', category: 'retail', url: 'https://harbor-phone.example', logoText: 'HPR' },
  { name: 'Jade Market', category: 'retail', url: 'https://jade-market.example', logoText: 'JM' },
  { name: 'Bay Area Student Union', category: 'education', url: 'https://basu.example', logoText: 'BASU' },
].map((p, i) => ({ ...p, sortOrder: i + 1 }));

/** The demo customer of the README. */
export const DEMO = {
  username: 'demo',
  phone: '6265550100',
  password: 'Demo@2468',
  iccid: '8901260123456789012',
  planSlug: '5gb-plan',
  generalCents: 2500,
  ildCents: 500,
  dataUsedMb: 1230,
  /**
   * A Visa on file, the default card, so "saved default card" can be tried. The payment sandbox knows it by this
   * card-on-file id; its billing ZIP (San Gabriel, CA) is what address verification compares.
   */
  card: { providerCardId: 'ccof:demo-visa-1111', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2030, holderName: 'Demo Customer', billingZip: '91776' },
};

/**
 * Discount codes of the README: "discount code invalid or expired" and the 500MB rule are tried with these.
 * percent: value is a percentage; amount: value is cents off.
 */
export const DISCOUNT_CODES = [
  { code: 'WELCOME10', kind: 'percent' as const, value: 10, expiresAt: null },
  { code: 'SAVE5', kind: 'amount' as const, value: 500, expiresAt: null },
  { code: 'SUMMER2025', kind: 'percent' as const, value: 15, expiresAt: new Date('2025-09-01T07:00:00Z') },
];

/** Referral codes (4 characters): the demo customer's, and one that has expired. */
export const REFERRAL_CODES = [
  { code: 'DEMO', expiresAt: null, demo: true },
  { code: 'OLD1', expiresAt: new Date('2025-01-01T08:00:00Z'), demo: false },
];
