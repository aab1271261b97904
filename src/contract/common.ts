import { z } from 'zod';
import { defineEndpoint, GATEWAY, PCAPP } from './endpoint';
import { emailField, textField } from './fields';

/** Spec section 3: email capture payload: email, collectType '1', channel 'pc'. */
export const offerLockingBody = z.object({
  email: emailField,
  collectType: z.literal('1'),
  channel: z.literal('pc'),
});

export const offerLocking = defineEndpoint({
  id: 'offerLocking',
  method: 'POST',
  path: `${PCAPP}/common/offerLocking`,
  summary: "Stores the footer's email capture. A duplicate email is not an error.",
  body: offerLockingBody,
  response: z.object({ subscribed: z.literal(true) }),
});

/** Image captcha: answers an SVG image; its token comes in the X-IMAGE-CODE-TOKEN response header. */
export const createImg = defineEndpoint({
  id: 'createImg',
  method: 'GET',
  path: `${GATEWAY}/pcapp/createImg`,
  summary: 'A new image captcha (single use, 2 minutes). The token is in the X-IMAGE-CODE-TOKEN response header.',
  /** `t`: anything that makes the URL new (the client sends a timestamp), so no cache answers it. */
  query: z.object({ t: textField({ max: 40 }).optional() }).optional(),
  response: z.unknown(),
  raw: true,
});

export const CAPTCHA_HEADERS = ['image-code', 'x-image-code-token'] as const;
