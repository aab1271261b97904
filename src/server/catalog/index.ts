/**
 * Catalog: the plans and global packs of bundleList, partners and email capture, and the quote (prices, coupons,
 * referral codes, tax) an order is created from. Other areas and the composition roots use it through this index.
 */
export { computeQuote, type TaxAddress } from './quote';
export { fieldError } from './quoteCodes';
export { catalogRoutes } from './routes';
