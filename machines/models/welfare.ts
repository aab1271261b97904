/**
 * Model of the bank card points participation (issue 18 section 6, decision 0043). Its guards read the event: one payload
 * per guard branch (a $50 payment earning $10 from nothing, a $100 payment reaching the $20 at once, a $50 payment
 * after $15 earned taking the last $5, a payment made before joining and one after the edition's end earning nothing;
 * the edition's close a moment before and at its end).
 */
import { chartById } from '../index';
import type { ChartModel } from '../paths';

export const JOINED_AT = '2026-11-20T18:00:00.000Z';
export const ENDS_AT = '2026-12-27T08:00:00.000Z';
const before = (iso: string) => new Date(new Date(iso).getTime() - 1).toISOString();
const earn = (extra: Record<string, unknown>) => ({ paymentId: 1, paymentCents: 5000, earnedCents: 0, paidAt: '2026-11-25T18:00:00.000Z', joinedAt: JOINED_AT, endsAt: ENDS_AT, ...extra });

export const welfareParticipationModel: ChartModel = {
  entry: chartById('welfareParticipation')!,
  payloads: {
    'cashback.earn': [
      earn({}), earn({ paymentCents: 10_000 }), earn({ paymentCents: 5000, earnedCents: 1500 }),
      earn({ paidAt: before(JOINED_AT) }), earn({ paidAt: ENDS_AT }),
    ],
    'edition.close': [{ endsAt: ENDS_AT, at: ENDS_AT }, { endsAt: ENDS_AT, at: before(ENDS_AT) }],
  },
};
