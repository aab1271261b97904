/**
 * Campaigns of spec section 9 (issue 18, decision 0042). The Lunar New Year campaign: "Jan 27 to Feb 16, 2025; review
 * Feb 19-21; $8.88 per 3 groups (each at least 300 members), max 9 groups, $26.64; screenshot 24 hours after
 * forwarding; social post $8.88, 30 likes $18.88 total, 50 likes $28.88 total; credit within 7 business days after
 * Feb 21; one participation per user". Editions are configuration: the spec's dated one is kept as a past edition; the
 * sandbox adds a current one around the day the gateway starts, so a person can try the campaign.
 */
import { pacificInstant } from './planCalendar';
import { addWorkingDays, pacificDate } from './workingDays';

export const LNY_GROUP_STEP = 3;
export const LNY_STEP_CENTS = 888;
export const LNY_MAX_GROUPS = 9;
export const LNY_MIN_GROUP_MEMBERS = 300;
/** "screenshot 24 hours after forwarding". */
export const LNY_SCREENSHOT_AFTER_HOURS = 24;
/** The social post: $8.88, 30 likes $18.88 in all, 50 likes $28.88 in all (highest tier reached first). */
export const LNY_SOCIAL_TIERS = [
  { likes: 50, cents: 2888 },
  { likes: 30, cents: 1888 },
  { likes: 0, cents: 888 },
] as const;
/** "credit within 7 business days after Feb 21". */
export const LNY_CREDIT_WORKING_DAYS = 7;
/** The groups a customer may claim: one screenshot per group, in steps of 3 (0 when only the social post is claimed). */
export const LNY_GROUP_CHOICES = [0, 3, 6, 9] as const;

/** Pacific calendar days, both inclusive. */
export interface CampaignEdition {
  id: string;
  starts: string;
  ends: string;
  reviewFrom: string;
  reviewTo: string;
  /** The sandbox's edition around today (not the product's calendar). */
  sandbox: boolean;
}

/** The spec's dated edition (spec section 9), kept as a past one. */
export const LUNAR_NEW_YEAR_EDITIONS: readonly CampaignEdition[] = [
  { id: 'lny-2025', starts: '2025-01-27', ends: '2025-02-16', reviewFrom: '2025-02-19', reviewTo: '2025-02-21', sandbox: false },
];

const day = (date: string) => pacificInstant(+date.slice(0, 4), +date.slice(5, 7), +date.slice(8, 10));
const plusDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The sandbox's current edition: three weeks around the Pacific day it is made on (a week back, two ahead), reviewed
 * while it runs (so a screenshot sent today is reviewed today) and for 3 days after, as the spec's is.
 */
export function sandboxLunarNewYear(today: Date): CampaignEdition {
  const date = pacificDate(today);
  const starts = plusDays(date, -7);
  const ends = plusDays(date, 14);
  return { id: 'lny-sandbox', starts, ends, reviewFrom: starts, reviewTo: plusDays(ends, 3), sandbox: true };
}

/** The instant a Pacific calendar day ('YYYY-MM-DD') begins. */
export const pacificDayStart = (date: string): Date => day(date);
export const startsAt = (e: CampaignEdition): Date => day(e.starts);
/** The instant the last day ends (the next Pacific midnight). */
export const endsAt = (e: CampaignEdition): Date => day(plusDays(e.ends, 1));
export const reviewStartsAt = (e: CampaignEdition): Date => day(e.reviewFrom);
/** "credit within 7 business days after Feb 21": the end of the 7th working day after the review's last day. */
export const creditBy = (e: CampaignEdition): Date => addWorkingDays(day(e.reviewTo), LNY_CREDIT_WORKING_DAYS);

export const isOpen = (e: CampaignEdition, now: Date): boolean => startsAt(e) <= now && now < endsAt(e);

/** "$8.88 per 3 groups ..., max 9 groups, $26.64". */
export const groupsCents = (groups: number): number => Math.floor(Math.min(groups, LNY_MAX_GROUPS) / LNY_GROUP_STEP) * LNY_STEP_CENTS;
/** "social post $8.88, 30 likes $18.88 total, 50 likes $28.88 total"; null: no post claimed. */
export const socialCents = (likes: number | null): number => (likes === null ? 0 : LNY_SOCIAL_TIERS.find((t) => likes >= t.likes)!.cents);
export const rewardCents = (claim: { groups: number; likes: number | null }): number => groupsCents(claim.groups) + socialCents(claim.likes);

/** The screenshot of a forwarded group is taken 24 hours after forwarding: not before. */
export const screenshotReadyAt = (forwardedAt: Date): Date => new Date(forwardedAt.getTime() + LNY_SCREENSHOT_AFTER_HOURS * 3_600_000);
