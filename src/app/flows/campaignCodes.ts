/**
 * Spec section 3 stored keys `couponCode`, `promotion` (platform) and `activityCode` / `activity_code` (decision 0045):
 * the codes a campaign or partner link brings, kept in this tab for the checkout. A link's own codes always win over
 * what an earlier link left in the tab, including when the link goes straight to the checkout: the checkout reads them
 * from its URL on its first render, before the root layout's effect has stored them.
 */
import type { LinkCodes, ResumePoint } from '../../../machines/checkout.machine';
import { campaignCodesFrom } from '../../domain/campaignLink';
import { getItem, setItem, type StorageKey } from '../../storage';

const keep = (key: Extract<StorageKey, 'couponCode' | 'promotion' | 'activityCode' | 'activity_code'>, value: string | null) => {
  if (value && getItem(key) !== value) setItem(key, value);
};

/** Stores the codes the URL's query names (only those it names) and answers them. */
export function keepCampaignCodes(search: string): LinkCodes {
  const codes = campaignCodesFrom(new URLSearchParams(search));
  keep('couponCode', codes.couponCode);
  keep('promotion', codes.promotionPlatform);
  keep('activityCode', codes.activityCode);
  keep('activity_code', codes.activityCode);
  return codes;
}

/** What the checkout opens with: each code as the URL names it, else as an earlier link of this tab kept it. */
export function checkoutLinkCodes(search: string): { fromUrl: LinkCodes; codes: LinkCodes } {
  const fromUrl = keepCampaignCodes(search);
  return {
    fromUrl,
    codes: {
      couponCode: fromUrl.couponCode ?? getItem('couponCode'),
      promotionPlatform: fromUrl.promotionPlatform ?? getItem('promotion'),
      activityCode: fromUrl.activityCode ?? getItem('activityCode') ?? getItem('activity_code'),
    },
  };
}

/**
 * A checkout resumed after a reload keeps its draft, but the codes its URL names replace the draft's: the link the
 * customer opened says which discount, platform and campaign the order is for.
 */
export function withUrlCodes(resume: ResumePoint | null, fromUrl: LinkCodes): ResumePoint | null {
  if (!resume) return resume;
  const draft = { ...resume.draft };
  if (fromUrl.couponCode) draft.couponCode = fromUrl.couponCode;
  if (fromUrl.promotionPlatform) draft.promotionPlatform = fromUrl.promotionPlatform;
  if (fromUrl.activityCode) draft.activityCode = fromUrl.activityCode;
  return { ...resume, draft };
}
