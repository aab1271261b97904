/**
 * The referral programme (issue 18 section 5, decision 0041): /ReferAFriend shows the rules and the current and past
 * editions to everyone, and to a logged-in customer their code and link, their referrals with their state (the
 * referralReward chart's) and their credits with expiry dates. The gateway decides every state.
 */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';

export const referralRewardState = z.enum(['recorded', 'pending.notActivated', 'pending.active', 'qualified', 'credited', 'expired', 'disqualified']);
export type ReferralRewardStateName = z.infer<typeof referralRewardState>;

export const referralEdition = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  countCutoffAt: z.string(),
  tiersCents: z.array(z.number().int()).nullable(),
  milestones: z.boolean(),
  sandbox: z.boolean(),
});

export const referralItem = z.object({
  id: z.number().int(),
  state: referralRewardState,
  reason: z.enum(['customerType', 'plan500mb', 'portOut', 'lineEnded', 'portedOut', 'notActivated']).nullable(),
  kind: z.enum(['newLine', 'portIn']).nullable(),
  /** The referee's line by its last four digits, once activated. */
  friend: z.string().nullable(),
  paidAt: z.string(),
  activeSince: z.string().nullable(),
  qualifiesAt: z.string().nullable(),
  creditDueBy: z.string().nullable(),
  creditedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  referrerCents: z.number().int(),
  milestoneCents: z.number().int(),
});

export const referralCredit = z.object({
  role: z.enum(['referrer', 'referee', 'milestone']),
  cents: z.number().int(),
  creditedAt: z.string(),
  expiresAt: z.string(),
  /** What the expiry took back (unspent); null until it expired. */
  withdrawnCents: z.number().int().nullable(),
});

export const referralData = z.object({
  code: z.string(),
  link: z.string(),
  referrals: z.array(referralItem),
  credits: z.array(referralCredit),
  gifts: z.array(z.object({ gift: z.enum(['goldPlate', 'iphone']), editionId: z.string(), referrals: z.number().int(), shipBy: z.string() })),
});
export type ReferralData = z.infer<typeof referralData>;

export const referralProgrammeData = z.object({
  current: referralEdition.nullable(),
  past: z.array(referralEdition),
  /** The customer's own, when logged in. */
  mine: referralData.nullable(),
});
export type ReferralProgramme = z.infer<typeof referralProgrammeData>;

export const referralProgramme = defineEndpoint({
  id: 'referralProgramme', method: 'POST', path: `${PCAPP}/referral/programme`, auth: 'optional',
  summary: 'The referral programme: its current and past editions, and (logged in) the customer\'s code, link, referrals, credits and gifts.',
  response: referralProgrammeData,
});
