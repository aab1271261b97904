/**
 * The lucky draw of /activity/lottery (issue 18, decision 0042): published prizes and odds, one entry per customer per
 * period (a Pacific week, Monday to Sunday), prizes credited to the General account, a stock of each prize per period.
 * The spec names the route only; the prizes and odds are this product's, shown on the page before anyone draws.
 */
import { pacificDate } from './workingDays';

export const LOTTERY_ROLLS = 10_000;
export const LOTTERY_PRIZES = [
  { code: 'grand', amountCents: 5000, chances: 10, stock: 1 },
  { code: 'ten', amountCents: 1000, chances: 200, stock: 20 },
  { code: 'two', amountCents: 200, chances: 1790, stock: 200 },
  { code: 'none', amountCents: 0, chances: 8000, stock: null },
] as const;
export type LotteryPrize = (typeof LOTTERY_PRIZES)[number]['code'];

/** The prize a roll (0 to LOTTERY_ROLLS - 1) falls in: the odds add up to every roll. */
export function prizeOf(roll: number): (typeof LOTTERY_PRIZES)[number] {
  let upTo = 0;
  for (const prize of LOTTERY_PRIZES) {
    upTo += prize.chances;
    if (roll < upTo) return prize;
  }
  throw new RangeError(`roll out of range: ${roll}`);
}

const plusDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The period an instant is in: the Pacific week from Monday, named by its Monday; and its last day. */
export function lotteryPeriod(at: Date): { id: string; lastDay: string } {
  const day = pacificDate(at);
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const monday = plusDays(day, -((weekday + 6) % 7));
  return { id: monday, lastDay: plusDays(monday, 6) };
}

/** The sandbox's draw runs from a week before the day it is made to two weeks after (decision 0042). */
export function sandboxLottery(today: Date): { id: string; starts: string; ends: string } {
  const date = pacificDate(today);
  return { id: 'lottery-sandbox', starts: plusDays(date, -7), ends: plusDays(date, 14) };
}
