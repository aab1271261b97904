/**
 * How many destinations the global data SIM covers: the distinct countries and regions of the catalogue's regions (a
 * destination in two regions counts once). Spec section 1 says "57+"; the pages say the catalogue's own number, the
 * same on every page (issue 12: the home page said 59, the plans page 57+).
 */
export const destinationCount = (regions: readonly { destinations: readonly string[] }[]): number =>
  new Set(regions.flatMap((r) => r.destinations)).size;
