/** The lucky draw (issue 18, /activity/lottery, decision 0042): prizes, odds, the customer's entry, the draw. */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';
import { campaignEligibility } from './campaigns';

export const lotteryPrize = z.enum(['grand', 'ten', 'two', 'none']);
export const lotteryData = z.object({
  /** The draw running now, or null. */
  edition: z.object({ id: z.string(), starts: z.string(), ends: z.string() }).nullable(),
  period: z.object({ id: z.string(), lastDay: z.string() }),
  prizes: z.array(z.object({ code: lotteryPrize, amountCents: z.number().int(), chances: z.number().int(), stock: z.number().int().nullable(), left: z.number().int().nullable() })),
  rolls: z.number().int(),
  eligibility: campaignEligibility,
  /** This period's draw of the logged-in customer. */
  entry: z.object({ prize: lotteryPrize, amountCents: z.number().int(), at: z.string() }).nullable(),
});
export type LotteryData = z.infer<typeof lotteryData>;

export const lotteryInfo = defineEndpoint({
  id: 'lotteryInfo', method: 'GET', path: `${PCAPP}/campaign/lottery`, auth: 'optional',
  summary: 'The lucky draw: its prizes with their odds and what is left this period, and the customer\'s entry.',
  response: lotteryData,
});

export const lotteryDraw = defineEndpoint({
  id: 'lotteryDraw', method: 'POST', path: `${PCAPP}/campaign/lottery/draw`, auth: 'required',
  summary: 'Draws once for this period (90056 the second time; 120092 when the prize drawn ran out at that moment).',
  response: lotteryData,
});
