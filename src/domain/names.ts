/** Name rules of spec section 5: "English name fields letters only; Chinese name fields Chinese only." */

/** Letters, with single spaces, hyphens or apostrophes between parts (Mary-Ann, O'Neil, De La Cruz). */
export const isEnglishName = (value: string): boolean => /^[A-Za-z]+(?:[ '-][A-Za-z]+)*$/.test(value.trim());

/** Han characters only, with the middle dot used in transliterated names (e.g. 安娜·李). */
export const isChineseName = (value: string): boolean => /^[\p{Script=Han}]+(?:[·・][\p{Script=Han}]+)*$/u.test(value.trim());

/** Card holder: "English letters, first then last, only space or hyphen" between them. */
export const isCardHolderName = (value: string): boolean => /^[A-Za-z]+(?:[ -][A-Za-z]+)+$/.test(value.trim());

/**
 * The cardholder name the buyer's English name makes, first then last ("Mei Lin"), to start the card's holder name
 * with what was already typed; '' when it would not pass the cardholder rule (an apostrophe, a missing part).
 */
export function cardholderNameFrom(firstName: string, lastName: string): string {
  const name = `${firstName} ${lastName}`.trim().replace(/\s+/g, ' ');
  return isCardHolderName(name) ? name : '';
}
