/** The staff console's list of referral gifts to ship (its own staff cookie; silent: the console shows its errors). */
import { call } from '../api/client';
import { staffReferralGifts } from '../contract/referralStaff';

export const referralGiftsApi = { list: () => call(staffReferralGifts, { silent: true }) };
