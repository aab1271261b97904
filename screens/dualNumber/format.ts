/** The regions a document may be issued by. */

/** Codes Intl knows no region for, or that are not issuers of identity documents. */
const NOT_ISSUERS = new Set(['AA', 'EU', 'EZ', 'QO', 'UN', 'XA', 'XB', 'XK', 'ZZ', 'AQ', 'BV', 'HM', 'TF', 'UM', 'IO', 'GS', 'CP', 'DG', 'EA', 'IC', 'TA', 'AC']);
let codes: string[] | null = null;

/** Every ISO 3166-1 alpha-2 region Intl.DisplayNames names (about 250), computed once. */
export function regionCodes(): string[] {
  if (codes) return codes;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const found: string[] = [];
  for (let a = 65; a <= 90; a += 1) {
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      if (NOT_ISSUERS.has(code)) continue;
      try { if (names.of(code)) found.push(code); } catch { /* not a region code */ }
    }
  }
  codes = found;
  return found;
}
