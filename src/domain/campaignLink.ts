/**
 * Spec section 3's stored keys `couponCode`, `promotion` (platform), `activity_code` / `activityCode` (decision 0045):
 * what a campaign or partner link brings (`/?couponCode=WELCOME10&promotion=wechat&activityCode=BACK2SCHOOL`), kept for
 * the checkout. A value that is not a code (spaces, markup, too long) is not kept.
 */
export const ATTRIBUTION_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;

export interface CampaignCodes { couponCode: string | null; promotionPlatform: string | null; activityCode: string | null }

const code = (value: string | null): string | null => (value && ATTRIBUTION_PATTERN.test(value.trim()) ? value.trim() : null);

/** The codes a link's query names; `activity_code` is the older spelling of `activityCode`, `platform` of `promotion`. */
export function campaignCodesFrom(params: URLSearchParams): CampaignCodes {
  return {
    couponCode: code(params.get('couponCode'))?.toUpperCase() ?? null,
    promotionPlatform: code(params.get('promotion') ?? params.get('platform')),
    activityCode: code(params.get('activityCode') ?? params.get('activity_code')),
  };
}
