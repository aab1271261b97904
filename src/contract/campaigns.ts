/**
 * Campaigns (issue 18, decision 0042; spec section 9, "Lunar New Year"): the campaign's editions and rules, the
 * customer's participation, its screenshots (the dual number's image rules), and the staff console's review queue.
 * The gateway decides every state (machines/campaignReward.machine.ts).
 */
import { z } from 'zod';
import { LNY_GROUP_CHOICES } from '../domain/campaigns';
import { defineEndpoint, PCAPP } from './endpoint';
import { recordIdField, textField } from './fields';
import { STAFF_API, STAFF_REASON_MAX } from './staff';

export const campaignRewardState = z.enum(['submitted', 'underReview', 'approved', 'credited', 'rejected']);
export type CampaignRewardStateName = z.infer<typeof campaignRewardState>;
export const screenshotSlot = z.enum(['group', 'social']);
export type ScreenshotSlot = z.infer<typeof screenshotSlot>;

/** A screenshot's reference (what the upload answered). */
export const screenshotRef = textField({ max: 64, trim: true, required: 'validation:campaign.screenshot.required' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'validation:campaign.screenshot.required');

const edition = z.object({
  id: z.string(), starts: z.string(), ends: z.string(), reviewFrom: z.string(), reviewTo: z.string(),
  /** The end of the 7th working day after the review's last day (ISO). */
  creditBy: z.string(),
  sandbox: z.boolean(),
});

/** Why a logged-in customer cannot take part: not an individual customer, or no plan or SIM bought yet. */
export const campaignEligibility = z.enum(['visitor', 'eligible', 'notIndividual', 'notCustomer']);

export const participation = z.object({
  id: z.number().int(),
  state: campaignRewardState,
  groups: z.number().int(),
  forwardedAt: z.string().nullable(),
  likes: z.number().int().nullable(),
  amountCents: z.number().int(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Rejected: the reason staff gave. */
  reason: z.string().nullable(),
  creditedAt: z.string().nullable(),
  screenshots: z.array(z.object({ ref: z.string(), slot: screenshotSlot })),
});
export type Participation = z.infer<typeof participation>;

export const lunarNewYearData = z.object({
  /** The edition running now, or null between editions. */
  current: edition.nullable(),
  /** Editions that ended (the spec's dated one among them), newest first. */
  past: z.array(edition),
  eligibility: campaignEligibility,
  participation: participation.nullable(),
});
export type LunarNewYearData = z.infer<typeof lunarNewYearData>;

export const campaignLunarNewYear = defineEndpoint({
  id: 'campaignLunarNewYear', method: 'GET', path: `${PCAPP}/campaign/lunarNewYear`, auth: 'optional',
  summary: 'The Lunar New Year campaign: its current and past editions, and the logged-in customer\'s eligibility and participation.',
  response: lunarNewYearData,
});

const when = z.string({ error: 'validation:campaign.forwardedAt.required' }).datetime({ offset: true, error: 'validation:campaign.forwardedAt.required' });

/** Spec section 9: groups in steps of 3 (up to 9), one screenshot each, taken 24 hours after forwarding; or the social post. */
export const lunarNewYearSubmission = z.object({
  groups: z.number().int().refine((n) => (LNY_GROUP_CHOICES as readonly number[]).includes(n), 'validation:campaign.groups.invalid'),
  forwardedAt: when.nullable(),
  groupShots: z.array(screenshotRef).max(9, 'validation:campaign.groupShots.count'),
  likes: z.number({ error: 'validation:campaign.likes.invalid' }).int('validation:campaign.likes.invalid').min(0, 'validation:campaign.likes.invalid').max(1_000_000, 'validation:campaign.likes.invalid').nullable(),
  socialShot: screenshotRef.nullable(),
}).superRefine((v, ctx) => {
  if (v.groups === 0 && v.likes === null) ctx.addIssue({ code: 'custom', path: ['groups'], message: 'validation:campaign.nothingClaimed' });
  if (v.groups > 0 && v.groupShots.length !== v.groups) ctx.addIssue({ code: 'custom', path: ['groupShots'], message: 'validation:campaign.groupShots.count' });
  if (v.groups > 0 && v.forwardedAt === null) ctx.addIssue({ code: 'custom', path: ['forwardedAt'], message: 'validation:campaign.forwardedAt.required' });
  if (v.likes !== null && v.socialShot === null) ctx.addIssue({ code: 'custom', path: ['socialShot'], message: 'validation:campaign.screenshot.required' });
  if (new Set(v.groupShots).size !== v.groupShots.length) ctx.addIssue({ code: 'custom', path: ['groupShots'], message: 'validation:campaign.groupShots.count' });
});
export type LunarNewYearSubmission = z.infer<typeof lunarNewYearSubmission>;

export const campaignSubmit = defineEndpoint({
  id: 'campaignSubmit', method: 'POST', path: `${PCAPP}/campaign/lunarNewYear/submit`, auth: 'required',
  summary: 'Takes part in the current edition, once per customer (90056 the second time), with the uploaded screenshots.',
  body: lunarNewYearSubmission, response: lunarNewYearData,
});

export const uploadedScreenshot = z.object({ ref: z.string(), slot: screenshotSlot, width: z.number().int(), height: z.number().int(), bytes: z.number().int() });
/** The body is the JPEG itself, as the dual number's photos (spec section 5: "images JPG only, max 1MB"). */
export const campaignUpload = defineEndpoint({
  id: 'campaignUpload', method: 'POST', path: `${PCAPP}/campaign/screenshot`, auth: 'required',
  summary: 'One screenshot (JPG by content, at most 1 MB); stored re-encoded without metadata, encrypted; answers its reference.',
  query: z.object({ slot: screenshotSlot }), response: uploadedScreenshot,
});

export const campaignScreenshot = defineEndpoint({
  id: 'campaignScreenshot', method: 'GET', path: `${PCAPP}/campaign/screenshot`, auth: 'required', raw: true,
  summary: 'One of the customer\'s own screenshots (image/jpeg); anybody else\'s answers 404.',
  query: z.object({ ref: screenshotRef }), response: z.unknown(),
});

// ---- the staff console ----------------------------------------------------------------------------------------

const rewardSummary = z.object({
  id: z.number().int(), state: campaignRewardState, edition: z.string(), customer: z.string(),
  groups: z.number().int(), forwardedAt: z.string().nullable(), likes: z.number().int().nullable(), amountCents: z.number().int(),
  submittedAt: z.string(), decidedAt: z.string().nullable(), decidedBy: z.string().nullable(), reason: z.string().nullable(), creditedAt: z.string().nullable(),
});
export type RewardSummary = z.infer<typeof rewardSummary>;

export const staffCampaigns = defineEndpoint({
  id: 'staffCampaigns', method: 'GET', path: `${STAFF_API}/campaigns`, auth: 'staff',
  summary: 'Campaign screenshots to review (oldest first), or decided (newest first).',
  query: z.object({ status: z.enum(['waiting', 'decided']).default('waiting') }),
  response: z.object({ rewards: z.array(rewardSummary) }),
});

export const staffCampaign = defineEndpoint({
  id: 'staffCampaign', method: 'GET', path: `${STAFF_API}/campaign`, auth: 'staff',
  summary: 'One participation with its screenshots (the view is logged).',
  query: z.object({ id: z.coerce.number().pipe(recordIdField('validation:record.invalid')) }),
  response: rewardSummary.extend({
    screenshots: z.array(z.object({ n: z.number().int(), slot: screenshotSlot, width: z.number().int(), height: z.number().int() })),
    log: z.array(z.object({ action: z.string(), staff: z.string(), at: z.string() })),
  }),
});

export const staffCampaignShot = defineEndpoint({
  id: 'staffCampaignShot', method: 'GET', path: `${STAFF_API}/campaign/screenshot`, auth: 'staff', raw: true,
  summary: 'A screenshot of a participation (image/jpeg), for the reviewer; each view is logged.',
  query: z.object({ id: z.coerce.number().pipe(recordIdField('validation:record.invalid')), n: z.coerce.number().int().min(0).max(20) }), response: z.unknown(),
});

export const staffCampaignDecide = defineEndpoint({
  id: 'staffCampaignDecide', method: 'POST', path: `${STAFF_API}/campaign/decision`, auth: 'staff',
  summary: 'Approve a participation (credited to the General account) or reject it with the reason the customer reads.',
  body: z.discriminatedUnion('decision', [
    z.object({ id: recordIdField('validation:record.invalid'), decision: z.literal('approve') }),
    z.object({
      id: recordIdField('validation:record.invalid'), decision: z.literal('reject'),
      reason: textField({ max: STAFF_REASON_MAX, trim: true, required: 'validation:staff.reason.required', tooLong: 'validation:staff.reason.length' })
        .min(1, 'validation:staff.reason.required'),
    }),
  ], { error: 'validation:staff.decision.required' }),
  response: rewardSummary,
});
