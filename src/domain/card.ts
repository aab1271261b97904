/**
 * Card rules of spec section 5: "Card number 13-16 digits; CVV 3-4 (American Express 4); holder name English
 * letters, first then last, only space or hyphen; billing zip must match card." These run inside the payment
 * sandbox's card form (its own origin); the gateway never sees a card number or CVV.
 */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unionpay' | 'unknown';

/** The networks a page names (the i18n key `brand.<network>`); any other is written as "bank card". */
export const NAMED_CARD_BRANDS: readonly string[] = ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'unionpay', 'diners'];
/** The name key of a card network as a provider spells it ("visa", "UnionPay"): the known network, else 'other'. */
export const brandNameKey = (brand: string): string => (NAMED_CARD_BRANDS.includes(brand.toLowerCase()) ? brand.toLowerCase() : 'other');

export const cardDigits = (value: string): string => value.replace(/[\s-]/g, '');

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): CardBrand {
  const d = cardDigits(number);
  const p2 = Number(d.slice(0, 2)); const p4 = Number(d.slice(0, 4)); const p3 = Number(d.slice(0, 3));
  if (/^3[47]/.test(d)) return 'amex';
  if (/^4/.test(d)) return 'visa';
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return 'mastercard';
  if (/^(6011|65)/.test(d) || (p3 >= 644 && p3 <= 649)) return 'discover';
  if (p4 >= 3528 && p4 <= 3589) return 'jcb';
  if (/^3(0[0-5]|[689])/.test(d)) return 'diners';
  if (/^62/.test(d)) return 'unionpay';
  return 'unknown';
}

export type CardNumberProblem = 'required' | 'digits' | 'length' | 'checkDigit';
export function cardNumberProblem(value: string): CardNumberProblem | null {
  const d = cardDigits(value);
  if (d.length === 0) return 'required';
  if (!/^\d+$/.test(d)) return 'digits';
  if (d.length < 13 || d.length > 16) return 'length';
  // UnionPay does not require its numbers to carry a Luhn check digit (Square's own UnionPay test card has none).
  if (!luhnValid(d) && cardBrand(d) !== 'unionpay') return 'checkDigit';
  return null;
}

/** "CVV 3-4 (American Express 4)". */
export function cvvValid(cvv: string, brand: CardBrand): boolean {
  return brand === 'amex' ? /^\d{4}$/.test(cvv) : /^\d{3,4}$/.test(cvv);
}

/** MM/YY or MM/YYYY, not before the current month. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = value.trim().match(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/);
  if (!m) return null;
  const month = Number(m[1]); const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

export function expiryInFuture(exp: { month: number; year: number }, now: Date): boolean {
  const y = now.getUTCFullYear(); const mo = now.getUTCMonth() + 1;
  return exp.year > y || (exp.year === y && exp.month >= mo);
}
