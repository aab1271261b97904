/**
 * Subjects of limits, normalized before they name a counter: one client, number or mailbox is one subject however it
 * is written, so nobody gets a fresh allowance by writing it another way.
 */
import { isIP } from 'node:net';
import { isCnMobile, isUsPhone, normalizePhone } from '../../domain/phone';

/**
 * An IPv4 address as is (also when written IPv4-mapped, ::ffff:a.b.c.d); an IPv6 address by its /64, the block one
 * subscriber is given: counting single IPv6 addresses would give a client 2^64 allowances.
 */
export function ipSubject(ip: string): string {
  const address = ip.trim().replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** A phone number as its digits: +1 626…, 1-626-…, (626) … and 626… are one subject. */
export const phoneSubject = (phone: string): string => normalizePhone(phone);

/** The block a number belongs to: a US area code and exchange (10,000 numbers), a China mobile's first 7 digits. */
export function phonePrefixSubject(phone: string): string {
  const digits = normalizePhone(phone);
  if (isUsPhone(digits)) return `us:${digits.slice(0, 6)}`;
  if (isCnMobile(digits)) return `cn:${digits.slice(0, 7)}`;
  return digits;
}

/** An email trimmed and lower-cased. */
export const emailSubject = (email: string): string => email.trim().toLowerCase();
