/**
 * Bank card points (spec section 9: "Bank card points: 20% cashback up to $20"; spec section 8: "120084 email already
 * joined the activity", "120085 bank card already joined the activity"; issue 18 section 6; decision 0043).
 * A customer joins an edition with one of their saved cards and an email; card payments made with that card during the
 * edition earn 20 % back, at most $20 in all, credited to the General account. Money is integer cents.
 */
import { pacificDayStart } from './campaigns';
import { pacificDate } from './workingDays';

export const WELFARE_CASHBACK_PERCENT = 20;
/** "up to $20": per participation, all payments together. */
export const WELFARE_CAP_CENTS = 2000;

/** Pacific calendar days, both inclusive. */
export interface WelfareEdition { id: string; starts: string; ends: string; sandbox: boolean }

/** The spec dates no edition of this programme: a production gateway runs the ones configured here (none yet). */
export const WELFARE_EDITIONS: readonly WelfareEdition[] = [];

const plusDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The sandbox's current edition: from a week before the Pacific day it is made on to four weeks after. */
export function sandboxWelfare(today: Date): WelfareEdition {
  const date = pacificDate(today);
  return { id: 'welfare-sandbox', starts: plusDays(date, -7), ends: plusDays(date, 28), sandbox: true };
}

export const welfareStartsAt = (e: WelfareEdition): Date => pacificDayStart(e.starts);
/** The instant the last day ends (the next Pacific midnight). */
export const welfareEndsAt = (e: WelfareEdition): Date => pacificDayStart(plusDays(e.ends, 1));
export const welfareOpen = (e: WelfareEdition, now: Date): boolean => welfareStartsAt(e) <= now && now < welfareEndsAt(e);

/**
 * "20% cashback up to $20": 20 % of the payment, rounded down to the cent (so never more than 20 %), and no more than
 * what is left of the $20. Integer arithmetic: 20 % of n cents is floor(n / 5).
 */
export function cashbackFor(paymentCents: number, earnedCents: number): number {
  const share = Math.floor((Math.max(0, paymentCents) * WELFARE_CASHBACK_PERCENT) / 100);
  return Math.max(0, Math.min(share, WELFARE_CAP_CENTS - earnedCents));
}

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The address an email reaches, for "email already joined" (120084): case and surrounding spaces do not matter, a
 * "+tag" after the mailbox name reaches the same mailbox (RFC 5233 subaddressing, which the large providers honour), and
 * Gmail ignores dots in the name and answers googlemail.com as gmail.com. Two spellings of one mailbox join once.
 */
export function normalizeJoinEmail(email: string): string {
  const value = email.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at < 1) return value;
  let local = value.slice(0, at).split('+')[0]!;
  let domain = value.slice(at + 1);
  if (GMAIL.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local || value.slice(0, at)}@${domain}`;
}
