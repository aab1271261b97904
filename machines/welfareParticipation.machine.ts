/**
 * One participation in the bank card points programme (spec section 9: "Bank card points: 20% cashback up to $20";
 * spec section 8: 120084, 120085; issue 18 section 6; decision 0043): a customer joined an edition with one card and
 * one email; each card payment made with that card during the edition earns 20 % back, credited to the General
 * account, until the $20 is reached; when the edition closes, a participation still earning ends.
 * The truth is welfare_participations.state on the gateway, applied like every lifecycle (src/server/db/lifecycle.ts).
 * The chart keeps no context: guards read the facts the host puts on the event, with the rules of src/domain/welfare.ts.
 * Every state is a business state (none calls anything): each one quotes its rule.
 */
import { setup } from 'xstate';
import { cashbackFor, WELFARE_CAP_CENTS } from '../src/domain/welfare';

export type WelfareParticipationEvent =
  /**
   * A card payment with the joined card was settled: the host gives its amount, when it was paid, what the
   * participation had earned before it, and the participation's window (joined, edition's end).
   */
  | { type: 'cashback.earn'; paymentId: number; paymentCents: number; earnedCents: number; paidAt: string; joinedAt: string; endsAt: string }
  /** The server's clock: the edition's last day is over. */
  | { type: 'edition.close'; endsAt: string; at: string };

export type WelfareParticipationState = 'joined' | 'earning' | 'capped' | 'ended';

const during = (e: WelfareParticipationEvent) => e.type === 'cashback.earn'
  && Date.parse(e.paidAt) >= Date.parse(e.joinedAt) && Date.parse(e.paidAt) < Date.parse(e.endsAt);
const earned = (e: WelfareParticipationEvent) => (e.type === 'cashback.earn' ? cashbackFor(e.paymentCents, e.earnedCents) : 0);

export const welfareParticipationMachine = setup({
  types: { events: {} as WelfareParticipationEvent },
  guards: {
    /** Paid with the joined card after joining and before the edition's end, and something is left of the $20. */
    earnsCashback: ({ event }) => during(event) && earned(event) > 0,
    /** The same, and this payment's 20 % takes the participation to the $20. */
    reachesCap: ({ event }) => during(event) && earned(event) > 0 && event.type === 'cashback.earn' && event.earnedCents + earned(event) >= WELFARE_CAP_CENTS,
    editionOver: ({ event }) => event.type === 'edition.close' && Date.parse(event.at) >= Date.parse(event.endsAt),
  },
  actions: {
    /** The host records the payment's cashback and credits it to the General account through the ledger, once (`welfare:<paymentId>`). */
    creditCashback: () => undefined,
    /** The host records when the $20 was reached. */
    recordCapped: () => undefined,
    /** The host records when the edition ended the participation. */
    recordEnded: () => undefined,
  },
}).createMachine({
  id: 'welfareParticipation',
  description: 'Spec section 9: "Bank card points: 20% cashback up to $20." Spec section 8: "120084 email already joined the activity", "120085 bank card already joined the activity". Spec section 6: "Referral and campaigns: current individual users (bought but unactivated included); not business customers, enterprise, employee or agents."',
  initial: 'joined',
  states: {
    joined: {
      tags: ['business'],
      description: 'Spec section 8: "120084 email already joined the activity", "120085 bank card already joined the activity": one card and one email joined this edition; nothing earned yet.',
      on: {
        'cashback.earn': [
          {
            guard: 'reachesCap', target: 'capped', actions: ['creditCashback', 'recordCapped'],
            description: 'Spec section 9: "20% cashback up to $20": one payment\'s 20 % reaches the $20 at once (the part over it is not paid).',
          },
          {
            guard: 'earnsCashback', target: 'earning', actions: 'creditCashback',
            description: 'Spec section 9: "20% cashback": a payment with the joined card earns 20 % back to the General account.',
          },
        ],
        'edition.close': {
          guard: 'editionOver', target: 'ended', actions: 'recordEnded',
          description: 'Spec section 9: "Bank card points": the edition closed; no payment earned cashback in it.',
        },
      },
    },
    earning: {
      tags: ['business'],
      description: 'Spec section 9: "20% cashback up to $20": some cashback is in the General account; payments with the card keep earning until $20.',
      on: {
        'cashback.earn': [
          {
            guard: 'reachesCap', target: 'capped', actions: ['creditCashback', 'recordCapped'],
            description: 'Spec section 9: "up to $20": this payment\'s 20 % reaches the $20; only what was left of it is paid.',
          },
          {
            guard: 'earnsCashback', target: 'earning', actions: 'creditCashback',
            description: 'Spec section 9: "20% cashback": another payment with the joined card earns 20 % back.',
          },
        ],
        'edition.close': {
          guard: 'editionOver', target: 'ended', actions: 'recordEnded',
          description: 'Spec section 9: "Bank card points": the edition closed before the $20 was reached; what was earned stays.',
        },
      },
    },
    capped: {
      type: 'final',
      tags: ['business'],
      description: 'Spec section 9: "up to $20": the $20 is reached; later payments earn nothing more in this edition.',
    },
    ended: {
      type: 'final',
      tags: ['business'],
      description: 'Spec section 9: "Bank card points": the edition is over; what was earned stays in the General account.',
    },
  },
});
