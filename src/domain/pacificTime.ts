/**
 * The spec states its times in Pacific time (maintenance 0-3 AM Pacific, promotion dates): the product shows every
 * moment there, the zone named, on its pages as in its emails, so a customer reads the same time in both.
 */
export const PACIFIC_TIME_ZONE = 'America/Los_Angeles';

/** A date and time as the emails write it (month in words), in Pacific time; the caller names the zone in its language. */
export const PACIFIC_DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: PACIFIC_TIME_ZONE,
};

/** A day as the emails write it, in Pacific time (a QR code valid "until November 25" ends on the Pacific day). */
export const PACIFIC_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: PACIFIC_TIME_ZONE };
