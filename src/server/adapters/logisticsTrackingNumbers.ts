/**
 * Tracking numbers in each carrier's real format, check digits included, so a person or a test reading them sees
 * what a real label carries: USPS IMpb (22 digits, mod-10 weights 3 and 1), UPS 1Z (18 characters, its own
 * check digit), SF Express (SF and 13 digits).
 */
import { randomInt } from 'node:crypto';
import type { Carrier } from './logistics';

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(0, 10))).join('');

/** USPS Intelligent Mail package barcode check digit: from the right, weights 3, 1, 3, 1 ... */
export function uspsCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}

/** UPS: the 15 characters after "1Z", letters as (code - 63) mod 10, odd positions once, even positions twice. */
export function upsCheckDigit(body15: string): string {
  let sum = 0;
  for (let i = 0; i < body15.length; i++) {
    const c = body15[i]!;
    const value = /\d/.test(c) ? Number(c) : (c.charCodeAt(0) - 63) % 10;
    sum += i % 2 === 1 ? value * 2 : value;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Our UPS shipper account (6 characters) and service 02 (2nd Day Air: "express 1-3 days"). */
const UPS_SHIPPER = '7W4E92';
const UPS_SECOND_DAY = '02';

export function newTrackingNumber(carrier: Carrier): string {
  switch (carrier) {
    case 'USPS': {
      // 94 (application identifier) 001 (USPS Ground Advantage) then mailer id and serial.
      const body = `9400111${digits(14)}`;
      return body + uspsCheckDigit(body);
    }
    case 'UPS': {
      const body = `${UPS_SHIPPER}${UPS_SECOND_DAY}${digits(7)}`;
      return `1Z${body}${upsCheckDigit(body)}`;
    }
    case 'SF Express':
      return `SF${digits(13)}`;
  }
}

export const carrierFor = (country: 'US' | 'CN', service: 'standard' | 'express'): Carrier =>
  country === 'CN' ? 'SF Express' : service === 'express' ? 'UPS' : 'USPS';
