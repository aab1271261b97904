/**
 * The account portal's home (issue 14, part HOME): /personal and /package read portalHome; /personal/wificall reads
 * and changes the E911 address of Wi-Fi calling; /person/scanInstall and /global/scanInstall show the eSIM's install
 * details after re-authentication (a code and the password).
 */
import { z } from 'zod';
import { e911AddressSchema } from './activation';
import { defineEndpoint, PCAPP } from './endpoint';
import { smsCodeField, textField } from './fields';
import { IDEMPOTENCY_HEADER } from './orders';
import { planStatus, simStatus } from './personal';
import { dualState } from './dualNumber';

/** Spec section 9: "Cycle 30 days; overage speed 128 kbps." */
export const PLAN_CYCLE_DAYS = 30;
export const OVERAGE_SPEED_KBPS = 128;

const planTerm = z.object({
  name: z.string(),
  slug: z.string(),
  /** ISO date-times (UTC); the screens show them in Pacific time. */
  startsAt: z.string(),
  expiresAt: z.string(),
  /** Whole days from start to expiry. */
  validityDays: z.number().int(),
});

export const portalPlan = planTerm.extend({
  status: planStatus,
  autoRenew: z.boolean(),
  cycleDays: z.literal(PLAN_CYCLE_DAYS),
  monthlyPriceCents: z.number().int(),
  usMinutes: z.number().int().nullable(),
  /** Inclusions of the catalogue (keys of the plans namespace). */
  inclusions: z.array(z.string()),
  data: z.object({
    usedMb: z.number().int(),
    /** null: unlimited high-speed data. */
    totalMb: z.number().int().nullable(),
    remainingMb: z.number().int().nullable(),
    /** The high-speed data is used up: basic data at 128 kbps until the next cycle. */
    slowed: z.boolean(),
  }),
});
export type PortalPlan = z.infer<typeof portalPlan>;

export const portalHomeData = z.object({
  msisdn: z.string(),
  /** The customer's line is the global data SIM (no US line): the portal shows the global pages. */
  global: z.boolean(),
  /** Decision 0002, computed by the gateway on every call. */
  isSmsUser: z.union([z.literal(0), z.literal(1)]),
  showAutonewSetBtn: z.union([z.literal(0), z.literal(1)]),
  /** The account logs in with a password (re-authentication asks for it); false for SMS-code-only accounts. */
  hasPassword: z.boolean(),
  sim: z.object({
    iccid: z.string(),
    type: z.enum(['physical', 'esim']),
    status: simStatus,
    kind: z.enum(['us', 'global']),
  }).nullable(),
  /** The plan in force (status main), or null (status none). */
  plan: portalPlan.nullable(),
  /** "Multi-month plans run in sequence": the plans that start when the current one expires (status pending). */
  upcoming: z.array(planTerm),
  balances: z.object({ generalCents: z.number().int(), ildCents: z.number().int() }),
  /** Issue 16: the US line's dual number (null without a US line). */
  dualNumber: z.object({ state: dualState, chinaNumber: z.string().nullable() }).nullable(),
  /** Issue 16 (decision 0037): the US line's replacement SIM on its way (ordered or shipped), or null. */
  replacement: z.object({ state: z.enum(['ordered', 'shipped']), orderNo: z.string() }).nullable(),
});
export type PortalHome = z.infer<typeof portalHomeData>;

export const portalHome = defineEndpoint({
  id: 'portalHome',
  method: 'POST',
  path: `${PCAPP}/personalcenter/home`,
  summary: "The logged-in customer's plan (with its sequence and data), SIM, number and balances.",
  auth: 'required',
  response: portalHomeData,
});

// ---- Wi-Fi calling (/personal/wificall) --------------------------------------------------------------------------

export const wifiCallData = z.object({
  msisdn: z.string(),
  /** The E911 address the network holds for the line; null when none was given. */
  e911: z.object({
    country: z.literal('US'), address1: z.string(), address2: z.string().nullable(), city: z.string(), state: z.string(), zip: z.string(),
  }).nullable(),
  updatedAt: z.string().nullable(),
});
export type WifiCallInfo = z.infer<typeof wifiCallData>;

export const wifiCallInfo = defineEndpoint({
  id: 'wifiCallInfo',
  method: 'POST',
  path: `${PCAPP}/personalcenter/wifiCall`,
  summary: "The E911 address of Wi-Fi calling on the customer's US line (isSmsUser 0 only).",
  auth: 'required',
  response: wifiCallData,
});

export const wifiCallUpdate = defineEndpoint({
  id: 'wifiCallUpdate',
  method: 'POST',
  path: `${PCAPP}/personalcenter/wifiCall/update`,
  summary: 'Changes the E911 address, provisioned on the network (Idempotency-Key: a retry provisions once). e911Invalid when the network refuses the address.',
  auth: 'required',
  headers: [IDEMPOTENCY_HEADER],
  body: e911AddressSchema,
  response: wifiCallData,
});

// ---- eSIM install details (/person/scanInstall, /global/scanInstall) -------------------------------------------

export const lineKind = z.enum(['us', 'global']);
/** 'sms': to the line's number; 'email': to the account's email, when the line's SIM is gone. */
export const installChannel = z.enum(['sms', 'email']);

export const installSendCode = defineEndpoint({
  id: 'installSendCode',
  method: 'POST',
  path: `${PCAPP}/personalcenter/scanInstall/sendCode`,
  summary: "Sends a re-authentication code to the line's number, or to the account's email when the SIM is gone.",
  auth: 'required',
  body: z.object({ line: lineKind, channel: installChannel }),
  response: z.object({ channel: installChannel, to: z.string(), resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() }),
});

export const installReveal = defineEndpoint({
  id: 'installReveal',
  method: 'POST',
  path: `${PCAPP}/personalcenter/scanInstall/reveal`,
  summary: "The current eSIM's QR text, SM-DP+ address and matching ID, after the code and the account's password.",
  auth: 'required',
  body: z.object({
    line: lineKind,
    code: smsCodeField.regex(/^\d{6}$/, { error: 'validation:code.invalid' }),
    /** The account's password; empty for an account that never set one (it logs in by SMS code only). */
    password: textField({ max: 128, tooLong: 'validation:password.invalid' }).optional().default(''),
  }),
  response: z.object({
    iccid: z.string(),
    smdpAddress: z.string(),
    matchingId: z.string(),
    /** "LPA:1$<SM-DP+ address>$<matching id>", the text of the QR code. */
    activationCode: z.string(),
  }),
});
