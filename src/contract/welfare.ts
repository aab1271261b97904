/**
 * Bank card points (issue 18 section 6, decision 0043; spec section 9: "Bank card points: 20% cashback up to $20";
 * spec section 8: 120084 email already joined the activity, 120085 bank card already joined the activity): the edition
 * running, the customer's cards that can join, joining with one card and an email, and the participation with the
 * payments that earned cashback. The gateway decides every state (machines/welfareParticipation.machine.ts).
 */
import { z } from 'zod';
import { campaignEligibility } from './campaigns';
import { defineEndpoint, PCAPP } from './endpoint';
import { emailField, recordIdField } from './fields';
import { IDEMPOTENCY_HEADER } from './orders';

export const welfareState = z.enum(['joined', 'earning', 'capped', 'ended']);
export type WelfareStateName = z.infer<typeof welfareState>;

const edition = z.object({ id: z.string(), starts: z.string(), ends: z.string(), sandbox: z.boolean() });

/** A saved card as the join form offers it: `joinable` false when the provider has no fingerprint for it. */
export const welfareCard = z.object({
  id: z.number().int(), brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int(), isDefault: z.boolean(),
  joinable: z.boolean(),
});
export type WelfareCard = z.infer<typeof welfareCard>;

export const welfareCashback = z.object({
  paidAt: z.string(),
  /** What the payment paid for (an order kind: plan, topup, addOn, ...). */
  kind: z.string(),
  paymentCents: z.number().int(),
  cashbackCents: z.number().int(),
});

export const welfareParticipation = z.object({
  state: welfareState,
  edition: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }),
  email: z.string(),
  earnedCents: z.number().int(),
  remainingCents: z.number().int(),
  joinedAt: z.string(),
  endsAt: z.string(),
  cashbacks: z.array(welfareCashback),
});
export type WelfareParticipationData = z.infer<typeof welfareParticipation>;

export const welfareData = z.object({
  /** The edition running now, or null between editions. */
  edition: edition.nullable(),
  percent: z.number().int(),
  capCents: z.number().int(),
  eligibility: campaignEligibility,
  /** The account's email, to fill the form with. */
  accountEmail: z.string().nullable(),
  cards: z.array(welfareCard),
  /** The current edition's participation, else the customer's latest. */
  participation: welfareParticipation.nullable(),
});
export type WelfareData = z.infer<typeof welfareData>;

export const welfareJoinBody = z.object({
  cardId: recordIdField('validation:welfare.card.required'),
  email: emailField,
});
export type WelfareJoinInput = z.input<typeof welfareJoinBody>;

export const welfareInfo = defineEndpoint({
  id: 'welfareInfo', method: 'GET', path: `${PCAPP}/welfare/info`, auth: 'required',
  summary: 'Bank card points: the edition running, the cards that can join, and the customer\'s participation and cashback.',
  response: welfareData,
});

/** 120084 the email joined this edition already, 120085 the card did (by its fingerprint, from any account); 90056 the customer did. */
export const welfareJoin = defineEndpoint({
  id: 'welfareJoin', method: 'POST', path: `${PCAPP}/welfare/join`, auth: 'required',
  summary: 'Joins the edition running with one saved card and an email (idempotent by key).',
  body: welfareJoinBody,
  headers: [IDEMPOTENCY_HEADER],
  response: welfareData,
});
