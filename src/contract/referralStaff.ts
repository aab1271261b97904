/** The staff console's side of the referral programme (issue 18 section 5, decision 0041): the gifts to ship. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { STAFF_API } from './staff';

/** Gifts to ship (spec section 9: "gifts ship within 15 working days"): what staff send, to whom, by when. */
export const staffGift = z.object({
  id: z.number().int(),
  gift: z.enum(['goldPlate', 'iphone']),
  editionId: z.string(),
  referrals: z.number().int(),
  shipBy: z.string(),
  createdAt: z.string(),
  referrer: z.object({ username: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
});
export type StaffGift = z.infer<typeof staffGift>;

export const staffReferralGifts = defineEndpoint({
  id: 'staffReferralGifts', method: 'GET', path: `${STAFF_API}/referral/gifts`, auth: 'staff',
  summary: 'The referral programme\'s gifts to ship (the 10-referral gold plate, the top referrer\'s iPhone), soonest ship-by date first.',
  response: z.object({ gifts: z.array(staffGift) }),
});
