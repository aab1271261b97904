import { LEGAL_PATHS, type LegalDoc } from './documents';

/**
 * A document's address naming the reader's language: opened in a new tab (the checkout keeps its form in its own tab)
 * the page starts without this tab's session, and `?lang=` keeps it in the language the customer reads.
 */
export function legalHref(doc: LegalDoc, lang: string): string {
  const url = new URL(LEGAL_PATHS[doc], 'http://x');
  url.searchParams.set('lang', lang);
  return `${url.pathname}${url.search}`;
}
