/**
 * Messages: the email renderer every area's emails.ts writes with (blocks to a text and an HTML part, money,
 * dates and countries in the buyer's language) and the site address links point to. The areas own their emails.
 */
export { type Block, countryName, dateOnly, dateTime, type Email, money, renderEmail, siteUrl } from './render';
