/**
 * US states (and DC) with the first three digits of their ZIP codes, for "US zip 5 digits and matches
 * state" (spec section 5). Ranges follow the USPS ZIP prefix allocation (inclusive, 3-digit prefixes).
 */
export const US_STATES = {
  AL: [[350, 369]], AK: [[995, 999]], AZ: [[850, 865]], AR: [[716, 729]], CA: [[900, 961]],
  CO: [[800, 816]], CT: [[60, 69]], DE: [[197, 199]], DC: [[200, 205], [569, 569]], FL: [[320, 349]],
  GA: [[300, 319], [398, 399]], HI: [[967, 968]], ID: [[832, 838]], IL: [[600, 629]], IN: [[460, 479]],
  IA: [[500, 528]], KS: [[660, 679]], KY: [[400, 427]], LA: [[700, 714]], ME: [[39, 49]],
  MD: [[206, 219]], MA: [[10, 27], [55, 55]], MI: [[480, 499]], MN: [[550, 567]], MS: [[386, 397]],
  MO: [[630, 658]], MT: [[590, 599]], NE: [[680, 693]], NV: [[889, 898]], NH: [[30, 38]],
  NJ: [[70, 89]], NM: [[870, 884]], NY: [[5, 5], [100, 149], [63, 63]], NC: [[270, 289]], ND: [[580, 588]],
  OH: [[430, 459]], OK: [[730, 749]], OR: [[970, 979]], PA: [[150, 196]], RI: [[28, 29]],
  SC: [[290, 299]], SD: [[570, 577]], TN: [[370, 385]], TX: [[750, 799], [733, 733], [885, 885]], UT: [[840, 847]],
  VT: [[50, 59]], VA: [[201, 201], [220, 246]], WA: [[980, 994]], WV: [[247, 268]], WI: [[530, 549]],
  WY: [[820, 831]],
} as const satisfies Record<string, readonly (readonly [number, number])[]>;

export type UsState = keyof typeof US_STATES;
export const US_STATE_CODES = Object.keys(US_STATES) as UsState[];

export const isUsState = (value: string): value is UsState => Object.hasOwn(US_STATES, value);
export const isUsZip = (zip: string): boolean => /^\d{5}$/.test(zip);

/** "US zip 5 digits and matches state". VT/MA and NH/ME overlaps are resolved by the ranges above. */
export function zipMatchesState(zip: string, state: string): boolean {
  if (!isUsZip(zip) || !isUsState(state)) return false;
  const prefix = Number(zip.slice(0, 3));
  return US_STATES[state].some(([from, to]) => prefix >= from && prefix <= to);
}

/** The state a ZIP belongs to, or null. */
export function stateOfZip(zip: string): UsState | null {
  if (!isUsZip(zip)) return null;
  return US_STATE_CODES.find((s) => zipMatchesState(zip, s)) ?? null;
}
