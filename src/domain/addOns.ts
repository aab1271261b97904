/**
 * Add-ons of spec section 1 ("Data add-ons and roaming add-ons. Roaming covers China incl. HK/Macau/Taiwan, Canada,
 * and other countries, as a talk-and-text plan or a data plan. Both need an active main plan.") and the limits of
 * sections 5 and 9 ("Data add-on max five per cycle"; "add-ons max 5 per cycle"). Pure and shared: the gateway's
 * checks and the portal's pages read the same constants. The prices themselves are the catalogue's
 * (src/server/db/catalogue.ts, ADD_ON_PACKS), the one place they are set.
 */
export const MAX_DATA_ADD_ONS_PER_CYCLE = 5;

/** Roaming zones: "China incl. HK/Macau/Taiwan, Canada, and other countries". */
export const ROAMING_ZONES = ['china', 'canada', 'world'] as const;
export type RoamingZone = (typeof ROAMING_ZONES)[number];

/** "as a talk-and-text plan or a data plan". */
export const ROAMING_TYPES = ['talkText', 'data'] as const;
export type RoamingType = (typeof ROAMING_TYPES)[number];

/**
 * Destinations of each zone (ISO 3166-1 alpha-2). "Other countries" lists where the host carrier has roaming
 * partners; the page names them with Intl.DisplayNames in the reader's language.
 */
export const ROAMING_DESTINATIONS: Record<RoamingZone, readonly string[]> = {
  china: ['CN', 'HK', 'MO', 'TW'],
  canada: ['CA'],
  world: [
    'MX', 'GB', 'FR', 'DE', 'IT', 'ES', 'NL', 'CH', 'JP', 'KR', 'SG', 'MY', 'TH', 'VN', 'PH', 'ID', 'IN', 'AU', 'NZ',
    'AE', 'TR', 'BR', 'AR', 'CL',
  ],
};

export type AddOnKind = 'data' | 'roaming';
