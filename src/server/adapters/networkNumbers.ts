/**
 * The network sandbox's number inventory: for each area code it serves, the same 40 numbers on every start and every
 * instance (drawn from a hash of the area code), in realistic shape (NANP: exchange 2-9XX, never N11, 555, or the
 * 950/958/959/976 service exchanges). Area codes are grouped by metro area, nearest first, so an area code without
 * numbers points to its neighbours. 212 (Manhattan) and 415 (San Francisco) have none, as in life they are exhausted.
 */
import { createHash } from 'node:crypto';

export const NUMBERS_PER_AREA_CODE = 40;

/** Metro areas, each list ordered so that the codes nearest each other sit together. */
const METROS: readonly (readonly string[])[] = [
  ['212', '646', '332', '917', '718', '347', '929', '516', '914', '201', '551'],     // New York City
  ['201', '551', '973', '862', '732', '848', '908', '609'],                         // New Jersey
  ['213', '323', '626', '818', '747', '310', '424', '562', '909', '714', '657', '949'], // Los Angeles
  ['415', '628', '650', '510', '341', '408', '669', '925'],                         // San Francisco Bay Area
  ['858', '619', '760', '442'],                                                     // San Diego
  ['916', '279', '530'],                                                            // Sacramento
  ['206', '425', '253', '360'],                                                     // Seattle
  ['503', '971'],                                                                   // Portland
  ['617', '857', '781', '339', '508', '774'],                                       // Boston
  ['312', '872', '773', '630', '331', '847', '224'],                                // Chicago
  ['713', '281', '832', '346'],                                                     // Houston
  ['214', '469', '972', '945', '817', '682'],                                       // Dallas-Fort Worth
  ['512', '737'],                                                                   // Austin
  ['215', '267', '445', '610', '484'],                                              // Philadelphia
  ['202', '771', '703', '571', '301', '240'],                                       // Washington, D.C.
  ['404', '470', '678', '770'],                                                     // Atlanta
  ['305', '786', '954', '754'],                                                     // Miami
  ['702', '725'],                                                                   // Las Vegas
  ['602', '480', '623'],                                                            // Phoenix
  ['808'],                                                                          // Hawaii
];

/** Served but out of numbers. */
export const EXHAUSTED_AREA_CODES: ReadonlySet<string> = new Set(['212', '415']);

export const servedAreaCodes = (): string[] => [...new Set(METROS.flat())];

const SERVICE_EXCHANGES = new Set(['555', '950', '958', '959', '976']);

/** The area code's fixed inventory, in a stable order (empty for an exhausted or unserved area code). */
export function inventory(areaCode: string): string[] {
  if (EXHAUSTED_AREA_CODES.has(areaCode) || !servedAreaCodes().includes(areaCode)) return [];
  const out = new Set<string>();
  for (let i = 0; out.size < NUMBERS_PER_AREA_CODE; i += 1) {
    const h = createHash('sha256').update(`linkbridge-network-sandbox:${areaCode}:${i}`).digest();
    const exchange = String(200 + (h.readUInt16BE(0) % 800));
    if (exchange.endsWith('11') || SERVICE_EXCHANGES.has(exchange)) continue;
    const subscriber = String(h.readUInt16BE(2) % 10_000).padStart(4, '0');
    out.add(`${areaCode}${exchange}${subscriber}`);
  }
  return [...out];
}

export const inInventory = (msisdn: string): boolean => inventory(msisdn.slice(0, 3)).includes(msisdn);

/** The served area codes nearest to this one (same metro areas, in their order), itself excluded. */
export function nearbyAreaCodes(areaCode: string): string[] {
  const near: string[] = [];
  for (const metro of METROS) {
    if (!metro.includes(areaCode)) continue;
    for (const code of metro) if (code !== areaCode && !near.includes(code)) near.push(code);
  }
  return near;
}
