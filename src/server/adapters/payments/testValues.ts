/**
 * The card sandbox's test values, as Square documents them for its Sandbox ("Sandbox Payments",
 * developer.squareup.com/docs/devtools/sandbox/payments): one card per brand that succeeds, and the values that
 * make a payment fail (CVV 911, postal code 99999, expiry 01/40, card 4000 0000 0000 0002 ...). Like Square's
 * Sandbox, the card form accepts only these numbers: a real card is refused before it is ever tokenized.
 *
 * Pure (no Node APIs): the card form in the browser reads the same table.
 */
import { cardBrand } from '../../../domain/card';
import type { CardErrorCode } from './types';

/**
 * What a token or a card on file does when charged. 'ok' pays; a CardErrorCode declines with that code;
 * 'COF_AUTH_DECLINED' pays, but storing the card on file is declined (Square: "Card on file auth declined").
 */
export type CardScenario = 'ok' | CardErrorCode | 'COF_AUTH_DECLINED';

export interface TestCard {
  number: string;
  cvv: string;
  /** Any future month works; this is the one the README shows. */
  exp: string;
  postalCode: string;
  scenario: CardScenario;
  description: string;
}

const FUTURE = '12/30';
const ZIP = '94103';

/** Square's documented sandbox cards; the README lists them. Numbers are grouped as printed on the card. */
export const TEST_CARDS = {
  visa: { number: '4111 1111 1111 1111', cvv: '111', exp: FUTURE, postalCode: ZIP, scenario: 'ok', description: 'Visa: the payment succeeds.' },
  mastercard: { number: '5105 1051 0510 5100', cvv: '111', exp: FUTURE, postalCode: ZIP, scenario: 'ok', description: 'Mastercard: the payment succeeds.' },
  discover: { number: '6011 0000 0000 0004', cvv: '111', exp: FUTURE, postalCode: ZIP, scenario: 'ok', description: 'Discover: the payment succeeds.' },
  diners: { number: '3000 000000 0004', cvv: '111', exp: FUTURE, postalCode: ZIP, scenario: 'ok', description: 'Diners Club: the payment succeeds.' },
  jcb: { number: '3569 9900 1009 5841', cvv: '111', exp: FUTURE, postalCode: ZIP, scenario: 'ok', description: 'JCB: the payment succeeds.' },
  amex: { number: '3400 000000 00009', cvv: '1111', exp: FUTURE, postalCode: ZIP, scenario: 'ok', description: 'American Express (4-digit CVV): the payment succeeds.' },
  unionpay: { number: '6222 9888 1234 0000', cvv: '123', exp: FUTURE, postalCode: ZIP, scenario: 'ok', description: 'China UnionPay: the payment succeeds.' },
  declined: { number: '4000 0000 0000 0002', cvv: '111', exp: FUTURE, postalCode: ZIP, scenario: 'GENERIC_DECLINE', description: 'Declined by the bank (GENERIC_DECLINE).' },
  cvvFailure: { number: '4111 1111 1111 1111', cvv: '911', exp: FUTURE, postalCode: ZIP, scenario: 'CVV_FAILURE', description: 'Any test card with CVV 911: the CVV check fails (CVV_FAILURE).' },
  addressFailure: { number: '4111 1111 1111 1111', cvv: '111', exp: FUTURE, postalCode: '99999', scenario: 'ADDRESS_VERIFICATION_FAILURE', description: 'Any test card with postal code 99999: address verification fails (ADDRESS_VERIFICATION_FAILURE). A postal code other than the billing ZIP of the order fails the same way.' },
  invalidExpiration: { number: '4111 1111 1111 1111', cvv: '111', exp: '01/40', postalCode: ZIP, scenario: 'INVALID_EXPIRATION', description: 'Any test card with expiry 01/40: the bank says the expiry is wrong (INVALID_EXPIRATION).' },
  insufficientFunds: { number: '4000 0000 0000 9995', cvv: '111', exp: FUTURE, postalCode: ZIP, scenario: 'INSUFFICIENT_FUNDS', description: 'Insufficient funds (INSUFFICIENT_FUNDS). Square documents no card number for this decline; this is the number card processors commonly use for it.' },
  verificationRequired: { number: '4310 0000 0020 1019', cvv: '111', exp: FUTURE, postalCode: ZIP, scenario: 'CARD_DECLINED_VERIFICATION_REQUIRED', description: "Square's EU Visa (strong customer authentication): without buyer verification the bank declines (CARD_DECLINED_VERIFICATION_REQUIRED)." },
  cardOnFileDeclined: { number: '4000 0000 0000 0010', cvv: '111', exp: FUTURE, postalCode: ZIP, scenario: 'COF_AUTH_DECLINED', description: 'The payment succeeds, but keeping the card on file is declined (Square: "Card on file auth declined").' },
} as const satisfies Record<string, TestCard>;

export type TestCardName = keyof typeof TEST_CARDS;

const digits = (s: string) => s.replace(/\D/g, '');

/** Card numbers the sandbox accepts, with what they do by themselves. */
const NUMBER_SCENARIOS = new Map<string, CardScenario>([
  ...Object.values(TEST_CARDS).filter((c) => c.scenario === 'ok').map((c) => [digits(c.number), 'ok'] as const),
  [digits(TEST_CARDS.declined.number), 'GENERIC_DECLINE'],
  [digits(TEST_CARDS.insufficientFunds.number), 'INSUFFICIENT_FUNDS'],
  [digits(TEST_CARDS.verificationRequired.number), 'CARD_DECLINED_VERIFICATION_REQUIRED'],
  // Square's other strong-authentication (EU) test cards.
  ['5500000000201016', 'CARD_DECLINED_VERIFICATION_REQUIRED'],
  ['6011000000201016', 'CARD_DECLINED_VERIFICATION_REQUIRED'],
  ['370000000201014', 'CARD_DECLINED_VERIFICATION_REQUIRED'],
  [digits(TEST_CARDS.cardOnFileDeclined.number), 'COF_AUTH_DECLINED'],
]);

export const isTestCardNumber = (number: string): boolean => NUMBER_SCENARIOS.has(digits(number));

/**
 * The scenario of an entered card: the number's own outcome first, then the documented CVV, postal code and
 * expiry values (Square's order of checks: card, CVV, address, expiry).
 */
export function scenarioOf(card: { number: string; cvv: string; postalCode: string; expMonth: number; expYear: number }): CardScenario | null {
  const byNumber = NUMBER_SCENARIOS.get(digits(card.number));
  if (!byNumber) return null;
  if (byNumber !== 'ok') return byNumber;
  if (card.cvv === '911') return 'CVV_FAILURE';
  if (card.postalCode.trim() === '99999') return 'ADDRESS_VERIFICATION_FAILURE';
  if (card.expMonth === 1 && card.expYear === 2040) return 'INVALID_EXPIRATION';
  return 'ok';
}

/**
 * Square's fixed sandbox payment tokens, for calling the Payments API without the card form. Unlike a token
 * from the form they can be used again and again (as in Square's Sandbox), and carry no postal code.
 */
export const TEST_NONCES: Record<string, { scenario: CardScenario | 'CARD_TOKEN_USED'; brand: string; last4: string; number: string }> = {
  'cnon:card-nonce-ok': { scenario: 'ok', brand: 'visa', last4: '1111', number: '4111111111111111' },
  'cnon:card-nonce-declined': { scenario: 'GENERIC_DECLINE', brand: 'visa', last4: '0002', number: '4000000000000002' },
  'cnon:card-nonce-rejected-cvv': { scenario: 'CVV_FAILURE', brand: 'visa', last4: '1111', number: '4111111111111111' },
  'cnon:card-nonce-rejected-postalcode': { scenario: 'ADDRESS_VERIFICATION_FAILURE', brand: 'visa', last4: '1111', number: '4111111111111111' },
  'cnon:card-nonce-rejected-expiration': { scenario: 'INVALID_EXPIRATION', brand: 'visa', last4: '1111', number: '4111111111111111' },
  'cnon:card-nonce-requires-verification': { scenario: 'CARD_DECLINED_VERIFICATION_REQUIRED', brand: 'visa', last4: '1019', number: '4310000000201019' },
  'cnon:card-nonce-already-used': { scenario: 'CARD_TOKEN_USED', brand: 'visa', last4: '1111', number: '4111111111111111' },
};

/**
 * The test card number with this brand and last four, if there is one. The sandbox accepts only test cards, and no two
 * share both, so the sandbox can give the fingerprint to a card it kept before it made fingerprints (decision 0043).
 */
export function testCardNumberOf(brand: string, last4: string): string | null {
  return [...NUMBER_SCENARIOS.keys()].find((number) => number.endsWith(last4) && cardBrand(number) === brand) ?? null;
}
