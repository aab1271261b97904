import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';

export const payMethod = z.enum(['account', 'bank_card', 'wechat_pay', 'default_card']);
export type PayMethod = z.infer<typeof payMethod>;

/** Spec section 3: pay methods map. */
export const PAY_METHOD_CODES: Record<PayMethod, string> = {
  account: 'ACCOUNT',
  bank_card: 'SQUARE_CARD_PAY',
  wechat_pay: 'WECHAT_PAY',
  default_card: 'DEFAULT_CARD',
};

export const simStatus = z.enum(['inactive', 'activating', 'activated', 'expired']);
export const planStatus = z.enum(['main', 'pending', 'none']);

/** The customer's own data: stored as personalData (msisdn, showAutonewSetBtn, supportPayMethods). */
export const userInfoData = z.object({
  userId: z.number().int(),
  username: z.string(),
  msisdn: z.string(),
  /** 1 = the account has no US voice line of its own (decision 0002); routes flagged hasIsSmsUser send it to /personal. */
  isSmsUser: z.union([z.literal(0), z.literal(1)]),
  /** The account's line is the global data SIM (no US line): the portal shows the global pages. */
  global: z.boolean(),
  /** 0 hides top-up, plan change and China number entry points (spec section 2 footer rule). */
  showAutonewSetBtn: z.union([z.literal(0), z.literal(1)]),
  supportPayMethods: z.array(payMethod),
  hasPassword: z.boolean(),
  sim: z
    .object({ iccidLast4: z.string(), type: z.enum(['physical', 'esim']), status: simStatus })
    .nullable(),
  plan: z
    .object({
      status: planStatus,
      name: z.string().nullable(),
      expiresAt: z.string().nullable(), // ISO date-time, UTC
      autoRenew: z.boolean(),
      dataUsedMb: z.number().int().nullable(),
      dataTotalMb: z.number().int().nullable(), // null = unlimited
    }),
  balances: z.object({ generalCents: z.number().int(), ildCents: z.number().int() }),
});
export type UserInfo = z.infer<typeof userInfoData>;

export const userInfo = defineEndpoint({
  id: 'userInfo',
  method: 'POST',
  path: `${PCAPP}/personalcenter/userInfo`,
  summary: "The logged-in customer's number, SIM, plan and balances.",
  auth: 'required',
  response: userInfoData,
});
