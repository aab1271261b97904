/**
 * International calls included in every plan (spec section 1: "unlimited US calls, unlimited calls to mainland China,
 * Hong Kong, Macau and Taiwan landlines"). The rates data set must rate them 0 (checked when it is imported), and the
 * /rates page marks a 0 as included: what the page says is what the usage collector charges (decision 0038).
 */
export const INCLUDED_ALL_CALLS: readonly string[] = ['US'];
export const INCLUDED_LANDLINES: readonly string[] = ['CN', 'HK', 'MO', 'TW'];

/** The most a minute may cost in the table (US$1,000): a typo in cents, not a rate. */
export const MAX_RATE_CENTS = 100_000;
