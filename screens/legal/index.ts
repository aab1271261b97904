/** What other areas use of the legal pages: the address of each document (the checkout links to both). */
export { legalHref } from './links';
