/**
 * IMEI rules (spec section 5: "IMEI 15-17 digits"; issue 18: "the Luhn check digit on 15-digit IMEIs"). A 15-digit
 * IMEI ends in a Luhn check digit over the first 14; the 16-digit IMEISV carries a software version instead and no
 * check digit; 17 digits are accepted as the spec says, unchecked. Spaces, hyphens and slashes that people copy
 * from a box or a settings screen ("35 209900 176148 1") are not part of it. The first 8 digits are the TAC, the
 * type allocation code naming the model (decision 0038).
 */
import { luhnValid } from './card';

export type ImeiProblem = 'required' | 'digits' | 'length' | 'checkDigit';

/** The digits of what was typed, without the separators people copy. */
export const imeiDigits = (typed: string): string => typed.replace(/[\s\-/.]/g, '');

export function imeiProblem(typed: string): ImeiProblem | null {
  const digits = imeiDigits(typed);
  if (digits === '') return 'required';
  if (!/^\d+$/.test(digits)) return 'digits';
  if (digits.length < 15 || digits.length > 17) return 'length';
  if (digits.length === 15 && !luhnValid(digits)) return 'checkDigit';
  return null;
}

/** The type allocation code: the model an IMEI belongs to. */
export const tacOf = (imei: string): string => imeiDigits(imei).slice(0, 8);
