/**
 * The help centre's search (issue 18: "searchable (the search works in Chinese too: no word splitting by spaces for
 * CJK)"). A question matches when its text holds every term of the query. Terms are what the query's spaces separate;
 * a term is looked for as a substring, so Chinese, which writes no spaces between words, matches inside a sentence
 * ("退款" in "提前结束保号服务不退款"), and so does a run of Chinese typed with no spaces at all, also with a character
 * or two between its own (cjkNear). Case, full-width forms (Ｅｓｉｍ) and accents do not matter; "e-SIM" finds "eSIM".
 */
export interface Searchable { id: string; text: string }

/** Lower case, NFKC (full-width to half-width), accents dropped, a hyphen inside a word dropped (e-SIM, Wi-Fi), other punctuation as spaces. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase()
    .replace(/(?<=[\p{L}\p{N}])[-‐‑](?=[\p{L}\p{N}])/gu, '')
    .replace(/[\p{P}\p{S}]/gu, (c) => (c === '+' || c === '$' ? c : ' '));
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * A Chinese term also matches its characters in order a little apart: "保留号码" finds "保留原号码", "退款规定" finds
 * "退款的规定". Within twice the term's length, so a sentence's scattered characters do not.
 */
function cjkNear(text: string, term: string): boolean {
  const chars = [...term];
  const span = chars.length * 2;
  for (let start = text.indexOf(chars[0]!); start >= 0; start = text.indexOf(chars[0]!, start + 1)) {
    let at = start;
    let found = true;
    for (const c of chars.slice(1)) {
      at = text.indexOf(c, at + 1);
      if (at < 0 || at - start >= span) { found = false; break; }
    }
    if (found) return true;
  }
  return false;
}

const termIn = (text: string, tight: string, term: string): boolean =>
  text.includes(term) || tight.includes(term) || (CJK.test(term) && [...term].length > 1 && cjkNear(tight, term));

const compact = (text: string) => text.replace(/\s+/g, '');

/** The query's terms, as its spaces separate them. */
export function searchTerms(query: string): string[] {
  return normalizeForSearch(query).split(/\s+/).filter((t) => t.length > 0);
}

/** The ids of the entries that match every term, in their order. An empty query matches everything. */
export function searchFaq(entries: readonly Searchable[], query: string): string[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return entries.map((e) => e.id);
  const whole = compact(normalizeForSearch(query));
  return entries.filter((e) => {
    const text = normalizeForSearch(e.text);
    const tight = compact(text);
    // Every term somewhere; or the query with its spaces taken out, for "e sim" or "退 款" typed with stray spaces.
    return terms.every((t) => termIn(text, tight, t)) || tight.includes(whole);
  }).map((e) => e.id);
}
