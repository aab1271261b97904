/**
 * One referral (spec sections 4, 6 and 9; issue 18 section 5; decision 0041): a referee's paid order carrying a
 * referral code, from the order to the reward credited or not. "Referral reward credited after the referee is active
 * 35 days": the referee's card is bought (pending, not activated), activated (pending, counting the 35 days), then the
 * referral qualifies and the reward is credited "within 7 working days" to the General accounts through the ledger
 * ($15 a new line; a port-in $25 to the referrer and $20 to the referee; the milestones of the edition), valid 365
 * days, then it expires. A referral that does not count (not individual customers, the 500MB plan, a port-out of the
 * referrer in the prior 180 days) or whose line ended or ported out before the 35 days is disqualified.
 * The truth is referral_rewards.state on the gateway, applied like every lifecycle (src/server/db/lifecycle.ts); the
 * chart keeps no context: guards read the facts the host puts on the event, with the rules of src/domain/referral.ts.
 */
import { setup } from 'xstate';
import { referralIneligibility, type ReferralFacts } from '../src/domain/referral';

export type ReferralRewardEvent =
  /** The referee's order with the code was paid: the host gives the facts eligibility reads. */
  | ({ type: 'referral.record' } & ReferralFacts)
  /** The referee's card was activated (the line is in service from `activeSince`). */
  | { type: 'referral.activated'; activeSince: string }
  /** The server's clock: the card can no longer be activated (`lapsesAt`), checked at `at`. */
  | { type: 'referral.activationLapsed'; lapsesAt: string; at: string }
  /** The server's clock: the referee may have been active 35 days; the host says whether the line is still ours. */
  | { type: 'referral.qualifyDue'; qualifiesAt: string; at: string; lineInService: boolean; portedOut: boolean }
  /** The reward is credited (a job at qualification, within 7 working days). */
  | { type: 'referral.credit' }
  /** The server's clock: the credits' 365 days ran out. */
  | { type: 'referral.creditExpired'; expiresAt: string; at: string };

export type ReferralRewardState = 'recorded' | 'pending.notActivated' | 'pending.active' | 'qualified' | 'credited' | 'expired' | 'disqualified';

const reached = (at: string, due: string) => Date.parse(at) >= Date.parse(due);

export const referralRewardMachine = setup({
  types: { events: {} as ReferralRewardEvent },
  guards: {
    /** Spec sections 6 and 9: individual customers only, not the 500MB plan, no port-out of the referrer in the prior 180 days. */
    countsForReward: ({ event }) => event.type === 'referral.record' && referralIneligibility(event) === null,
    activationLapsed: ({ event }) => event.type === 'referral.activationLapsed' && reached(event.at, event.lapsesAt),
    /** The line ended or ported out before the 35 days. */
    lineEndedEarly: ({ event }) => event.type === 'referral.qualifyDue' && (!event.lineInService || event.portedOut),
    activeThirtyFiveDays: ({ event }) => event.type === 'referral.qualifyDue' && reached(event.at, event.qualifiesAt),
    creditTimeOver: ({ event }) => event.type === 'referral.creditExpired' && reached(event.at, event.expiresAt),
  },
  actions: {
    /** The host records the referral as pending and schedules the end of the card's activation window. */
    recordPending: () => undefined,
    /** The host records why the referral earns nothing (customer type, 500MB plan, port-out). */
    recordIneligible: () => undefined,
    /** The host records the day the referee became active and schedules the 35 days. */
    startQualifying: () => undefined,
    /** The host records why the referral stopped counting (card never activated, line ended or ported out). */
    recordDisqualified: () => undefined,
    /** The host records the qualification, the credit's due date (7 working days) and enqueues the credit. */
    scheduleCredit: () => undefined,
    /** The host credits referrer and referee through the ledger (once: unique references), the edition's milestones, gifts to ship, and schedules the expiry. */
    creditRewards: () => undefined,
    /** The host takes back what of the credits is still unspent in the General accounts. */
    expireCredits: () => undefined,
  },
}).createMachine({
  id: 'referralReward',
  description: 'Spec section 4: "Referral reward credited after the referee is active 35 days." Spec section 9: "Referral: $15 each for new line; port-in $25 referrer and $20 referee; 35 days active; credits valid 365 days; 500MB excluded; milestones 5 referrals $50, 10 referrals gold plate and souvenirs, top referrer an iPhone; ... rewards within 7 working days; gifts ship within 15 working days; no port-out in prior 180 days." Spec section 6: "Referral and campaigns: current individual users (bought but unactivated included); not business customers, enterprise, employee or agents."',
  initial: 'recorded',
  states: {
    recorded: {
      tags: ['technical'],
      description: 'The referee\'s paid order with a referral code, as the gateway writes it, before its eligibility is read.',
      on: {
        'referral.record': [
          {
            guard: 'countsForReward', target: 'pending.notActivated', actions: 'recordPending',
            description: 'Spec section 6: "current individual users (bought but unactivated included)"; spec section 9: "500MB excluded ... no port-out in prior 180 days": the referral counts.',
          },
          {
            target: 'disqualified', actions: 'recordIneligible',
            description: 'Spec section 6: "not business customers, enterprise, employee or agents"; spec section 9: "500MB excluded"; "no port-out in prior 180 days": the referral earns nothing.',
          },
        ],
      },
    },
    pending: {
      description: 'Spec section 4: "Referral reward credited after the referee is active 35 days": not yet.',
      initial: 'notActivated',
      states: {
        notActivated: {
          description: 'Spec section 6: "bought but unactivated included": the referee\'s card is bought, not yet activated.',
          on: {
            'referral.activated': {
              target: 'active', actions: 'startQualifying',
              description: 'Spec section 9: "35 days active": the referee\'s line is active; the 35 days start.',
            },
            'referral.activationLapsed': {
              guard: 'activationLapsed', target: '#referralReward.disqualified', actions: 'recordDisqualified',
              description: 'Spec section 4: "Physical SIM must be activated within 90 days of purchase": the card was never activated.',
            },
          },
        },
        active: {
          description: 'Spec section 9: "35 days active": the referee\'s line is active, the 35 days running.',
          on: {
            'referral.qualifyDue': [
              {
                guard: 'lineEndedEarly', target: '#referralReward.disqualified', actions: 'recordDisqualified',
                description: 'Spec section 9: "35 days active": the referee\'s line ended or ported out before the 35 days.',
              },
              {
                guard: 'activeThirtyFiveDays', target: '#referralReward.qualified', actions: 'scheduleCredit',
                description: 'Spec section 4: "Referral reward credited after the referee is active 35 days": the 35 days are reached.',
              },
            ],
          },
        },
      },
    },
    qualified: {
      description: 'Spec section 9: "rewards within 7 working days": the reward is due.',
      on: {
        'referral.credit': {
          target: 'credited', actions: 'creditRewards',
          description: 'Spec section 9: "$15 each for new line; port-in $25 referrer and $20 referee"; "milestones 5 referrals $50, 10 referrals gold plate and souvenirs"; "gifts ship within 15 working days": credited to the General accounts.',
        },
      },
    },
    credited: {
      description: 'Spec section 9: "credits valid 365 days": the credit is in the General account.',
      on: {
        'referral.creditExpired': {
          guard: 'creditTimeOver', target: 'expired', actions: 'expireCredits',
          description: 'Spec section 9: "credits valid 365 days": what is unspent after 365 days is taken back.',
        },
      },
    },
    expired: {
      type: 'final',
      description: 'Spec section 9: "credits valid 365 days": the credit expired; the referral still counts as made.',
    },
    disqualified: {
      type: 'final',
      description: 'Spec section 6: "not business customers, enterprise, employee or agents"; spec section 9: "500MB excluded", "no port-out in prior 180 days", "35 days active": the referral earns no reward.',
    },
  },
});
