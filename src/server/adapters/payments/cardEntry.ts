/**
 * What a buyer types into the card form, checked field by field (spec section 5: "Card number 13-16 digits;
 * CVV 3-4 (American Express 4) ... billing zip must match card"). The card form in the browser shows these
 * problems as the buyer types; the tokenization endpoint runs the same checks again before it keeps anything.
 *
 * Pure (no Node APIs): bundled into the card form's script.
 */
import type { CardField } from '../../../contract/cardSdk';
import { cardBrand, cardDigits, cardNumberProblem, cvvValid, expiryInFuture, parseExpiry, type CardBrand } from '../../../domain/card';
import { isTestCardNumber, scenarioOf, type CardScenario } from './testValues';

export interface CardEntry { number: string; exp: string; cvv: string; postalCode: string }

export interface EntryProblem { field: CardField; type: string }

/** What the sandbox keeps of a card: never the number or the CVV. */
export interface KeptCard { brand: CardBrand; last4: string; expMonth: number; expYear: number; postalCode: string; scenario: CardScenario }

export const CARD_FIELDS: readonly CardField[] = ['cardNumber', 'expirationDate', 'cvv', 'postalCode'];

/** Postal codes are compared the way AVS compares them: case and spacing do not matter, ZIP+4 is its ZIP. */
export const normalizePostalCode = (value: string): string => {
  const compact = value.trim().toUpperCase().replace(/\s+/g, ' ');
  return /^\d{5}-\d{4}$/.test(compact) ? compact.slice(0, 5) : compact;
};

const POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{1,8}[A-Z0-9]$/;

export function fieldProblem(field: CardField, entry: CardEntry, now: Date): string | null {
  switch (field) {
    case 'cardNumber': {
      const problem = cardNumberProblem(entry.number);
      if (problem) return problem;
      // Like Square's Sandbox: only test cards, so a real card number never reaches the sandbox's storage.
      return isTestCardNumber(entry.number) ? null : 'notTestCard';
    }
    case 'expirationDate': {
      if (!entry.exp.trim()) return 'required';
      const exp = parseExpiry(entry.exp);
      if (!exp) return 'invalid';
      return expiryInFuture(exp, now) ? null : 'expired';
    }
    case 'cvv': {
      const cvv = entry.cvv.trim();
      if (!cvv) return 'required';
      const brand = cardBrand(entry.number);
      if (cvvValid(cvv, brand)) return null;
      return brand === 'amex' ? 'amex' : 'invalid';
    }
    case 'postalCode': {
      const code = normalizePostalCode(entry.postalCode);
      if (!code) return 'required';
      return POSTAL_CODE.test(code) ? null : 'invalid';
    }
  }
}

export function entryProblems(entry: CardEntry, now: Date): EntryProblem[] {
  return CARD_FIELDS.flatMap((field) => {
    const type = fieldProblem(field, entry, now);
    return type ? [{ field, type }] : [];
  });
}

/** The card to keep when every field is right; null otherwise (ask entryProblems why). */
export function keptCard(entry: CardEntry, now: Date): KeptCard | null {
  if (entryProblems(entry, now).length) return null;
  const number = cardDigits(entry.number);
  const exp = parseExpiry(entry.exp)!;
  const postalCode = normalizePostalCode(entry.postalCode);
  const scenario = scenarioOf({ number, cvv: entry.cvv.trim(), postalCode, expMonth: exp.month, expYear: exp.year });
  if (!scenario) return null;
  return { brand: cardBrand(number), last4: number.slice(-4), expMonth: exp.month, expYear: exp.year, postalCode, scenario };
}

// ---- formatting as typed (the card form) ----

/** The digit groups printed on a card of this brand. */
const groupsOf = (brand: CardBrand): number[] =>
  brand === 'amex' ? [4, 6, 5] : brand === 'diners' ? [4, 6, 4] : [4, 4, 4, 4];

export const maxNumberDigits = (brand: CardBrand): number => groupsOf(brand).reduce((a, b) => a + b, 0);

export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const brand = cardBrand(digits);
  const kept = digits.slice(0, maxNumberDigits(brand));
  const parts: string[] = [];
  let at = 0;
  for (const size of groupsOf(brand)) {
    if (at >= kept.length) break;
    parts.push(kept.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** MM/YY as typed: "4" becomes "04/", "12" becomes "12/", while deleting the slash is left alone. */
export function formatExpiry(raw: string, deleting: boolean): string {
  let digits = raw.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export const formatCvv = (raw: string): string => raw.replace(/\D/g, '').slice(0, 4);
