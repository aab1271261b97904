/**
 * The referral programme's rules (spec sections 6 and 9, issue 18 section 5; decision 0041). Pure: the chart
 * (machines/referralReward.machine.ts), the gateway and the programme's page read the same numbers.
 */
import { joinsProgrammes, type CustomerType } from './customerType';
import { DAY_MS, pacificDayAt, pacificInstant } from './planCalendar';

/** Spec section 9: "35 days active". */
export const REFERRAL_QUALIFY_DAYS = 35;
/** Spec section 9: "credits valid 365 days". */
export const REFERRAL_CREDIT_VALID_DAYS = 365;
/** Spec section 9: "$15 each for new line": to the referrer and to the referee (the promo dialog says so too; decision 0041). */
export const REFERRAL_NEW_LINE_CENTS = 1500;
/** Spec section 9: "port-in $25 referrer and $20 referee". */
export const REFERRAL_PORT_IN_REFERRER_CENTS = 2500;
export const REFERRAL_PORT_IN_REFEREE_CENTS = 2000;
/** Spec section 9: "no port-out in prior 180 days". */
export const REFERRAL_PORT_OUT_LOOKBACK_DAYS = 180;
/** Spec section 9: "rewards within 7 working days; gifts ship within 15 working days". */
export const REFERRAL_CREDIT_WORKING_DAYS = 7;
export const REFERRAL_GIFT_WORKING_DAYS = 15;
/** A card bought but never activated ends its referral when it can no longer be activated (spec section 9: "Activation within 90 days"). */
export const REFERRAL_ACTIVATION_DAYS = 90;


export type ReferralKind = 'newLine' | 'portIn';
export type Ineligibility = 'customerType' | 'plan500mb' | 'portOut';
export type Disqualification = Ineligibility | 'lineEnded' | 'portedOut' | 'notActivated';

/** What the gateway knows when a referee's order with a referral code is paid. */
export interface ReferralFacts {
  referrerType: CustomerType;
  refereeType: CustomerType;
  /** The referee bought the 500MB plan: "500MB excluded". */
  plan500mb: boolean;
  /** The referrer's last port-out (an accepted port-out request of any of its lines), if any. */
  referrerPortedOutAt: string | null;
  at: string;
}

/** Why a referral earns nothing from the start; null when it counts. */
export function referralIneligibility(f: ReferralFacts): Ineligibility | null {
  if (!joinsProgrammes(f.referrerType) || !joinsProgrammes(f.refereeType)) return 'customerType';
  if (f.plan500mb) return 'plan500mb';
  if (f.referrerPortedOutAt && Date.parse(f.at) - Date.parse(f.referrerPortedOutAt) < REFERRAL_PORT_OUT_LOOKBACK_DAYS * DAY_MS) return 'portOut';
  return null;
}

/** When the referee has been active 35 days. */
export const qualifiesAt = (activeSince: Date): Date => new Date(activeSince.getTime() + REFERRAL_QUALIFY_DAYS * DAY_MS);
/** "credits valid 365 days". */
export const creditExpiresAt = (creditedAt: Date): Date => new Date(creditedAt.getTime() + REFERRAL_CREDIT_VALID_DAYS * DAY_MS);

/** "$15 each for new line; port-in $25 referrer and $20 referee"; an edition with tiers pays the referrer its n-th referral by them. */
export function rewardAmounts(kind: ReferralKind, tiersCents: readonly number[] | null, nth: number): { referrerCents: number; refereeCents: number } {
  if (kind === 'portIn') return { referrerCents: REFERRAL_PORT_IN_REFERRER_CENTS, refereeCents: REFERRAL_PORT_IN_REFEREE_CENTS };
  if (tiersCents && tiersCents.length > 0) return { referrerCents: tiersCents[Math.min(nth, tiersCents.length) - 1]!, refereeCents: REFERRAL_NEW_LINE_CENTS };
  return { referrerCents: REFERRAL_NEW_LINE_CENTS, refereeCents: REFERRAL_NEW_LINE_CENTS };
}

/** A promotion edition: its window, the cutoff of its counts, its milestones and (the older edition) its tiers. */
export interface ReferralEdition {
  id: string;
  /** Start and end of the window (the end is the first instant after it), in UTC from Pacific dates. */
  startsAt: string;
  endsAt: string;
  /** Referrals count towards milestones and the top referrer until this instant. */
  countCutoffAt: string;
  /** Per-referral rewards of the older edition, by the referrer's n-th referral; null: the standing amounts. */
  tiersCents: number[] | null;
  /** Milestones and the top referrer's prize; the older edition had none. */
  milestones: boolean;
  /** Seeded by the sandbox around the day it starts, so a person can try it. */
  sandbox: boolean;
}

/** Spec section 9: "milestones 5 referrals $50, 10 referrals gold plate and souvenirs, top referrer an iPhone". */
export const MILESTONE_CREDIT = { count: 5, cents: 5000 } as const;
export const MILESTONE_GIFT = { count: 10, gift: 'goldPlate' } as const;
export const TOP_REFERRER_GIFT = 'iphone' as const;
export type ReferralGift = typeof MILESTONE_GIFT.gift | typeof TOP_REFERRER_GIFT;

/** Spec section 9: "promotion 15 Sep to 25 Nov 2025 Pacific, count cutoff 30 Dec 2025" (both days included). */
export const EDITION_2025: ReferralEdition = {
  id: '2025-autumn',
  startsAt: pacificInstant(2025, 9, 15).toISOString(),
  endsAt: pacificInstant(2025, 11, 26).toISOString(),
  countCutoffAt: pacificInstant(2025, 12, 31).toISOString(),
  tiersCents: null, milestones: true, sandbox: false,
};

/**
 * Spec section 9: "older tiers 15/30/45/60": an earlier edition paying $15, $30, $45 and $60 for a referrer's first,
 * second, third and fourth and later referrals (decision 0041). The spec gives no dates: it is listed as past, before
 * the 2025 edition, and matches no new referral.
 */
export const EDITION_EARLIER: ReferralEdition = {
  id: 'earlier-tiers',
  startsAt: pacificInstant(2024, 9, 15).toISOString(),
  endsAt: pacificInstant(2024, 9, 15).toISOString(),
  countCutoffAt: pacificInstant(2024, 9, 15).toISOString(),
  tiersCents: [1500, 3000, 4500, 6000], milestones: false, sandbox: false,
};

/** The sandbox's current edition: from 30 days before `now` to 60 days after (Pacific days), counted 35 days more. */
export function sandboxEdition(now: Date): ReferralEdition {
  const startsAt = pacificDayAt(now, -30, 0);
  const endsAt = pacificDayAt(now, 61, 0);
  return {
    id: `sandbox-${startsAt.toISOString().slice(0, 10)}`,
    startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), countCutoffAt: pacificDayAt(endsAt, 35, 0).toISOString(),
    tiersCents: null, milestones: true, sandbox: true,
  };
}

/** The edition whose window holds `at`, if any. */
export const editionAt = (editions: readonly ReferralEdition[], at: Date): ReferralEdition | null =>
  editions.find((e) => Date.parse(e.startsAt) <= at.getTime() && at.getTime() < Date.parse(e.endsAt)) ?? null;
