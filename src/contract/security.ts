/**
 * SIM-swap and port-out protection (issue 16, FCC 23-95): the number lock, the number transfer PIN, physical to eSIM
 * and back after re-authentication (/person/conversionCard), and the CPNI opt-out (/cpni-out, logged out).
 */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';
import { passwordField, phoneField, smsCodeField } from './fields';
import { IDEMPOTENCY_HEADER } from './orders';

const reauth = { code: smsCodeField, password: passwordField };

export const securityInfoData = z.object({
  usNumber: z.string(),
  simType: z.enum(['physical', 'esim']),
  /** The last 4 digits of the card's ICCID. */
  iccidEnd: z.string(),
  numberLocked: z.boolean(),
  lockedAt: z.string().nullable(),
  /** An unused, unexpired transfer PIN exists (never the PIN itself: it is shown once). */
  pin: z.object({ expiresAt: z.string() }).nullable(),
  /** The SIM change this line can make: to an eSIM (a physical card), back to the physical card it came from, or none. */
  canConvert: z.enum(['toEsim', 'toPhysical']).nullable(),
  physicalIccidEnd: z.string().nullable(),
  changes: z.array(z.object({ kind: z.enum(['toEsim', 'toPhysical', 'replacement']), at: z.string(), reauth: z.enum(['sms', 'email']) })),
  portOutRequests: z.array(z.object({
    carrier: z.string(), outcome: z.enum(['accepted', 'refused']),
    reason: z.enum(['locked', 'pinWrong', 'pinExpired', 'unknownNumber', 'accountMismatch']).nullable(), at: z.string(),
  })),
});
export type SecurityInfo = z.infer<typeof securityInfoData>;

export const securityInfo = defineEndpoint({
  id: 'securityInfo', method: 'GET', path: `${PCAPP}/security`, auth: 'required',
  summary: 'The US line\'s number lock, transfer PIN, SIM and its changes, and the port-out requests received.',
  response: securityInfoData,
});

export const securitySendCode = defineEndpoint({
  id: 'securitySendCode', method: 'POST', path: `${PCAPP}/security/code`, auth: 'required',
  summary: 'A re-authentication code to the line (sms) or, when the line is lost, the account\'s email.',
  body: z.object({ channel: z.enum(['sms', 'email']) }),
  response: z.object({ channel: z.enum(['sms', 'email']), to: z.string(), resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() }),
});

export const securityLock = defineEndpoint({
  id: 'securityLock', method: 'POST', path: `${PCAPP}/security/lock`, auth: 'required',
  summary: 'Turns the number lock on, or off after re-authentication (a code and the password).',
  body: z.discriminatedUnion('locked', [
    z.object({ locked: z.literal(true) }),
    z.object({ locked: z.literal(false), ...reauth }),
  ]),
  response: securityInfoData,
});

export const securityPin = defineEndpoint({
  id: 'securityPin', method: 'POST', path: `${PCAPP}/security/pin`, auth: 'required',
  summary: 'A new number transfer PIN (8 digits, single use, 24 hours) after re-authentication; shown once.',
  body: z.object(reauth),
  response: z.object({ pin: z.string(), expiresAt: z.string(), accountNumber: z.string() }),
});

export const securityConvert = defineEndpoint({
  id: 'securityConvert', method: 'POST', path: `${PCAPP}/security/convert`, auth: 'required', headers: [IDEMPOTENCY_HEADER],
  summary: 'Physical card to eSIM (the card is void, the number unchanged, the QR emailed) or back, after re-authentication.',
  body: z.object({ direction: z.enum(['toEsim', 'toPhysical']), ...reauth }),
  response: securityInfoData,
});

export const cpniSendCode = defineEndpoint({
  id: 'cpniSendCode', method: 'POST', path: `${PCAPP}/cpni/code`, auth: 'none',
  summary: '/cpni-out: a code to the line (the answer is the same for any number).',
  body: z.object({ phone: phoneField }),
  response: z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() }),
});

export const cpniChoice = defineEndpoint({
  id: 'cpniChoice', method: 'POST', path: `${PCAPP}/cpni/choice`, auth: 'none',
  summary: '/cpni-out: the line proven by its code, the customer opts out of (or back into) the use of their CPNI.',
  body: z.object({ phone: phoneField, code: smsCodeField, optOut: z.boolean() }),
  response: z.object({ optedOut: z.boolean(), at: z.string() }),
});
