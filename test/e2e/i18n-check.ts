import type { Page } from '@playwright/test';

/**
 * Latin words a Chinese page may rightly show: the brand, product and technical names, units, the
 * language switch's "EN", and contact details. Anything else in Latin letters is an English leftover.
 */
const ALLOWED = new Set(
  [
    'LinkBridge', 'Mobile', 'EN', 'SIM', 'eSIM', 'Wi', 'Fi', 'ICCID', 'IMEI', 'PIN', 'QR', 'USD', 'US', 'GB', 'MB', 'kbps',
    'Unlimited', 'iPhone', 'WeChat', 'Pay', 'Visa', 'Mastercard', 'Email', 'E911', 'LTE', 'SMS', 'ILD', 'support',
    'linkbridge', 'example', 'com', 'AM', 'PM', 'eshop', 'APP', 'App', 'Android', 'iOS', 'Google', 'Apple', 'Pixel',
  ].map((w) => w.toLowerCase()),
);

export async function englishLeftovers(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const words = text.match(/[A-Za-z][A-Za-z']+/g) ?? [];
  return [...new Set(words.filter((w) => !ALLOWED.has(w.toLowerCase())))];
}
