/**
 * The phone check (/phone-detection; spec sections 2, 3 "Phone check: brand, model, IMEI", 5 "IMEI 15-17 digits",
 * 8 "phone not compatible or blocked"; issue 18, decision 0038). The form's rules are these schemas, on the page and
 * at the gateway; the answer is the gateway's alone.
 */
import { z } from 'zod';
import { COMPATIBILITIES, LIMITS, MARKETS, VERDICTS } from '../domain/devices';
import { imeiDigits, imeiProblem } from '../domain/imei';
import { defineEndpoint, PCAPP } from './endpoint';
import { textField } from './fields';

export const brandField = textField({ max: 40, trim: true, required: 'validation:device.brandRequired' })
  .min(1, { error: 'validation:device.brandRequired', abort: true });
export const modelField = textField({ max: 80, trim: true, required: 'validation:device.modelRequired' })
  .min(1, { error: 'validation:device.modelRequired', abort: true });
/** What was typed, separators and all; the gateway reads its digits. */
export const imeiField = textField({ max: 40, trim: true, required: 'validation:imei.required', tooLong: 'validation:imei.length' })
  .superRefine((value, ctx) => {
    const problem = imeiProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `validation:imei.${problem}` });
  })
  .transform(imeiDigits);

export const phoneCheckRequest = z.object({ brand: brandField, model: modelField, imei: imeiField });
export type PhoneCheckRequest = z.input<typeof phoneCheckRequest>;

export const phoneCheckAnswer = z.object({
  verdict: z.enum(VERDICTS),
  /** The model the IMEI's TAC names in the device table; null when the table does not know it. */
  device: z.object({
    brand: z.string(), model: z.string(), market: z.enum(MARKETS), compatibility: z.enum(COMPATIBILITIES), esim: z.boolean(), certified: z.boolean(),
  }).nullable(),
  /** What keeps the device from full compatibility (no eSIM first), for the page to explain. */
  limits: z.array(z.enum(LIMITS)),
  /** Whether the brand typed is the device's (any language); false when the table does not know the device. */
  brandMatches: z.boolean(),
});
export type PhoneCheckAnswer = z.infer<typeof phoneCheckAnswer>;

export const phoneCheck = defineEndpoint({
  id: 'phoneCheck',
  method: 'POST',
  path: `${PCAPP}/common/phoneCheck`,
  summary: 'The phone check: whether a phone (brand, model, IMEI) works on the network, with eSIM or not, or is locked or blocked.',
  auth: 'none',
  body: phoneCheckRequest,
  response: phoneCheckAnswer,
});
