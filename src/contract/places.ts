/**
 * Coverage and stores (issue 18, spec section 2: /coverage and /store; decision 0040): the network's coverage by ZIP
 * code or city, and the stores and dealers by state and city or by distance from a ZIP code. Public reads.
 */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';
import { textField } from './fields';
import { parsePlaceQuery, PLACE_QUERY_MAX } from '../domain/places';
import { isUsState, US_STATE_CODES, type UsState } from '../domain/usStates';

/** A ZIP code or a city, in English or Chinese (src/domain/places.ts): the same rule on the form and the gateway. */
export const placeQueryField = textField({ max: PLACE_QUERY_MAX, trim: true, required: 'validation:placeQuery.required', tooLong: 'validation:placeQuery.invalid' })
  .superRefine((value, ctx) => {
    const parsed = parsePlaceQuery(value);
    if ('problem' in parsed) ctx.addIssue({ code: 'custom', message: `validation:placeQuery.${parsed.problem}` });
  });

export const zipQueryField = textField({ max: 10, trim: true, required: 'validation:zip.required', tooLong: 'validation:zip.format' })
  .min(1, { error: 'validation:zip.required', abort: true })
  .regex(/^\d{5}$/, 'validation:zip.format');

export const usStateField = z.string({ error: 'validation:state.required' })
  .refine((s): s is UsState => isUsState(s), 'validation:state.invalid');

export const TECHNOLOGIES = ['5g', 'lte', '3g2g', 'none'] as const;
export type Technology = (typeof TECHNOLOGIES)[number];
export const QUALITIES = ['excellent', 'good', 'fair', 'poor', 'none'] as const;
export type Quality = (typeof QUALITIES)[number];

const place = {
  zip: z.string(),
  city: z.string(),
  cityZhHans: z.string().nullable(),
  cityZhHant: z.string().nullable(),
  state: z.enum(US_STATE_CODES as [UsState, ...UsState[]]),
  lat: z.number(),
  lon: z.number(),
};

export const coverageArea = z.object({
  ...place,
  technology: z.enum(TECHNOLOGIES),
  outdoor: z.enum(QUALITIES),
  indoor: z.enum(QUALITIES),
});
export type CoverageArea = z.infer<typeof coverageArea>;

/**
 * Where a ZIP code was placed: by its own centroid ('zip'), by a known ZIP of the same 3-digit area ('prefix'), or
 * only by its state ('state'); city is null unless placed by its own centroid.
 */
export const located = z.object({
  zip: z.string(),
  by: z.enum(['zip', 'prefix', 'state']),
  city: z.string().nullable(),
  cityZhHans: z.string().nullable(),
  cityZhHant: z.string().nullable(),
  state: z.enum(US_STATE_CODES as [UsState, ...UsState[]]),
  lat: z.number(),
  lon: z.number(),
});
export type Located = z.infer<typeof located>;

export const coverageAnswer = z.discriminatedUnion('kind', [
  /** The ZIP code is in the data. */
  z.object({ kind: z.literal('zip'), area: coverageArea }),
  /** A ZIP code the data has no row for: the nearest places it has, by distance from where the ZIP is. */
  z.object({ kind: z.literal('nearest'), located, nearest: z.array(coverageArea.extend({ distanceKm: z.number() })) }),
  /** A city's name: every ZIP code of the data under that name. */
  z.object({ kind: z.literal('city'), areas: z.array(coverageArea) }),
  /** Nothing by that name, or a ZIP code the data cannot place at all. */
  z.object({ kind: z.literal('unknown') }),
]);
export type CoverageAnswer = z.infer<typeof coverageAnswer>;

/** `sample`: the data answering is a shipped sample, not the carrier's own (the page says so). */
export const coverageResponse = z.object({ sample: z.boolean(), result: coverageAnswer });
export type CoverageResponse = z.infer<typeof coverageResponse>;

export const coverageLookup = defineEndpoint({
  id: 'coverageLookup',
  method: 'GET',
  path: `${PCAPP}/common/coverage`,
  summary: 'Coverage (technology, signal outdoors and indoors) for a ZIP code or a city; the nearest places known for a ZIP without data.',
  auth: 'none',
  query: z.object({ place: placeQueryField }),
  response: coverageResponse,
});

export const STORE_SERVICES = ['simPickup', 'activation', 'portIn', 'esimSetup', 'topUp', 'simReplacement'] as const;
export type StoreService = (typeof STORE_SERVICES)[number];
/** Languages spoken at a store: English, Mandarin, Cantonese, Spanish. */
export const STORE_LANGUAGES = ['en', 'cmn', 'yue', 'es'] as const;
export type StoreLanguage = (typeof STORE_LANGUAGES)[number];

export const storeView = z.object({
  code: z.string(),
  kind: z.enum(['store', 'dealer']),
  name: z.string(),
  nameZh: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.enum(US_STATE_CODES as [UsState, ...UsState[]]),
  zip: z.string(),
  lat: z.number(),
  lon: z.number(),
  phone: z.string(),
  hours: z.string(),
  languages: z.array(z.enum(STORE_LANGUAGES)),
  services: z.array(z.enum(STORE_SERVICES)),
  /** From the ZIP code searched, when searching by ZIP. */
  distanceKm: z.number().nullable(),
});
export type StoreView = z.infer<typeof storeView>;

/** The states and cities that have stores, for the choice by area. */
export const storeAreas = z.array(z.object({ state: z.string(), cities: z.array(z.object({ city: z.string(), count: z.number().int() })) }));
export type StoreAreas = z.infer<typeof storeAreas>;

/** How many stores a search by ZIP code lists, nearest first. */
export const NEAREST_STORES = 10;

export const storeAnswer = z.object({
  /** 'all' without a filter, 'area' by state (and city), 'zip' by distance, 'zipUnknown' when the ZIP cannot be placed. */
  kind: z.enum(['all', 'area', 'zip', 'zipUnknown']),
  /** The stores listed are a shipped sample, not the carrier's own (the page says so). */
  sample: z.boolean(),
  areas: storeAreas,
  origin: located.nullable(),
  stores: z.array(storeView),
});
export type StoreAnswer = z.infer<typeof storeAnswer>;

export const storeSearch = defineEndpoint({
  id: 'storeSearch',
  method: 'GET',
  path: `${PCAPP}/common/stores`,
  summary: 'Stores and dealers: all, by state (and city), or the nearest to a ZIP code with their distance.',
  auth: 'none',
  query: z.object({
    state: usStateField.optional(),
    city: textField({ max: PLACE_QUERY_MAX, trim: true }).optional(),
    zip: zipQueryField.optional(),
  }),
  response: storeAnswer,
});
