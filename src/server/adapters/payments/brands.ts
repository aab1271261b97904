/** Card brands: the product's names (src/domain/card.ts) and the names Square's API uses on the wire. */
import type { CardBrand } from '../../../domain/card';

const TO_SQUARE: Record<CardBrand, string> = {
  visa: 'VISA', mastercard: 'MASTERCARD', amex: 'AMERICAN_EXPRESS', discover: 'DISCOVER', diners: 'DISCOVER_DINERS',
  jcb: 'JCB', unionpay: 'CHINA_UNIONPAY', unknown: 'OTHER_BRAND',
};

export const squareBrand = (brand: string): string => TO_SQUARE[brand as CardBrand] ?? 'OTHER_BRAND';

export const productBrand = (square: string): CardBrand =>
  (Object.entries(TO_SQUARE).find(([, s]) => s === square)?.[0] as CardBrand | undefined) ?? 'unknown';
