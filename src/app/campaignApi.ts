/**
 * The campaigns' calls (issue 18, decision 0042): the Lunar New Year page's (the customer's own session) and the staff
 * console's campaign queue (the staff cookie). Always `silent`: both pages show their own errors in place.
 */
import { call, uploadFile } from '../api/client';
import {
  campaignLunarNewYear, campaignScreenshot, campaignSubmit, campaignUpload, staffCampaign, staffCampaignDecide, staffCampaigns, staffCampaignShot,
  type LunarNewYearSubmission, type ScreenshotSlot,
} from '../contract/campaigns';
import { lotteryDraw, lotteryInfo } from '../contract/lottery';

export const campaignApi = {
  lunarNewYear: () => call(campaignLunarNewYear, { silent: true }),
  upload: (slot: ScreenshotSlot, file: Blob) => uploadFile(campaignUpload, file, { query: { slot }, silent: true }),
  submit: (body: LunarNewYearSubmission) => call(campaignSubmit, { body, silent: true }),
  lottery: () => call(lotteryInfo, { silent: true }),
  draw: () => call(lotteryDraw, { silent: true }),
  screenshotUrl: (ref: string) => `${campaignScreenshot.path}?ref=${encodeURIComponent(ref)}`,
};

export const staffCampaignApi = {
  list: (status: 'waiting' | 'decided') => call(staffCampaigns, { query: { status }, silent: true }),
  detail: (id: number) => call(staffCampaign, { query: { id }, silent: true }),
  approve: (id: number) => call(staffCampaignDecide, { body: { id, decision: 'approve' }, silent: true }),
  reject: (id: number, reason: string) => call(staffCampaignDecide, { body: { id, decision: 'reject', reason }, silent: true }),
  shotUrl: (id: number, n: number) => `${staffCampaignShot.path}?id=${id}&n=${n}`,
};
