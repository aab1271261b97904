/**
 * English leftovers in Chinese text: Latin words that are not the brand, product and technical names, units, the
 * language switch's "EN" (and the English language's own name) or contact details. Shared by the browser check of
 * a rendered page (test/e2e/i18n-check.ts) and the check of every Chinese resource (test/unit/i18n.test.ts).
 */
export const ALLOWED_WORDS = new Set(
  [
    'LinkBridge', 'Mobile', 'EN', 'SIM', 'eSIM', 'JPG', 'CFR', 'FCC', 'CPNI', 'Wi', 'Fi', 'ICCID', 'IMEI', 'PIN', 'QR', 'USD', 'US', 'GB', 'MB', 'kbps',
    'Unlimited', 'iPhone', 'WeChat', 'Pay', 'Visa', 'Mastercard', 'Email', 'E911', 'LTE', 'SMS', 'ILD', 'support',
    'linkbridge', 'example', 'com', 'AM', 'PM', 'eshop', 'APP', 'App', 'Android', 'iOS', 'Google', 'Apple', 'Pixel',
    'Discover', 'JCB', 'CVV', 'ZIP', 'English', 'IP', 'USPS', 'UPS', 'PDF',
  ].map((w) => w.toLowerCase()),
);

/** The Latin words of a text a Chinese reader would read as English left untranslated. */
export function englishWords(text: string, allowed: ReadonlySet<string> = ALLOWED_WORDS): string[] {
  // "QR Code" is how Taiwan and Hong Kong write it.
  const words = text.replace(/QR Code/g, 'QR').match(/[A-Za-z][A-Za-z']+/g) ?? [];
  return [...new Set(words.filter((w) => !allowed.has(w.toLowerCase())))];
}
