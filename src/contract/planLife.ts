/**
 * Plans over time (issue 15): the auto-renewal of the customer's US line as /personal and
 * /personal/autosubscription/subscription show and change it (also login-free, through the signed link of the
 * renewal emails), and the line's service (a suspension with what to pay and by when, and the recovery).
 */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';
import { textField } from './fields';

export const renewalMethod = z.enum(['card', 'balance']);
export const autoRenewalState = z.enum(['notOpen', 'open.card', 'open.balance', 'closing', 'closed']);

export const autoRenewalView = z.object({
  state: autoRenewalState,
  method: renewalMethod.nullable(),
  hasCard: z.boolean(),
  /** ISO date-times (UTC); the screens show them in Pacific time. */
  expiresAt: z.string().nullable(),
  nextRenewalAt: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  planName: z.string().nullable(),
  /** "Maintenance 0-3 AM Pacific: cannot be changed" now; until maintenanceEndsAt. */
  maintenance: z.boolean(),
  maintenanceEndsAt: z.string().nullable(),
});
export type AutoRenewalInfo = z.infer<typeof autoRenewalView>;

export const serviceView = z.object({
  state: z.enum(['active', 'suspended.unpaid', 'suspended.kept', 'suspended.byStaff', 'numberRemoved']),
  suspendedAt: z.string().nullable(),
  /**
   * Suspended for an unpaid renewal (or kept, issue 16): the plan, the recovery fee of every 30 days begun (without
   * keeping), their sum, and the last day to pay (none while kept: the 90 days do not run).
   */
  planCents: z.number().int().nullable(),
  feeCents: z.number().int().nullable(),
  toPayCents: z.number().int().nullable(),
  payBy: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ServiceInfo = z.infer<typeof serviceView>;

export const planLifeData = z.object({ autoRenewal: autoRenewalView, service: serviceView });
export type PlanLife = z.infer<typeof planLifeData>;

export const autoRenewalChange = z.discriminatedUnion('action', [
  z.object({ action: z.literal('open'), method: renewalMethod, termsAccepted: z.boolean() }),
  z.object({ action: z.literal('changeMethod'), method: renewalMethod }),
  z.object({ action: z.literal('requestClose') }),
  z.object({ action: z.literal('confirmClose') }),
  z.object({ action: z.literal('keepOpen') }),
]);
export type AutoRenewalChangeInput = z.infer<typeof autoRenewalChange>;

/** The signed link's token (emails): base64url body, a dot, base64url signature. */
const linkToken = textField({ max: 400, trim: true });

export const planLife = defineEndpoint({
  id: 'planLife',
  method: 'POST',
  path: `${PCAPP}/personalcenter/planLife`,
  summary: "The auto-renewal and the service of the customer's US line (noUsLine without one).",
  auth: 'required',
  response: planLifeData,
});

export const autoRenewalByLink = defineEndpoint({
  id: 'autoRenewalByLink',
  method: 'POST',
  path: `${PCAPP}/autosubscription/info`,
  summary: 'The auto-renewal a signed email link names, without login (renewalLinkInvalid when forged, expired or used).',
  auth: 'none',
  body: z.object({ token: linkToken }),
  response: autoRenewalView,
});

export const autoRenewalUpdate = defineEndpoint({
  id: 'autoRenewalUpdate',
  method: 'POST',
  path: `${PCAPP}/autosubscription/change`,
  summary: 'One change of the auto-renewal chart: open (terms accepted), change method, ask to close, confirm, keep open. With `token`, the signed link is the credential for this one change; without, the session.',
  auth: 'optional',
  body: z.object({ token: linkToken.optional(), change: autoRenewalChange }),
  response: autoRenewalView,
});

export const serviceRecover = defineEndpoint({
  id: 'serviceRecover',
  method: 'POST',
  path: `${PCAPP}/personalcenter/recover`,
  summary: 'Recovers a line suspended for an unpaid renewal: the plan and the recovery fee, from the General balance or the default card (120081 when the balance is short).',
  auth: 'required',
  body: z.object({ method: renewalMethod }),
  response: planLifeData,
});
