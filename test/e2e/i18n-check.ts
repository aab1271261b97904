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
    'Discover', 'JCB', 'CVV', 'ZIP',
  ].map((w) => w.toLowerCase()),
);

/** Text the page marks `translate="no"` (proper names such as partners') is left out. */
export async function englishLeftovers(page: Page): Promise<string[]> {
  const text = await page.locator('body').evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[translate="no"], script, style').forEach((el) => el.remove());
    document.body.appendChild(copy);
    copy.style.position = 'absolute';
    const visible = copy.innerText;
    copy.remove();
    return visible;
  });
  // "QR Code" is how Taiwan and Hong Kong write it.
  const words = text.replace(/QR Code/g, 'QR').match(/[A-Za-z][A-Za-z']+/g) ?? [];
  return [...new Set(words.filter((w) => !ALLOWED.has(w.toLowerCase())))];
}
