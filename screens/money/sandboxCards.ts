/**
 * The payment sandbox's documented test values the test page lists (the sandbox's own table is
 * src/server/adapters/payments/testValues.ts, which screens may not import; test/unit/sandboxCards.test.ts checks
 * that this list says the same). A ZIP of null: the billing ZIP the customer gives.
 */
export const SANDBOX_TEST_CARDS = [
  { number: '4111 1111 1111 1111', cvv: '111', exp: '12/30', postalCode: null, scenario: 'ok' },
  { number: '4000 0000 0000 0002', cvv: '111', exp: '12/30', postalCode: null, scenario: 'GENERIC_DECLINE' },
  { number: '4111 1111 1111 1111', cvv: '911', exp: '12/30', postalCode: null, scenario: 'CVV_FAILURE' },
  { number: '4111 1111 1111 1111', cvv: '111', exp: '12/30', postalCode: '99999', scenario: 'ADDRESS_VERIFICATION_FAILURE' },
  { number: '4111 1111 1111 1111', cvv: '111', exp: '01/40', postalCode: null, scenario: 'INVALID_EXPIRATION' },
  { number: '4000 0000 0000 9995', cvv: '111', exp: '12/30', postalCode: null, scenario: 'INSUFFICIENT_FUNDS' },
  { number: '4310 0000 0020 1019', cvv: '111', exp: '12/30', postalCode: null, scenario: 'CARD_DECLINED_VERIFICATION_REQUIRED' },
] as const;
