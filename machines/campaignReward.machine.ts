/**
 * A campaign reward's lifecycle (issue 18, decision 0042; spec section 4: "Campaign rewards pass review, then
 * credited"): a customer's participation in the Lunar New Year campaign, from the screenshots sent to the credit on the
 * General account or a rejection with the reason the customer reads. The truth is campaign_rewards.state on the
 * gateway, applied like every lifecycle (src/server/db/lifecycle.ts). The chart keeps no context.
 */
import { setup } from 'xstate';

export type CampaignRewardEvent =
  /** The server's clock: the edition's review days begin (at once when they have begun). */
  | { type: 'reward.reviewOpens' }
  /** Staff approve the screenshots in the console. */
  | { type: 'reward.approve'; staff: string }
  /** Staff reject them, with the reason the customer reads. */
  | { type: 'reward.reject'; staff: string; reason: string }
  /** The server's clock: the approved reward is credited to the General account. */
  | { type: 'reward.credit' };

export type CampaignRewardState = 'submitted' | 'underReview' | 'approved' | 'credited' | 'rejected';

export const campaignRewardMachine = setup({
  types: { events: {} as CampaignRewardEvent },
  actions: {
    /** The host records who approved and when, and schedules the credit (a job). */
    recordApproval: () => undefined,
    /** The host records who rejected it, when and why; the customer reads the reason on the campaign page. */
    recordRejection: () => undefined,
    /** The host credits the reward to the General account through the ledger, once (its reference is the reward's). */
    creditGeneralAccount: () => undefined,
  },
}).createMachine({
  id: 'campaignReward',
  description: 'Spec section 4: "Campaign rewards pass review, then credited." Spec section 9 (Lunar New Year): "review Feb 19-21; ... credit within 7 business days after Feb 21; one participation per user". Spec section 6: "Staff review IDs and screenshots".',
  initial: 'submitted',
  states: {
    submitted: {
      description: 'Spec section 9: "screenshot 24 hours after forwarding": the screenshots are in; they wait for the edition\'s review days ("review Feb 19-21").',
      on: {
        'reward.reviewOpens': {
          target: 'underReview',
          description: 'Spec section 9: "review Feb 19-21": the review days begin (the sandbox\'s current edition reviews while it runs).',
        },
      },
    },
    underReview: {
      description: 'Spec section 4: "Campaign rewards pass review". Spec section 6: "Staff review ... screenshots." Staff decide, not the clock.',
      on: {
        'reward.approve': {
          target: 'approved', actions: 'recordApproval',
          description: 'Spec section 9: "$8.88 per 3 groups (each at least 300 members), max 9 groups, $26.64; ... social post $8.88, 30 likes $18.88 total, 50 likes $28.88 total": staff found the screenshots show what was claimed.',
        },
        'reward.reject': {
          target: 'rejected', actions: 'recordRejection',
          description: 'Spec section 4: rewards "pass review": this one did not; staff give the reason the customer reads.',
        },
      },
    },
    approved: {
      description: 'Spec section 9: "credit within 7 business days after Feb 21": approved, waiting for the credit.',
      on: {
        'reward.credit': {
          target: 'credited', actions: 'creditGeneralAccount',
          description: 'Spec section 4: "then credited": to the General account, once.',
        },
      },
    },
    credited: {
      type: 'final',
      description: 'Spec section 4: "then credited": the reward is in the General account (spec section 3: "Balances").',
    },
    rejected: {
      type: 'final',
      description: 'Spec section 9: "one participation per user": a rejected participation is final; the customer reads why.',
    },
  },
});
