/**
 * Drizzle schema of the gateway. Money is integer cents; every timestamp is `timestamptz` (UTC).
 * After a change: `npm run db:generate` writes a new migration into ./migrations (committed).
 */
import { sql } from 'drizzle-orm';
import {
  boolean, check, customType, date, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CUSTOMER_TYPES } from '../../domain/customerType';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });
/** Binary data (encrypted images): a Buffer from both drivers (PGlite answers a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

// ---- catalogue -------------------------------------------------------------------------------

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  kind: text('kind', { enum: ['us', 'global'] }).notNull(),
  name: text('name').notNull(),
  highSpeedDataMb: integer('high_speed_data_mb'),
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  usMinutes: integer('us_minutes'),
  inclusions: text('inclusions').array().notNull().default(sql`'{}'::text[]`),
  promotionEligible: boolean('promotion_eligible').notNull().default(true),
  simTypes: text('sim_types').array().notNull().default(sql`'{}'::text[]`),
  featured: boolean('featured').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const multiMonthDiscounts = pgTable('multi_month_discounts', {
  months: integer('months').primaryKey(),
  discountPercent: integer('discount_percent').notNull(),
});

export const globalRegions = pgTable('global_regions', {
  code: text('code').primaryKey(),
  destinations: text('destinations').array().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const globalPacks = pgTable('global_packs', {
  id: serial('id').primaryKey(),
  regionCode: text('region_code').notNull().references(() => globalRegions.code),
  dataMb: integer('data_mb').notNull(),
  days: integer('days').notNull(),
  priceCents: integer('price_cents').notNull(),
}, (t) => [uniqueIndex('global_packs_region_data_days').on(t.regionCode, t.dataMb, t.days)]);

// ---- add-ons and roaming packs (issue 15, decision 0028) ------------------------------------------

/** Data add-ons and roaming packs of spec section 1; prices and contents in catalogue.ts (ADD_ON_PACKS). */
export const addOnPacks = pgTable('add_on_packs', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  kind: text('kind', { enum: ['data', 'roaming'] }).notNull(),
  /** Roaming: 'china' (incl. HK, Macau, Taiwan), 'canada', 'world' (other countries); null for data. */
  zone: text('zone', { enum: ['china', 'canada', 'world'] }),
  /** Roaming: 'talkText' or 'data'; null for data add-ons. */
  roamingType: text('roaming_type', { enum: ['talkText', 'data'] }),
  dataMb: integer('data_mb'),
  minutes: integer('minutes'),
  texts: integer('texts'),
  /** Roaming: days valid from purchase; null for data add-ons (valid for the rest of the 30-day cycle). */
  days: integer('days'),
  priceCents: integer('price_cents').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * What a line holds beyond its plan, one row per paid order (issue 15): a data add-on (raises the high-speed data of
 * the cycle starting at cycle_start), a roaming pack (provisioned on the network: network_ref once it took it), or a
 * global data SIM's renewed pack (global_pack_id, from starts_at to expires_at).
 */
export const lineAddOns = pgTable('line_add_ons', {
  id: serial('id').primaryKey(),
  orderNo: text('order_no').notNull().unique(),
  lineId: integer('line_id').notNull().references(() => lines.id),
  /** 'planChange': the record of what a plan change order gave (its terms are plan_subscriptions rows). */
  kind: text('kind', { enum: ['data', 'roaming', 'global', 'planChange'] }).notNull(),
  packId: integer('pack_id').references(() => addOnPacks.id),
  globalPackId: integer('global_pack_id').references(() => globalPacks.id),
  dataMb: integer('data_mb'),
  cycleStart: at('cycle_start'),
  startsAt: at('starts_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  networkRef: text('network_ref'),
  provisionedAt: at('provisioned_at'),
  createdAt: createdAt(),
}, (t) => [index('line_add_ons_line').on(t.lineId, t.kind, t.cycleStart)]);

export const partners = pgTable('partners', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  category: text('category').notNull(),
  url: text('url').notNull(),
  logoText: text('logo_text').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const emailCaptures = pgTable('email_captures', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  collectType: text('collect_type').notNull(),
  channel: text('channel').notNull(),
  createdAt: createdAt(),
});

// ---- customers, lines, plans, balances -------------------------------------------------------

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  /**
   * The number the account logs in with by SMS code. null for an account registered at activation whose line has
   * no number of its own yet (global data SIM) or whose number another account already holds.
   */
  phone: text('phone').unique(),
  /** null for accounts created by the SMS-code login that never set a password. */
  passwordHash: text('password_hash'),
  /** "Birthday (set once)": YYYY-MM-DD, written by the first activation, never changed after. */
  birthday: date('birthday', { mode: 'string' }),
  /** Lower-cased contact email (activation personal info; eSIM QR and activation emails go here). */
  email: text('email'),
  /** My information (spec section 3, Account): English names letters only, Chinese names Chinese only. */
  firstNameEn: text('first_name_en'),
  lastNameEn: text('last_name_en'),
  firstNameZh: text('first_name_zh'),
  lastNameZh: text('last_name_zh'),
  /** The contact number the customer gives (any US or China number), not the login number. */
  contactPhone: text('contact_phone'),
  billingAddress: jsonb('billing_address').$type<BillingAddress>(),
  /**
   * Spec section 6 (issue 18): "Referral and campaigns: current individual users ... not business customers, enterprise,
   * employee or agents". Every account is individual unless staff set otherwise (src/domain/customerType.ts).
   */
  customerType: text('customer_type', { enum: CUSTOMER_TYPES }).notNull().default('individual'),
  createdAt: createdAt(),
});

export const lines = pgTable('lines', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  /** 'us' lines carry US voice and SMS; 'global' is the data-only global SIM (decision 0002). */
  kind: text('kind', { enum: ['us', 'global'] }).notNull().default('us'),
  msisdn: text('msisdn').unique(),
  iccid: text('iccid').notNull().unique(),
  simType: text('sim_type', { enum: ['physical', 'esim'] }).notNull(),
  simStatus: text('sim_status', { enum: ['inactive', 'activating', 'activated', 'expired'] }).notNull(),
  /** Wi-Fi calling's E911 address as the network last accepted it from /personal/wificall; null: the activation's. */
  e911: jsonb('e911').$type<E911Address>(),
  e911UpdatedAt: at('e911_updated_at'),
  /**
   * Issue 16, FCC 23-95: the customer's number lock. While on, SIM changes and port-outs are refused. Turned on and off
   * in the portal after re-authentication.
   */
  numberLockedAt: at('number_locked_at'),
  /** /cpni-out: the customer opted out of the use of their CPNI for marketing (47 CFR 64.2007), when. */
  cpniOptOutAt: at('cpni_opt_out_at'),
  createdAt: createdAt(),
}, (t) => [index('lines_customer').on(t.customerId)]);

export const planSubscriptions = pgTable('plan_subscriptions', {
  id: serial('id').primaryKey(),
  lineId: integer('line_id').notNull().references(() => lines.id),
  planId: integer('plan_id').notNull().references(() => plans.id),
  status: text('status', { enum: ['main', 'pending'] }).notNull(),
  startsAt: at('starts_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  autoRenew: boolean('auto_renew').notNull().default(false),
  dataUsedMb: integer('data_used_mb').notNull().default(0),
}, (t) => [index('plan_subscriptions_line').on(t.lineId)]);

export const balances = pgTable('balances', {
  customerId: integer('customer_id').primaryKey().references(() => customers.id),
  generalCents: integer('general_cents').notNull().default(0),
  ildCents: integer('ild_cents').notNull().default(0),
}, (t) => [
  // Issue 15: renewals and recoveries charge the General account; the database, not the code, keeps it from going below zero.
  check('balances_general_not_negative', sql`${t.generalCents} >= 0`),
]);

// ---- usage (issue 14): international rates, usage records rated from the network's feed ----------

/**
 * ILD per-country rates (cents per started minute), landline and mobile. 0 where the plans include the calls (mainland
 * China, Hong Kong, Macau and Taiwan landlines; US and Canada). The help centre's /rates page shows this table and the
 * usage collector charges from it: one table, loaded from CSV by the `rates` data set (issue 18, decision 0038).
 */
export const ildRates = pgTable('ild_rates', {
  countryCode: text('country_code').primaryKey(),
  /** Dialling code without the plus, e.g. '86'. */
  dialCode: text('dial_code').notNull(),
  landlineCents: integer('landline_cents').notNull(),
  mobileCents: integer('mobile_cents').notNull(),
  /** Place among the destinations the rates page lists first (1 first); null: listed only A to Z. */
  popularRank: integer('popular_rank'),
}, (t) => [check('ild_rates_cents_not_negative', sql`${t.landlineCents} >= 0 and ${t.mobileCents} >= 0`)]);

/**
 * The phone check's device table (issue 18, decision 0038), keyed by TAC (the first 8 digits of an IMEI), loaded from
 * CSV by the `devices` data set. market 'cn': a model made for mainland China, which cannot take an eSIM (spec
 * section 5). limits: why a partly compatible device is only partly so (e.g. 'noEsim', 'noBand71').
 */
export const devices = pgTable('devices', {
  tac: text('tac').primaryKey(),
  brand: text('brand').notNull(),
  model: text('model').notNull(),
  market: text('market', { enum: ['global', 'cn'] }).notNull(),
  compatibility: text('compatibility', { enum: ['full', 'partial', 'none'] }).notNull(),
  esim: boolean('esim').notNull(),
  certified: boolean('certified').notNull(),
  limits: jsonb('limits').$type<string[]>().notNull().default([]),
}, (t) => [check('devices_cn_no_esim', sql`${t.market} <> 'cn' or not ${t.esim}`)]);

/**
 * The last load of each data set (rates, devices, and those registered later): from which file, its hash and rows,
 * and whether it was a shipped sample. The seed at start loads a sample only while no carrier file was imported.
 */
export const datasetImports = pgTable('dataset_imports', {
  dataset: text('dataset').primaryKey(),
  source: text('source').notNull(),
  sha256: text('sha256').notNull(),
  rows: integer('rows').notNull(),
  sample: boolean('sample').notNull(),
  importedAt: at('imported_at').notNull(),
});

/**
 * Usage records of a line (voice, data, SMS), as the network reported them and the gateway rated them. network_ref
 * is the network's own record id: a feed read twice records it once. amount_cents is what the ILD account paid.
 */
export const usageRecords = pgTable('usage_records', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  lineId: integer('line_id').notNull().references(() => lines.id),
  networkRef: text('network_ref').notNull().unique(),
  type: text('type', { enum: ['voice', 'data', 'sms'] }).notNull(),
  startedAt: at('started_at').notNull(),
  /** voice: inbound / outbound; sms: received / sent (in / out); data: null. */
  direction: text('direction', { enum: ['in', 'out'] }),
  /** The other party's number (voice, SMS), E.164 without the plus. */
  peer: text('peer'),
  /** The other party's country (ISO 3166 alpha-2). */
  peerCountry: text('peer_country'),
  /** Which of the line's numbers carried an SMS: the US number, or the China number of the dual-number service. */
  via: text('via', { enum: ['us', 'cn'] }),
  durationSec: integer('duration_sec').notNull().default(0),
  /** Data volume in KB; the part at high speed counts against the plan's allowance, the rest went at 128 kbps. */
  volumeKb: integer('volume_kb').notNull().default(0),
  highSpeedKb: integer('high_speed_kb').notNull().default(0),
  amountCents: integer('amount_cents').notNull().default(0),
}, (t) => [index('usage_records_customer_type_time').on(t.customerId, t.type, t.startedAt)]);

/** How far the network's usage feed of a line has been read: the collector locks this row while it reads on. */
export const usageCursors = pgTable('usage_cursors', {
  lineId: integer('line_id').primaryKey().references(() => lines.id),
  readUntil: at('read_until').notNull(),
});

// ---- plans over time (issue 15, h15-life): a line's plan, auto-renewal and service lifecycles, renewals ------------

/**
 * The state of a line's three lifecycle charts (machines/plan, autoRenewal, service), written only through
 * applyLifecycleEvent (src/server/plan/lifecycles.ts). A line without a row is read as it stands (its terms in
 * plan_subscriptions) the first time an event reaches it.
 */
export const lineLifecycles = pgTable('line_lifecycles', {
  lineId: integer('line_id').primaryKey().references(() => lines.id),
  /** Chart plan: 'none' | 'main.only' | 'main.pending'. */
  planState: text('plan_state').notNull().default('none'),
  /** Chart autoRenewal: 'notOpen' | 'open.card' | 'open.balance' | 'closing' | 'closed'. */
  autoRenewalState: text('auto_renewal_state').notNull().default('notOpen'),
  /** How an open (or closing) auto-renewal pays. */
  autoRenewalMethod: text('auto_renewal_method', { enum: ['card', 'balance'] }),
  /** When the customer last accepted the auto-renewal terms (spec section 5). */
  termsAcceptedAt: at('terms_accepted_at'),
  /** Chart service: 'active' | 'suspended.unpaid' | 'suspended.kept' | 'suspended.byStaff' | 'numberRemoved'. */
  serviceState: text('service_state').notNull().default('active'),
  suspendedAt: at('suspended_at'),
  /**
   * Issue 16 (decision 0035): the recovery fee of the days suspended before number keeping began ("$5 per 30 days on
   * recovery"), kept when keeping starts (the 90 days stop while kept) and added to the fee of the days after it ended.
   */
  recoveryFeeCarriedCents: integer('recovery_fee_carried_cents').notNull().default(0),
  /** A staff suspension's reason (spec section 1: commercial or illegal use). */
  suspensionReason: text('suspension_reason'),
  /** The language the customer last used with the gateway: renewal emails and SMS are written in it. */
  lang: text('lang').notNull().default('en'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * One charge for a line's plan after its last paid term (decision 0025): an auto-renewal ahead of expiry, or the
 * recovery of a suspended line (plan and fee, decision 0026). Unique per line, term start and kind: two runs, or two
 * gateways, find the same row and its one order, so the term is charged once.
 */
export const renewals = pgTable('renewals', {
  id: serial('id').primaryKey(),
  lineId: integer('line_id').notNull().references(() => lines.id),
  kind: text('kind', { enum: ['renewal', 'recovery'] }).notNull(),
  /** The term this charge pays for starts then (the expiry of the last paid term; the recovery's own time). */
  periodStart: at('period_start').notNull(),
  planId: integer('plan_id').notNull().references(() => plans.id),
  months: integer('months').notNull().default(1),
  planCents: integer('plan_cents').notNull(),
  /** The recovery fee ("$5 per 30 days on recovery"); 0 for a renewal. */
  feeCents: integer('fee_cents').notNull().default(0),
  /** The order that is paid for it (kind 'renewal'), through the payments area. */
  orderNo: text('order_no').notNull().unique(),
  method: text('method', { enum: ['card', 'balance'] }).notNull(),
  status: text('status', { enum: ['due', 'paid', 'failed'] }).notNull().default('due'),
  /** Payment tries made (each its own payment attempt of the order). */
  tries: integer('tries').notNull().default(0),
  failureCode: text('failure_code'),
  /** When the paid term was written to the line (plan.renew / plan.start): once. */
  appliedAt: at('applied_at'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('renewals_line_period').on(t.lineId, t.periodStart, t.kind)]);

/**
 * Network sandbox (issue 15): lines barred by the carrier's API, one row per line. A barred line carries calls to 911
 * and 611 only (spec section 4, "no service except 911 and 611"): the sandbox's usage feed reports nothing else for it.
 */
export const sandboxLineBars = pgTable('sandbox_line_bars', {
  iccid: text('iccid').primaryKey(),
  barred: boolean('barred').notNull(),
  /** The last request applied (requests are idempotent by id). */
  requestId: text('request_id').notNull(),
  updatedAt: at('updated_at').notNull(),
});

// ---- login: captchas, codes, tickets, sessions, limits ----------------------------------------

export const captchas = pgTable('captchas', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});

export const verificationCodes = pgTable('verification_codes', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  /**
   * 'install': the eSIM install page's re-authentication; its `phone` is `customer:<id>` (the code may go by email).
   * 'simChange' (issue 16): the same for a SIM change or the number lock. 'cpni': /cpni-out's code to the line.
   */
  purpose: text('purpose', { enum: ['login', 'register', 'reset', 'install', 'simChange', 'cpni'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: at('used_at'),
  createdAt: createdAt(),
}, (t) => [index('verification_codes_phone_purpose').on(t.phone, t.purpose)]);

export const verificationTickets = pgTable('verification_tickets', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  phone: text('phone').notNull(),
  purpose: text('purpose', { enum: ['login', 'register', 'reset'] }).notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});

export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  grant: text('grant', { enum: ['password', 'sms_code'] }).notNull(),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  revokedAt: at('revoked_at'),
}, (t) => [index('sessions_customer').on(t.customerId)]);

/**
 * The counters of every limit (src/server/limits): one row per rule and subject, e.g. 'sms.ip:203.0.113.7'. A window
 * opens at the subject's first hit and closes at `expires_at` (the gateway clock); `points` is what it has counted.
 * An expired row counts as empty; old ones are deleted from time to time. The table is UNLOGGED (migration 0009):
 * counting a request costs no WAL flush, and a crash of the database server empties the counters.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expiresAt: at('expires_at').notNull(),
}, (t) => [index('rate_limits_expires_at').on(t.expiresAt)]);

// ---- messages outbox -------------------------------------------------------------------------

export const outboxMessages = pgTable('outbox_messages', {
  id: serial('id').primaryKey(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  to: text('to').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
  lang: text('lang').notNull(),
  createdAt: at('created_at').notNull(),
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
}, (t) => [index('outbox_messages_to').on(t.to, t.createdAt)]);

// ---- buying: codes, orders, payments, cards, SIMs, shipments (issue 3) ---------------------------

/** Discount (coupon) codes: "discount code invalid or expired"; not for the 500MB plan. */
export const discountCodes = pgTable('discount_codes', {
  code: text('code').primaryKey(),               // stored upper-case
  kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
  /** Percent (1-100) or cents, by kind. */
  value: integer('value').notNull(),
  startsAt: at('starts_at'),
  expiresAt: at('expires_at'),
  active: boolean('active').notNull().default(true),
});

/** A customer's 4-character referral code (spec section 3, Account). */
export const referralCodes = pgTable('referral_codes', {
  code: text('code').primaryKey(),               // stored upper-case, 4 characters
  customerId: integer('customer_id').references(() => customers.id),
  active: boolean('active').notNull().default(true),
  expiresAt: at('expires_at'),
  createdAt: createdAt(),
});

/** Shipping info of spec section 3 (also the billing address shape, without names). */
export type ShippingInfo = {
  country: 'US' | 'CN';
  firstNameEn: string; lastNameEn: string; firstNameZh?: string | null; lastNameZh?: string | null;
  phone: string; email: string;
  address1?: string | null; address2?: string | null; city?: string | null; state?: string | null; zip?: string | null;
};
export type BillingAddress = {
  country: 'US' | 'CN'; address1: string; address2?: string | null; city: string; state: string; zip: string;
};

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  orderNo: text('order_no').notNull().unique(),
  /**
   * 'plan': US plan SIM/eSIM order of /plans/bundleForm; 'global': global data SIM; 'topup': a top-up of a General or
   * ILD account (decision 0020: paid like any order, credited through the ledger once paid); 'renewal': a line's plan
   * renewed or recovered (issue 15, decision 0025; the renewals row says which line and term). Issue 15 (decision 0029):
   * 'addOn' (data add-on) and 'roaming' (addOnPackId), 'planChange' (planId, the plan that starts when the current one
   * expires) and 'globalRenewal' (globalPackId), each for the line in lineId, fulfilled in the paying transaction.
   * Issue 16 (decision 0035): 'protect', 30-day periods of number keeping (months = periods) for the line in lineId.
   * Issue 16 (decision 0037): 'replacement', one new physical SIM for the line in lineId, free, shipped like any order.
   */
  kind: text('kind', { enum: ['plan', 'global', 'topup', 'renewal', 'addOn', 'roaming', 'planChange', 'globalRenewal', 'protect', 'replacement'] }).notNull().default('plan'),
  customerId: integer('customer_id').references(() => customers.id),
  /** Idempotency-Key of the submit and a hash of its body: a replay answers the same order; another body is refused. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  requestHash: text('request_hash').notNull(),
  /** Hash of the order token handed to the buyer (reads and pays the order without an account). */
  accessTokenHash: text('access_token_hash').notNull(),
  status: text('status', { enum: ['awaiting_payment', 'paying', 'paid', 'payment_failed', 'cancelled'] }).notNull(),
  /** kind 'plan': the US plan bought; kind 'global': null (the pack is in globalPackId). */
  planId: integer('plan_id').references(() => plans.id),
  /** kind 'global': the global data SIM pack bought (region, data, days); null for US plans. */
  globalPackId: integer('global_pack_id').references(() => globalPacks.id),
  planName: text('plan_name').notNull(),
  months: integer('months').notNull(),
  simType: text('sim_type', { enum: ['physical', 'esim'] }).notNull(),
  simCount: integer('sim_count').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
  planCostCents: integer('plan_cost_cents').notNull(),
  multiMonthDiscountCents: integer('multi_month_discount_cents').notNull(),
  couponCode: text('coupon_code'),
  discountCents: integer('discount_cents').notNull(),
  referralCode: text('referral_code'),
  shippingMethod: text('shipping_method', { enum: ['standard', 'express'] }).notNull(),
  shippingFeeCents: integer('shipping_fee_cents').notNull(),
  taxRateBps: integer('tax_rate_bps').notNull(),
  taxCents: integer('tax_cents').notNull(),
  payAmountCents: integer('pay_amount_cents').notNull(),
  autoRenew: boolean('auto_renew').notNull().default(false),
  channel: text('channel').notNull(),
  reasons: text('reasons').array().notNull().default(sql`'{}'::text[]`),
  /** Lower-cased contact email: confirmation, eSIM QR and tracking codes go here. */
  email: text('email').notNull(),
  lang: text('lang').notNull(),
  shipping: jsonb('shipping').$type<ShippingInfo>().notNull(),
  billing: jsonb('billing').$type<BillingAddress>().notNull(),
  payMethod: text('pay_method', { enum: ['account', 'bank_card', 'wechat_pay', 'default_card'] }),
  /**
   * Issue 4, "current ICCID has no plan": the card (already in the buyer's hands) this order buys a plan for. Such an
   * order creates and ships no SIM; once paid the card carries the plan (fulfilment 'plan_ready').
   */
  activationIccid: text('activation_iccid'),
  /** kind 'topup': which account of the line's owner it credits, the line's number, and the owner credited. */
  topUpAccount: text('top_up_account', { enum: ['general', 'ild'] }),
  topUpMsisdn: text('top_up_msisdn'),
  topUpCustomerId: integer('top_up_customer_id').references(() => customers.id),
  /** Issue 15: the line an add-on, roaming pack, plan change or global renewal is for, and the add-on pack bought. */
  lineId: integer('line_id').references(() => lines.id),
  addOnPackId: integer('add_on_pack_id').references(() => addOnPacks.id),
  /** Why the last payment failed (provider code), shown on /plans/bundleResultError. */
  failureCode: text('failure_code'),
  /** Spec section 3 stored keys `promotion` and `activityCode` (decision 0045): where the buyer came from, as the link said. */
  promotionPlatform: text('promotion_platform'),
  activityCode: text('activity_code'),
  paidAt: at('paid_at'),
  /** 'pending' until fulfilled; 'esim_sent' | 'esim_failed' (paid, eSIM allocation failed) | 'awaiting_shipment' | 'shipped' | 'plan_ready' (activationIccid carries the plan). */
  fulfilment: text('fulfilment', { enum: ['pending', 'esim_sent', 'esim_failed', 'awaiting_shipment', 'shipped', 'plan_ready'] }).notNull().default('pending'),
  logisticsStatus: text('logistics_status', { enum: ['not_shipped', 'shipped'] }).notNull().default('not_shipped'),
  carrier: text('carrier'),
  trackingNumber: text('tracking_number'),
  sentAt: at('sent_at'),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  index('orders_customer').on(t.customerId), index('orders_email').on(t.email), index('orders_status').on(t.status),
  // At most one paid plan purchase per card being activated: a second payment for the same card is given back.
  uniqueIndex('orders_activation_paid').on(t.activationIccid).where(sql`activation_iccid is not null and status = 'paid'`),
  check('orders_one_product', sql`(${t.kind} in ('topup', 'protect', 'replacement') and ${t.planId} is null and ${t.globalPackId} is null and ${t.addOnPackId} is null) or (${t.kind} in ('addOn', 'roaming') and ${t.planId} is null and ${t.globalPackId} is null and ${t.addOnPackId} is not null) or (${t.kind} in ('plan', 'global', 'renewal', 'planChange', 'globalRenewal') and ${t.addOnPackId} is null and (${t.planId} is null) <> (${t.globalPackId} is null))`),
  check('orders_line', sql`(${t.kind} in ('addOn', 'roaming', 'planChange', 'globalRenewal', 'protect', 'replacement')) = (${t.lineId} is not null)`),
  index('orders_line_kind').on(t.lineId, t.kind, t.status),
  check('orders_top_up', sql`(${t.kind} = 'topup') = (${t.topUpAccount} is not null and ${t.topUpMsisdn} is not null and ${t.topUpCustomerId} is not null)`),
  index('orders_top_up_customer').on(t.topUpCustomerId),
]);

/**
 * One attempt to pay something. Written (status 'pending') and committed BEFORE the provider is called, with
 * the idempotency key the provider receives, so a crash between charge and commit is found and finished by
 * the reconciliation job: the provider answers the same payment for the same key.
 */
export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  /** What is paid: 'order' (orderNo) now; top-up, renewal, protect and dual number later. */
  payableKind: text('payable_kind').notNull(),
  payableRef: text('payable_ref').notNull(),
  customerId: integer('customer_id').references(() => customers.id),
  method: text('method', { enum: ['account', 'bank_card', 'wechat_pay', 'default_card'] }).notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  requestHash: text('request_hash').notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
  /** Who took the money; 'none' for an order that cost nothing (no provider takes $0). */
  provider: text('provider', { enum: ['balance', 'card_sandbox', 'wechat_sandbox', 'none'] }).notNull(),
  providerPaymentId: text('provider_payment_id').unique(),
  failureCode: text('failure_code'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  /**
   * The provider's fingerprint of the card (a keyed hash of its number made by the provider, the same for the same card
   * across tokens and accounts; issue 18, decision 0043). Null for payments made before the provider gave one.
   */
  cardFingerprint: text('card_fingerprint'),
  /** The card kept on file by this payment ("save the card"), or the saved card it charged (default_card). */
  savedCardId: integer('saved_card_id').references(() => savedCards.id),
  /**
   * When the reconciliation job next asks the provider about this row: a pending attempt, or a duplicate payment
   * being given back. Pushed back each time the provider's answer is not final yet; null once settled.
   */
  nextCheckAt: at('next_check_at'),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  index('payments_payable').on(t.payableKind, t.payableRef),
  index('payments_next_check').on(t.provider, t.nextCheckAt).where(sql`next_check_at is not null`),
  // Nothing the reconciliation must finish can be left without a time to look at it.
  check('payments_unsettled_scheduled', sql`(${t.status} <> 'pending' and ${t.failureCode} is distinct from 'REFUND_PENDING') or ${t.nextCheckAt} is not null`),
  // At most one successful payment per payable: the database, not the code, guarantees "paid exactly once".
  uniqueIndex('payments_one_success').on(t.payableKind, t.payableRef).where(sql`status = 'succeeded'`),
]);

/** Cards on file: only the provider's card id, brand, last four and expiry. Never a number or CVV. */
export const savedCards = pgTable('saved_cards', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  providerCardId: text('provider_card_id').notNull().unique(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  holderName: text('holder_name').notNull(),
  billingZip: text('billing_zip'),
  /**
   * The provider's fingerprint of the card (decision 0043): the same card saved twice, or by two accounts, has the same
   * one. Null for cards saved before the provider gave one, until the provider is asked again (RetrieveCard).
   */
  cardFingerprint: text('card_fingerprint'),
  isDefault: boolean('is_default').notNull().default(false),
  /** A digest of the Idempotency-Key of the /mybank request that added it: a replay answers the same card. */
  addKey: text('add_key'),
  /** Removed by the customer (/mybank): kept for the payments that name it, never listed or charged again. */
  removedAt: at('removed_at'),
  createdAt: createdAt(),
}, (t) => [index('saved_cards_customer').on(t.customerId)]);

/** Balance movements (General and ILD accounts): every debit has a unique reference, so it happens once. */
export const balanceLedger = pgTable('balance_ledger', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  account: text('account', { enum: ['general', 'ild'] }).notNull(),
  deltaCents: integer('delta_cents').notNull(),
  reference: text('reference').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * SIM inventory (spec section 3, SIM): ICCID 19 digits, activation code 6 digits (stored hashed; the code is
 * printed on the card or carried by the eSIM email), type physical or eSIM. Activation (issue 4) reads it.
 */
export const sims = pgTable('sims', {
  iccid: text('iccid').primaryKey(),
  kind: text('kind', { enum: ['us', 'global'] }).notNull().default('us'),
  simType: text('sim_type', { enum: ['physical', 'esim'] }).notNull(),
  /** The simLifecycle chart's state; 'void' (decision 0037): the line moved to a replacement card, or this replacement was cancelled. */
  status: text('status', { enum: ['inactive', 'activating', 'activated', 'expired', 'void'] }).notNull().default('inactive'),
  activationCodeHash: text('activation_code_hash').notNull(),
  /** 'online': sold by this storefront; 'offline': collected at a dealer (120022 / 120023). */
  collected: text('collected', { enum: ['online', 'offline'] }).notNull().default('online'),
  orderId: integer('order_id').references(() => orders.id),
  planId: integer('plan_id').references(() => plans.id),
  /** A global data SIM's pack (region, data, days): bought with it, or at activation ("current ICCID has no plan"). */
  globalPackId: integer('global_pack_id').references(() => globalPacks.id),
  months: integer('months'),
  purchasedAt: at('purchased_at'),
  shippedAt: at('shipped_at'),
  /** eSIM: GSMA activation code parts (LPA:1$<smdpAddress>$<matchingId>); the QR is valid until qrExpiresAt (30 days). */
  smdpAddress: text('smdp_address'),
  matchingId: text('matching_id'),
  qrExpiresAt: at('qr_expires_at'),
  /** Wrong activation codes typed since the last lock (or the last right code); 5 lock the card for 15 minutes. */
  activationAttempts: integer('activation_attempts').notNull().default(0),
  /** Too many wrong codes: step 1 refuses this ICCID (activationLocked) until then. */
  activationLockedUntil: at('activation_locked_until'),
  /** Voided by a physical-to-eSIM conversion (spec section 4): 120017 at activation. */
  voidedAt: at('voided_at'),
  createdAt: createdAt(),
}, (t) => [index('sims_order').on(t.orderId)]);

/** Wi-Fi calling's E911 address (spec section 3, Activation form). */
export type E911Address = {
  country: 'US'; address1: string; address2: string | null; city: string; state: string; zip: string;
};

/**
 * One activation of a SIM (issue 4, step 2): who, which number (new, port-in, none for the global SIM), the personal
 * info and Wi-Fi calling given, and where provisioning stands. `status` mirrors the SIM lifecycle while it runs:
 * 'activating' until the network has provisioned the line ('activated') or refused it ('failed').
 */
export const activations = pgTable('activations', {
  id: serial('id').primaryKey(),
  /** Public id ('ACT' + 10 characters) used in URLs and by the status call. */
  publicId: text('public_id').notNull().unique(),
  iccid: text('iccid').notNull().references(() => sims.iccid),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  lineId: integer('line_id').references(() => lines.id),
  kind: text('kind', { enum: ['us', 'global'] }).notNull(),
  simType: text('sim_type', { enum: ['physical', 'esim'] }).notNull(),
  numberKind: text('number_kind', { enum: ['new', 'port', 'none'] }).notNull(),
  /** The new number, or the number being ported in; null for the global SIM. */
  msisdn: text('msisdn'),
  birthday: date('birthday', { mode: 'string' }).notNull(),
  email: text('email').notNull(),
  zip: text('zip').notNull(),
  wifiCalling: boolean('wifi_calling').notNull().default(false),
  e911: jsonb('e911').$type<E911Address>(),
  status: text('status', { enum: ['activating', 'activated', 'failed'] }).notNull().default('activating'),
  /** The network's reference of the provisioning request (S1's job writes it). */
  networkRef: text('network_ref'),
  failure: text('failure'),
  /** Idempotency-Key of the submit and a digest of its body: a replay answers the same activation; another body is refused. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  requestHash: text('request_hash').notNull(),
  lang: text('lang').notNull(),
  submittedAt: at('submitted_at').notNull(),
  activatedAt: at('activated_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  index('activations_customer').on(t.customerId),
  // One live activation per card: a failed one may be followed by another.
  uniqueIndex('activations_one_per_sim').on(t.iccid).where(sql`status <> 'failed'`),
  check('activations_number_kind', sql`(${t.numberKind} = 'none') = (${t.msisdn} is null)`),
]);

/**
 * A port-in of an activation (chart machines/portIn.machine.ts). The carrier account number and PIN are encrypted at
 * rest (AES-256-GCM, src/server/activation/portInSecrets.ts): only the job that talks to the losing carrier
 * decrypts them; the customer sees the account number's last 2 characters.
 */
export const portIns = pgTable('port_ins', {
  id: serial('id').primaryKey(),
  activationId: integer('activation_id').notNull().unique().references(() => activations.id),
  state: text('state', { enum: ['submitted', 'pending', 'informationRequired', 'resubmitted', 'completed', 'declined'] }).notNull().default('submitted'),
  /** Why the losing carrier refused (informationRequired / declined), and its own words. */
  reason: text('reason', { enum: ['accountNumber', 'pin', 'nameMismatch', 'zipMismatch', 'notPortable'] }),
  carrierMessage: text('carrier_message'),
  carrier: text('carrier').notNull(),
  msisdn: text('msisdn').notNull(),
  accountZip: text('account_zip').notNull(),
  /** AES-256-GCM ciphertexts ('v1.<iv>.<tag>.<data>', base64url), bound to the row by the activation id. */
  accountNumberCipher: text('account_number_cipher').notNull(),
  pinCipher: text('pin_cipher').notNull(),
  accountNumberHint: text('account_number_hint').notNull(),
  /** The losing carrier's reference of the port request (S1's job writes it). */
  networkRef: text('network_ref'),
  /** Corrections made so far: each one is resubmitted with its own request id. */
  corrections: integer('corrections').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Email verification codes of /tracking: bound to one order and its email, hashed, 5 minutes, single use. */
export const trackingCodes = pgTable('tracking_codes', {
  id: serial('id').primaryKey(),
  orderNo: text('order_no').notNull(),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: at('used_at'),
  createdAt: createdAt(),
}, (t) => [index('tracking_codes_order').on(t.orderNo, t.createdAt)]);

/** Codes emailed to a new address before the account's email changes to it (5 minutes, 5 tries, single use). */
export const emailCodes = pgTable('email_codes', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: at('used_at'),
  createdAt: createdAt(),
}, (t) => [index('email_codes_customer').on(t.customerId, t.email)]);

/** Short-lived read/modify grants handed out after a tracking search proved the email code. */
export const trackingGrants = pgTable('tracking_grants', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  orderNo: text('order_no').notNull(),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
});

/**
 * Durable jobs (the outbox of effects that leave the database): written in the same transaction as the
 * change that causes them, run at or after run_at by the job runner on the server's clock, retried with
 * backoff. dedupe_key makes enqueueing idempotent.
 */
export const jobs = pgTable('jobs', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  dedupeKey: text('dedupe_key').notNull().unique(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  runAt: at('run_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: at('locked_until'),
  doneAt: at('done_at'),
  lastError: text('last_error'),
  createdAt: createdAt(),
}, (t) => [index('jobs_due').on(t.doneAt, t.runAt)]);

/**
 * History of the server's lifecycles (ARCHITECTURE.md: "persists the new state together with a history row in one
 * transaction"): every event a lifecycle chart accepted, e.g. shipment `notShipped --shipment.shipped--> shipped`.
 */
export const stateHistory = pgTable('state_history', {
  id: serial('id').primaryKey(),
  /** The chart id (machines/index.ts), e.g. 'shipment'. */
  chart: text('chart').notNull(),
  /** The entity's natural key, e.g. the order number. */
  entityRef: text('entity_ref').notNull(),
  fromState: text('from_state').notNull(),
  event: text('event').notNull(),
  toState: text('to_state').notNull(),
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
  at: at('at').notNull(),
}, (t) => [index('state_history_entity').on(t.chart, t.entityRef, t.at)]);

// ---- sandboxes of external services (their own state; the gateway reaches them only through adapters) --

/** Card payments sandbox (Square-like): single-use card tokens (nonces). Only brand/last4/expiry/postal kept. */
export const sandboxCardTokens = pgTable('sandbox_card_tokens', {
  token: text('token').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  postalCode: text('postal_code'),
  /** The outcome the sandbox test values select ('ok', 'GENERIC_DECLINE', 'CVV_FAILURE', ...). */
  scenario: text('scenario').notNull(),
  /** The card's fingerprint: HMAC of its number under the sandbox's own key (sandbox_card_keys), never the number. */
  fingerprint: text('fingerprint'),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});

export const sandboxCardPayments = pgTable('sandbox_card_payments', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  sourceId: text('source_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  referenceId: text('reference_id'),
  status: text('status', { enum: ['COMPLETED', 'FAILED', 'REFUNDED'] }).notNull(),
  errorCode: text('error_code'),
  brand: text('brand'),
  last4: text('last4'),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  fingerprint: text('fingerprint'),
  createdAt: createdAt(),
}, (t) => [index('sandbox_card_payments_reference').on(t.referenceId)]);

export const sandboxCards = pgTable('sandbox_cards', {
  id: text('id').primaryKey(),
  customerRef: text('customer_ref').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  postalCode: text('postal_code'),
  scenario: text('scenario').notNull(),
  /** The name on the card, when it was stored from a card form (CreateCard with a token). */
  cardholderName: text('cardholder_name'),
  fingerprint: text('fingerprint'),
  /** Square's DisableCard: a disabled card can no longer be charged. */
  disabledAt: at('disabled_at'),
  createdAt: createdAt(),
});

/**
 * The card sandbox's own secret for card fingerprints (decision 0043), made once and kept: the same card has the same
 * fingerprint across tokens, accounts, restarts and gateways sharing the database, as a provider's fingerprint does.
 */
export const sandboxCardKeys = pgTable('sandbox_card_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/** WeChat Pay sandbox (Native pay by QR): one order per out_trade_no, notified asynchronously. */
export const sandboxWechatOrders = pgTable('sandbox_wechat_orders', {
  outTradeNo: text('out_trade_no').primaryKey(),
  prepayId: text('prepay_id').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  notifyUrl: text('notify_url').notNull(),
  /** WeChat Pay's trade_state; REFUND once a paid order was refunded (a text column: no migration). */
  state: text('state', { enum: ['NOTPAY', 'SUCCESS', 'CLOSED', 'PAYERROR', 'REFUND'] }).notNull(),
  transactionId: text('transaction_id'),
  notifications: integer('notifications').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
  paidAt: at('paid_at'),
  /** A deduction under a signed papay contract (decision 0046): no QR, paid at once from the payer's WeChat Pay. */
  contractId: text('contract_id'),
  createdAt: createdAt(),
});

/**
 * WeChat Pay sandbox: papay contracts (委托代扣, decision 0046). The merchant asks for a signing session
 * (contract_code); the payer signs or declines on the sandbox's phone page and is sent back to the merchant's return
 * page; a signed contract (contract_id) lets the merchant take deductions the payer asked for; the payer (in WeChat)
 * or the merchant (by the API) terminates it.
 */
export const sandboxWechatContracts = pgTable('sandbox_wechat_contracts', {
  contractCode: text('contract_code').primaryKey(),
  /** The signing page's token (the pre-entrust session in the signing URL). */
  signToken: text('sign_token').notNull().unique(),
  /** WeChat Pay's contract id, once signed. */
  contractId: text('contract_id').unique(),
  /** What the payer sees the contract is for (contract_display_account): the customer's phone number. */
  displayAccount: text('display_account').notNull(),
  returnUrl: text('return_url').notNull(),
  state: text('state', { enum: ['PENDING', 'SIGNED', 'DECLINED', 'TERMINATED'] }).notNull(),
  /** Who ended a signed contract: the payer in WeChat, or the merchant by the API. */
  terminatedBy: text('terminated_by', { enum: ['USER', 'MERCHANT'] }),
  /** Signing must happen before this; later the session is declined unsigned. */
  expiresAt: at('expires_at').notNull(),
  signedAt: at('signed_at'),
  terminatedAt: at('terminated_at'),
  createdAt: createdAt(),
});

/** Logistics sandbox: parcels it was asked to ship, shipped after a delay, with what is inside (the cards). */
export const sandboxParcels = pgTable('sandbox_parcels', {
  id: serial('id').primaryKey(),
  reference: text('reference').notNull().unique(),   // the order number
  carrier: text('carrier').notNull(),
  trackingNumber: text('tracking_number').notNull().unique(),
  service: text('service', { enum: ['standard', 'express'] }).notNull(),
  address: jsonb('address').$type<Record<string, unknown>>().notNull(),
  /** What a person opening the parcel sees: ICCIDs and the activation codes printed on the cards. */
  contents: jsonb('contents').$type<{ iccid: string; activationCode: string }[]>().notNull(),
  shipAt: at('ship_at').notNull(),
  shippedAt: at('shipped_at'),
  createdAt: createdAt(),
});

/**
 * The SM-DP+ sandbox's eSIM profiles: one per ICCID, its matching id drawn at random when first asked for, so the
 * same ICCID always gets the same profile (across restarts and gateway instances) and nobody can work one out.
 */
export const sandboxEsimProfiles = pgTable('sandbox_esim_profiles', {
  iccid: text('iccid').primaryKey(),
  matchingId: text('matching_id').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Network sandbox (the host carrier's APIs): numbers held out of the inventory, reserved for a card for a while or
 * assigned to its line for good (a ported-in number joins as assigned).
 */
export const sandboxNumbers = pgTable('sandbox_numbers', {
  msisdn: text('msisdn').primaryKey(),
  areaCode: text('area_code').notNull(),
  iccid: text('iccid').notNull(),
  state: text('state', { enum: ['reserved', 'assigned'] }).notNull(),
  /** A reservation lapses then (null once assigned). */
  reservedUntil: at('reserved_until'),
  createdAt: createdAt(),
}, (t) => [index('sandbox_numbers_iccid').on(t.iccid)]);

/** Network sandbox: E911 address updates of Wi-Fi calling, one per request id (a retried update counts once). */
export const sandboxE911Updates = pgTable('sandbox_e911_updates', {
  requestId: text('request_id').primaryKey(),
  iccid: text('iccid').notNull(),
  msisdn: text('msisdn').notNull(),
  address: jsonb('address').$type<E911Address>().notNull(),
  outcome: text('outcome', { enum: ['done', 'failed'] }).notNull(),
  failure: text('failure'),
  createdAt: createdAt(),
}, (t) => [index('sandbox_e911_updates_iccid').on(t.iccid)]);

/** Network sandbox: roaming packs put on a line, one per request id (a retried request is one pack). */
export const sandboxRoamingPacks = pgTable('sandbox_roaming_packs', {
  ref: text('ref').primaryKey(),
  requestId: text('request_id').notNull().unique(),
  iccid: text('iccid').notNull(),
  zone: text('zone').notNull(),
  roamingType: text('roaming_type').notNull(),
  startsAt: at('starts_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
}, (t) => [index('sandbox_roaming_packs_iccid').on(t.iccid)]);

/** Network sandbox: line provisioning requests, one per request id, answered at ready_at. */
export const sandboxProvisions = pgTable('sandbox_provisions', {
  ref: text('ref').primaryKey(),
  requestId: text('request_id').notNull().unique(),
  iccid: text('iccid').notNull(),
  kind: text('kind', { enum: ['us', 'global'] }).notNull(),
  simType: text('sim_type', { enum: ['physical', 'esim'] }).notNull(),
  msisdn: text('msisdn'),
  outcome: text('outcome', { enum: ['done', 'failed'] }).notNull(),
  failure: text('failure'),
  readyAt: at('ready_at').notNull(),
  createdAt: createdAt(),
});

/**
 * Network sandbox: port-in requests to losing carriers and the answer each will give at answer_at (after the request
 * or its latest correction). The account number and PIN are judged when they arrive and never kept.
 */
export const sandboxPortRequests = pgTable('sandbox_port_requests', {
  ref: text('ref').primaryKey(),
  requestId: text('request_id').notNull().unique(),
  iccid: text('iccid').notNull(),
  msisdn: text('msisdn').notNull(),
  carrier: text('carrier').notNull(),
  accountZip: text('account_zip').notNull(),
  outcome: text('outcome', { enum: ['completed', 'informationRequired', 'declined'] }).notNull(),
  reason: text('reason', { enum: ['accountNumber', 'pin', 'nameMismatch', 'zipMismatch', 'notPortable'] }),
  carrierMessage: text('carrier_message'),
  answerAt: at('answer_at').notNull(),
  createdAt: createdAt(),
});

/** Network sandbox: corrections taken on a port request, by their request id (a retried correction counts once). */
export const sandboxPortCorrections = pgTable('sandbox_port_corrections', {
  requestId: text('request_id').primaryKey(),
  ref: text('ref').notNull().references(() => sandboxPortRequests.ref),
  createdAt: createdAt(),
});

// ---- dual number, real-name review, staff (issue 16) --------------------------------------------

/**
 * A line's US-China dual number (machines/dualNumber.machine.ts): its chart state, applied through
 * applyLifecycleEvent, and the facts the clock's events need. One row per line, created by the first application.
 */
export const dualNumbers = pgTable('dual_numbers', {
  lineId: integer('line_id').primaryKey().references(() => lines.id),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  state: text('state').notNull(),
  /** The China number held for or open on the line; null before an application and once released. */
  chinaNumber: text('china_number'),
  /** The end of the current 30-day period (opened, pending close). */
  periodEndsAt: at('period_ends_at'),
  /** The free first month was given (spec section 9: "first month free", once per line). */
  freeMonthUsed: boolean('free_month_used').notNull().default(false),
  openedAt: at('opened_at'),
  pausedAt: at('paused_at'),
  closeRequestedAt: at('close_requested_at'),
  closedAt: at('closed_at'),
  /** The network's refusal of the last opening (120073). */
  openFailure: text('open_failure'),
  /** The language the customer last used on the dual number's pages: its emails and SMS are written in it. */
  lang: text('lang').notNull().default('en'),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [index('dual_numbers_customer').on(t.customerId), index('dual_numbers_state').on(t.state)]);

/**
 * Real-name applications (spec section 3, "Dual-number real-name"): one per submission; a re-upload after a failed
 * review is a new row. The document number is encrypted at rest like the photos (src/server/dual/realName.ts).
 */
export const realNameApplications = pgTable('real_name_applications', {
  id: serial('id').primaryKey(),
  lineId: integer('line_id').notNull().references(() => lines.id),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  nationality: text('nationality').notNull(),
  idType: text('id_type').notNull(),
  idName: text('id_name').notNull(),
  idNumberCipher: text('id_number_cipher').notNull(),
  /** The document number's last 4 characters, for the customer's own screens and the staff queue's list. */
  idNumberHint: text('id_number_hint').notNull(),
  issuePlace: text('issue_place').notNull(),
  address: text('address').notNull(),
  status: text('status', { enum: ['underReview', 'approved', 'rejected', 'withdrawn'] }).notNull(),
  submittedAt: at('submitted_at').notNull(),
  /** Spec section 9: "real-name review 3 working days": when the promise to the customer runs out. */
  reviewDueAt: at('review_due_at').notNull(),
  remindedAt: at('reminded_at'),
  decidedAt: at('decided_at'),
  decidedBy: integer('decided_by').references(() => staffAccounts.id),
  reason: text('reason'),
}, (t) => [index('real_name_applications_line').on(t.lineId), index('real_name_applications_status').on(t.status, t.submittedAt)]);

/**
 * ID photos (spec section 5: "images JPG only, max 1MB"), checked, stripped of their metadata, re-encoded and then
 * encrypted (AES-256-GCM, bound to the row: src/server/images/seal.ts). An upload belongs to its customer until a
 * submission takes it; its bytes are deleted when the application is given up or cancelled.
 */
export const idImages = pgTable('id_images', {
  id: serial('id').primaryKey(),
  /** Unguessable reference the client holds between the upload and the submission. */
  ref: text('ref').notNull().unique(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  slot: text('slot', { enum: ['handheld', 'front', 'back'] }).notNull(),
  applicationId: integer('application_id').references(() => realNameApplications.id),
  sealed: bytea('sealed'),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: createdAt(),
  deletedAt: at('deleted_at'),
}, (t) => [index('id_images_customer').on(t.customerId), index('id_images_application').on(t.applicationId)]);

/** Staff of the console (spec section 6: "Staff review IDs and screenshots"): their own accounts, never customers'. */
export const staffAccounts = pgTable('staff_accounts', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['reviewer'] }).notNull(),
  createdAt: createdAt(),
});

export const staffSessions = pgTable('staff_sessions', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  staffId: integer('staff_id').notNull().references(() => staffAccounts.id),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  revokedAt: at('revoked_at'),
});

/** Every staff action, with who and when (issue 16: "every decision logged with who and when"). Never updated. */
export const staffAudit = pgTable('staff_audit', {
  id: serial('id').primaryKey(),
  staffId: integer('staff_id').notNull().references(() => staffAccounts.id),
  action: text('action').notNull(),
  subject: text('subject').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
  at: at('at').notNull(),
}, (t) => [index('staff_audit_subject').on(t.subject)]);

// ---- enquiries: the contact form and dealer applications, the staff inbox (issue 18) ----------------------------

/**
 * Messages of the contact form (/aboutUs/contactUs), for customer service. `state` is the enquiry chart's
 * (machines/enquiry.machine.ts: open, closed), moved through applyLifecycleEvent.
 */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  reference: text('reference').notNull().unique(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  topic: text('topic').notNull(),
  message: text('message').notNull(),
  /** The sender's language: the confirmation is written in it, and staff answer in it. */
  lang: text('lang').notNull(),
  state: text('state').notNull(),
  createdAt: createdAt(),
  closedAt: at('closed_at'),
  closedBy: integer('closed_by').references(() => staffAccounts.id),
}, (t) => [index('contact_messages_state').on(t.state, t.createdAt)]);

/**
 * Dealer applications (/agent; spec section 3, "Dealer application"). One open application per email: the partial
 * unique index refuses a second one however many requests race (90056), and a closed one no longer counts.
 */
export const dealerApplications = pgTable('dealer_applications', {
  id: serial('id').primaryKey(),
  reference: text('reference').notNull().unique(),
  storeName: text('store_name').notNull(),
  country: text('country').notNull(),
  region: text('region').notNull(),
  city: text('city').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  /** The email trimmed and lower-cased: what "one open application per email" compares. */
  emailKey: text('email_key').notNull(),
  howHeard: text('how_heard').notNull(),
  whyInterested: text('why_interested').notNull(),
  extra: text('extra'),
  lang: text('lang').notNull(),
  state: text('state').notNull(),
  createdAt: createdAt(),
  closedAt: at('closed_at'),
  closedBy: integer('closed_by').references(() => staffAccounts.id),
}, (t) => [
  uniqueIndex('dealer_applications_one_open').on(t.emailKey).where(sql`state = 'open'`),
  index('dealer_applications_state').on(t.state, t.createdAt),
]);

/** Network sandbox: China virtual numbers held for or open on a line (the partner's inventory is numbered, not stored). */
export const sandboxChinaNumbers = pgTable('sandbox_china_numbers', {
  number: text('number').primaryKey(),
  lineRef: text('line_ref').notNull().unique(),
  state: text('state', { enum: ['held', 'open', 'paused', 'closed'] }).notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

// ---- SIM-swap and port-out protection (issue 16, FCC 23-95) ---------------------------------------

/**
 * Number transfer PINs: the customer generates one to port the number out; single use, short-lived, stored as a digest.
 * The network's port-out request (sandbox: /sandbox/api/portOut) is checked against it.
 */
export const portOutPins = pgTable('port_out_pins', {
  id: serial('id').primaryKey(),
  lineId: integer('line_id').notNull().references(() => lines.id),
  pinHash: text('pin_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  /** Wrong PINs tried against it; 5 end it. */
  attempts: integer('attempts').notNull().default(0),
}, (t) => [index('port_out_pins_line').on(t.lineId)]);

/** Every SIM change of a line (conversion to eSIM and back, eSIM reinstall), with who asked and the re-authentication. */
export const simChanges = pgTable('sim_changes', {
  id: serial('id').primaryKey(),
  lineId: integer('line_id').notNull().references(() => lines.id),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  /** 'replacement' (decision 0037): the line moved to a new physical card ordered on /personal/upgradeNewCard. */
  kind: text('kind', { enum: ['toEsim', 'toPhysical', 'replacement'] }).notNull(),
  fromIccid: text('from_iccid').notNull(),
  toIccid: text('to_iccid').notNull(),
  /** How the customer proved it was them: a code to the line ('sms') or to the account's email ('email'), and the password. */
  reauth: text('reauth', { enum: ['sms', 'email'] }).notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  ip: text('ip'),
  createdAt: createdAt(),
}, (t) => [index('sim_changes_line').on(t.lineId)]);

/**
 * A replacement SIM for a line (issue 16, decision 0037; spec section 2 /personal/upgradeNewCard): ordered after
 * re-authentication, shipped like any order (orderId, kind 'replacement'), and when its card is activated the line moves
 * to it and the old card stops. `state` is the simReplacement chart's. At most one open replacement per line.
 */
export const simReplacements = pgTable('sim_replacements', {
  id: serial('id').primaryKey(),
  publicId: text('public_id').notNull().unique(),
  lineId: integer('line_id').notNull().references(() => lines.id),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  orderId: integer('order_id').notNull().unique().references(() => orders.id),
  reason: text('reason', { enum: ['lost', 'damaged', 'upgrade'] }).notNull(),
  state: text('state', { enum: ['ordered', 'shipped', 'moved', 'cancelled'] }).notNull(),
  /** The card the line ran on when it was ordered, and the new card once the order made it. */
  fromIccid: text('from_iccid').notNull(),
  newIccid: text('new_iccid'),
  /** How the customer proved it was them when ordering ('sms' or 'email', with the password). */
  reauth: text('reauth', { enum: ['sms', 'email'] }).notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  ip: text('ip'),
  lang: text('lang').notNull(),
  cancelReason: text('cancel_reason', { enum: ['customer', 'lineEnded', 'cardExpired'] }),
  createdAt: createdAt(),
  shippedAt: at('shipped_at'),
  movedAt: at('moved_at'),
  cancelledAt: at('cancelled_at'),
}, (t) => [
  index('sim_replacements_line').on(t.lineId),
  // "Every limit is atomic": one replacement in progress per line, whoever asks at once.
  uniqueIndex('sim_replacements_one_open').on(t.lineId).where(sql`state in ('ordered', 'shipped')`),
]);

/** Port-out requests the network received for our numbers (a new carrier asking), and what we answered. */
export const portOutRequests = pgTable('port_out_requests', {
  id: serial('id').primaryKey(),
  lineId: integer('line_id').references(() => lines.id),
  msisdn: text('msisdn').notNull(),
  requestingCarrier: text('requesting_carrier').notNull(),
  outcome: text('outcome', { enum: ['accepted', 'refused'] }).notNull(),
  /** Why a request was refused: the number lock, a wrong or spent PIN, an unknown number. */
  reason: text('reason', { enum: ['locked', 'pinWrong', 'pinExpired', 'unknownNumber', 'accountMismatch'] }),
  createdAt: createdAt(),
}, (t) => [index('port_out_requests_line').on(t.lineId)]);

// ---- number keeping (issue 16) ----------------------------------------------------------------

/**
 * A line's number keeping ("protect", machines/numberProtect.machine.ts, decision 0035): its chart state, applied through
 * applyLifecycleEvent, and the facts of the current (or last) keeping the clock's events need. One row per line, created
 * by the first keeping bought; a later keeping (after the line was recovered and expired again) reuses it.
 */
export const numberKeepings = pgTable('number_keepings', {
  lineId: integer('line_id').primaryKey().references(() => lines.id),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  state: text('state').notNull(),
  /** This keeping: when it started, until when it is paid, and the days bought (spec section 4: "max 120 days total"). */
  keptFrom: at('kept_from'),
  keptUntil: at('kept_until'),
  keptDays: integer('kept_days').notNull().default(0),
  /** An early end: asked then, effective then (spec section 4: "early end takes 4-5 hours"). */
  endRequestedAt: at('end_requested_at'),
  endsAt: at('ends_at'),
  /** Keeping ended then; the number is recycled 90 days later unless the line is recovered. */
  endedAt: at('ended_at'),
  recycledAt: at('recycled_at'),
  /** The language of the customer's last purchase or change: keeping's emails and SMS are written in it. */
  lang: text('lang').notNull().default('en'),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  index('number_keepings_customer').on(t.customerId),
  check('number_keepings_days', sql`${t.keptDays} >= 0 and ${t.keptDays} <= 120`),
]);

/**
 * The periods a keeping order gave its line, once per order (the unique order number), in the transaction that marked
 * the order paid: what /personal/protect lists. `keptFrom` names the keeping they belong to.
 */
export const numberKeepingPeriods = pgTable('number_keeping_periods', {
  id: serial('id').primaryKey(),
  orderNo: text('order_no').notNull().unique().references(() => orders.orderNo),
  lineId: integer('line_id').notNull().references(() => lines.id),
  keptFrom: at('kept_from').notNull(),
  days: integer('days').notNull(),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
  createdAt: createdAt(),
}, (t) => [index('number_keeping_periods_line').on(t.lineId, t.keptFrom)]);

/**
 * Network sandbox: lines the carrier keeps (number keeping), with the allowance of each 30-day period from `from`
 * (30 minutes and 100 texts; no data). While kept, the line's usage feed reports calls and texts within the allowance.
 */
export const sandboxLineKeepings = pgTable('sandbox_line_keepings', {
  iccid: text('iccid').primaryKey(),
  kept: boolean('kept').notNull(),
  from: at('from').notNull(),
  voiceSeconds: integer('voice_seconds').notNull(),
  texts: integer('texts').notNull(),
  requestId: text('request_id').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** Network sandbox: what a kept line used in each hour it was reported (the allowance is counted from these). */
export const sandboxKeepingHours = pgTable('sandbox_keeping_hours', {
  id: serial('id').primaryKey(),
  iccid: text('iccid').notNull(),
  hourStart: at('hour_start').notNull(),
  voiceSeconds: integer('voice_seconds').notNull(),
  texts: integer('texts').notNull(),
}, (t) => [uniqueIndex('sandbox_keeping_hours_hour').on(t.iccid, t.hourStart)]);

// ---- places: coverage, ZIP codes and stores (issue 18, decision 0040) ------------------------------

/** Coverage quality outdoors and indoors, best first. */
export const SIGNAL_QUALITIES = ['excellent', 'good', 'fair', 'poor', 'none'] as const;

/**
 * Where a ZIP code is: its centroid (latitude and longitude, degrees) and its city's names, loaded from CSV by the
 * `zips` data set. Chinese names are '|'-separated, the first one shown ("旧金山", "舊金山|三藩市").
 */
export const zipCentroids = pgTable('zip_centroids', {
  zip: text('zip').primaryKey(),
  city: text('city').notNull(),
  cityZhHans: text('city_zh_hans'),
  cityZhHant: text('city_zh_hant'),
  state: text('state').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
}, (t) => [index('zip_centroids_state').on(t.state)]);

/**
 * The network's coverage per ZIP code, loaded from CSV by the `coverage` data set: the best technology (5G, 4G LTE,
 * 3G/2G fallback, none) and the signal outdoors and indoors, at the ZIP's centroid.
 */
export const coverageAreas = pgTable('coverage_areas', {
  zip: text('zip').primaryKey(),
  city: text('city').notNull(),
  cityZhHans: text('city_zh_hans'),
  cityZhHant: text('city_zh_hant'),
  state: text('state').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  technology: text('technology', { enum: ['5g', 'lte', '3g2g', 'none'] }).notNull(),
  outdoor: text('outdoor', { enum: SIGNAL_QUALITIES }).notNull(),
  indoor: text('indoor', { enum: SIGNAL_QUALITIES }).notNull(),
}, (t) => [index('coverage_areas_state').on(t.state)]);

/**
 * Stores and dealers that sell and activate the SIM cards (spec section 2: "store finder"), loaded from CSV by the
 * `stores` data set, keyed by the carrier's store code. hours: "Mo-Fr 10:00-19:00; Sa 11:00-17:00" (src/domain/
 * storeHours.ts); languages: 'en', 'cmn' (Mandarin), 'yue' (Cantonese); services: src/contract/places.ts.
 */
export const stores = pgTable('stores', {
  code: text('code').primaryKey(),
  kind: text('kind', { enum: ['store', 'dealer'] }).notNull(),
  name: text('name').notNull(),
  nameZh: text('name_zh'),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  phone: text('phone').notNull(),
  hours: text('hours').notNull(),
  languages: text('languages').array().notNull(),
  services: text('services').array().notNull(),
}, (t) => [index('stores_state_city').on(t.state, t.city)]);

// ---- campaigns (issue 18, decision 0042) -------------------------------------------------------------------------

/**
 * A customer's participation in a campaign edition (spec section 9, Lunar New Year: "one participation per user"):
 * one row per customer and edition (the unique index, not a check in code). `state` is the campaignReward chart's
 * (machines/campaignReward.machine.ts), moved through applyLifecycleEvent. Money is the claim's, computed by
 * src/domain/campaigns.ts; credited once through balance_ledger (reference `campaign:<id>`).
 */
export const campaignRewards = pgTable('campaign_rewards', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  edition: text('edition').notNull(),
  state: text('state').notNull(),
  /** Groups forwarded to (0, 3, 6 or 9: one screenshot each), and when the customer forwarded. */
  groups: integer('groups').notNull(),
  forwardedAt: at('forwarded_at'),
  /** The social post: null when not claimed; the likes the customer claims. */
  likes: integer('likes'),
  postedAt: at('posted_at'),
  amountCents: integer('amount_cents').notNull(),
  lang: text('lang').notNull(),
  submittedAt: at('submitted_at').notNull(),
  decidedAt: at('decided_at'),
  decidedBy: integer('decided_by').references(() => staffAccounts.id),
  /** What the customer reads when staff reject it. */
  reason: text('reason'),
  creditedAt: at('credited_at'),
}, (t) => [
  uniqueIndex('campaign_rewards_one_per_customer').on(t.edition, t.customerId),
  index('campaign_rewards_state').on(t.state, t.submittedAt),
]);

/**
 * Campaign screenshots: the dual number's image rules (src/server/images: JPG by content, 1 MB, re-encoded without
 * metadata, sealed at rest, bound to the row, its owner and its slot). An upload is its customer's until a
 * participation takes it.
 */
export const campaignImages = pgTable('campaign_images', {
  id: serial('id').primaryKey(),
  ref: text('ref').notNull().unique(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  /** 'group' (a forwarded group) or 'social' (the post with its likes). */
  slot: text('slot', { enum: ['group', 'social'] }).notNull(),
  rewardId: integer('reward_id').references(() => campaignRewards.id),
  sealed: bytea('sealed'),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: createdAt(),
  deletedAt: at('deleted_at'),
}, (t) => [index('campaign_images_customer').on(t.customerId), index('campaign_images_reward').on(t.rewardId)]);

// ---- referral programme (issue 18 section 5, decision 0041) ----------------------------------------

/** The programme's editions (configuration): the spec's dated 2025 edition, the older tiers, and the sandbox's current one. */
export const referralEditions = pgTable('referral_editions', {
  id: text('id').primaryKey(),
  startsAt: at('starts_at').notNull(),
  /** The first instant after the window. */
  endsAt: at('ends_at').notNull(),
  countCutoffAt: at('count_cutoff_at').notNull(),
  /** The older edition's per-referral rewards (cents, by the referrer's n-th referral); null: $15 a new line. */
  tiersCents: jsonb('tiers_cents').$type<number[]>(),
  milestones: boolean('milestones').notNull(),
  sandbox: boolean('sandbox').notNull().default(false),
});

/**
 * One referral: one SIM (slot) of a referee's paid order that carried a referral code. `state` is the referralReward
 * chart's (machines/referralReward.machine.ts), moved only through applyLifecycleEvent.
 */
export const referralRewards = pgTable('referral_rewards', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  /** 1..the order's SIM count: "$15 each for new line". */
  slot: integer('slot').notNull(),
  code: text('code').notNull(),
  referrerId: integer('referrer_id').notNull().references(() => customers.id),
  /** The referee's account: the buyer's, or the one that activated the card. */
  refereeId: integer('referee_id').references(() => customers.id),
  lineId: integer('line_id').references(() => lines.id),
  iccid: text('iccid'),
  editionId: text('edition_id').references(() => referralEditions.id),
  state: text('state').notNull(),
  /** Why it earns nothing (ineligibility or disqualification: src/domain/referral.ts). */
  reason: text('reason'),
  kind: text('kind', { enum: ['newLine', 'portIn'] }),
  referrerCents: integer('referrer_cents').notNull().default(0),
  refereeCents: integer('referee_cents').notNull().default(0),
  milestoneCents: integer('milestone_cents').notNull().default(0),
  paidAt: at('paid_at').notNull(),
  activeSince: at('active_since'),
  qualifiesAt: at('qualifies_at'),
  creditDueBy: at('credit_due_by'),
  creditedAt: at('credited_at'),
  expiresAt: at('expires_at'),
  endedAt: at('ended_at'),
  updatedAt: at('updated_at').notNull(),
}, (t) => [uniqueIndex('referral_rewards_order_slot').on(t.orderId, t.slot), index('referral_rewards_referrer').on(t.referrerId), index('referral_rewards_iccid').on(t.iccid)]);

/** Every credit of a referral, with the ledger reference that makes it once, and when it expires (365 days). */
export const referralCredits = pgTable('referral_credits', {
  id: serial('id').primaryKey(),
  rewardId: integer('reward_id').notNull().references(() => referralRewards.id),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  role: text('role', { enum: ['referrer', 'referee', 'milestone'] }).notNull(),
  cents: integer('cents').notNull(),
  reference: text('reference').notNull().unique(),
  expiresAt: at('expires_at').notNull(),
  /** What the expiry took back of it (unspent), when. */
  withdrawnCents: integer('withdrawn_cents'),
  createdAt: createdAt(),
}, (t) => [index('referral_credits_customer').on(t.customerId)]);

/** Gifts to ship (a record staff see): the 10-referral gold plate and souvenirs, the top referrer's iPhone. */
export const referralGifts = pgTable('referral_gifts', {
  id: serial('id').primaryKey(),
  editionId: text('edition_id').notNull().references(() => referralEditions.id),
  referrerId: integer('referrer_id').notNull().references(() => customers.id),
  gift: text('gift', { enum: ['goldPlate', 'iphone'] }).notNull(),
  referrals: integer('referrals').notNull(),
  /** "gifts ship within 15 working days". */
  shipBy: at('ship_by').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('referral_gifts_one').on(t.editionId, t.gift, t.referrerId)]);

/**
 * The lucky draw (issue 18, /activity/lottery, decision 0042): every draw recorded with the server's random roll; one
 * entry per customer and period (the unique index: parallel requests store one).
 */
export const lotteryDraws = pgTable('lottery_draws', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  edition: text('edition').notNull(),
  /** The period's first Pacific day (YYYY-MM-DD). */
  period: text('period').notNull(),
  /** The roll, 0 to 9999, from node:crypto's randomInt; the prize it falls in by the published odds. */
  roll: integer('roll').notNull(),
  prize: text('prize').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: at('created_at').notNull(),
}, (t) => [uniqueIndex('lottery_draws_one_per_period').on(t.edition, t.period, t.customerId)]);

/** Prizes left in a period: taken one at a time by a guarded update (remaining > 0), never below zero. */
export const lotteryStock = pgTable('lottery_stock', {
  edition: text('edition').notNull(),
  period: text('period').notNull(),
  prize: text('prize').notNull(),
  remaining: integer('remaining').notNull(),
}, (t) => [
  uniqueIndex('lottery_stock_key').on(t.edition, t.period, t.prize),
  check('lottery_stock_not_negative', sql`${t.remaining} >= 0`),
]);

// ---- WeChat Pay agreement (decision 0046) ------------------------------------------------------

/**
 * A customer's WeChat Pay agreement (papay contract): the state is the wechatAgreement chart's (signing, signed,
 * notSigned, terminated), written only through src/server/db/lifecycle.ts. One agreement signing or signed per customer
 * (a partial unique index: parallel requests to sign make one).
 */
export const wechatAgreements = pgTable('wechat_agreements', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  /** Our contract_code at WeChat Pay: unique, derived from the row, never reused. */
  contractCode: text('contract_code').notNull().unique(),
  state: text('state').notNull(),
  /** The signing page at WeChat Pay the customer is sent to, and until when it can be signed. */
  signUrl: text('sign_url').notNull(),
  signExpiresAt: at('sign_expires_at').notNull(),
  /** WeChat Pay's contract id once signed. */
  contractId: text('contract_id'),
  signedAt: at('signed_at'),
  endedAt: at('ended_at'),
  /** Why it ended: 'declined', 'expired', 'abandoned' (never signed), 'customer' or 'wechat' (terminated). */
  endReason: text('end_reason'),
  lang: text('lang').notNull(),
  createdAt: at('created_at').notNull(),
}, (t) => [
  uniqueIndex('wechat_agreements_one_open').on(t.customerId).where(sql`state in ('signing', 'signed')`),
]);

// ---- start-up ---------------------------------------------------------------------------------

/**
 * What the last seed was made from (decision 0024): `npm start` skips seeding when the gateway's build, the pepper and
 * the sandbox setting are the same and the last seed is recent, so a restart does not rewrite what is already there.
 */
export const seedState = pgTable('seed_state', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  seededAt: at('seeded_at').notNull(),
});

// ---- bank card points (issue 18 section 6, decision 0043) ---------------------------------------------------------

/**
 * A customer's participation in an edition of the bank card points programme (spec section 9: "Bank card points: 20%
 * cashback up to $20"): one card (by the provider's fingerprint, never its number) and one email per edition, and one
 * participation per customer: three unique indexes, so parallel joins let one through (spec section 8: 120084, 120085).
 * `state` is the welfareParticipation chart's (machines/welfareParticipation.machine.ts).
 */
export const welfareParticipations = pgTable('welfare_participations', {
  id: serial('id').primaryKey(),
  edition: text('edition').notNull(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  savedCardId: integer('saved_card_id').notNull().references(() => savedCards.id),
  cardFingerprint: text('card_fingerprint').notNull(),
  cardBrand: text('card_brand').notNull(),
  cardLast4: text('card_last4').notNull(),
  /** As the customer typed it, and normalised (src/domain/welfare.ts: the address that receives the mail). */
  email: text('email').notNull(),
  emailKey: text('email_key').notNull(),
  state: text('state').notNull(),
  earnedCents: integer('earned_cents').notNull().default(0),
  /** A digest of the join request's Idempotency-Key: a replay answers the same participation. */
  joinKey: text('join_key').notNull(),
  joinedAt: at('joined_at').notNull(),
  /** The edition's end (Pacific midnight after its last day): payments after it earn nothing. */
  endsAt: at('ends_at').notNull(),
  cappedAt: at('capped_at'),
  endedAt: at('ended_at'),
}, (t) => [
  uniqueIndex('welfare_one_per_customer').on(t.edition, t.customerId),
  uniqueIndex('welfare_one_per_email').on(t.edition, t.emailKey),
  uniqueIndex('welfare_one_per_card').on(t.edition, t.cardFingerprint),
  index('welfare_participations_card').on(t.customerId, t.cardFingerprint),
  check('welfare_earned_within_cap', sql`${t.earnedCents} between 0 and 2000`),
]);

/** One cashback per card payment (the unique payment id), credited through balance_ledger as `welfare:<paymentId>`. */
export const welfareCashbacks = pgTable('welfare_cashbacks', {
  id: serial('id').primaryKey(),
  participationId: integer('participation_id').notNull().references(() => welfareParticipations.id),
  paymentId: integer('payment_id').notNull().unique().references(() => payments.id),
  paymentCents: integer('payment_cents').notNull(),
  cashbackCents: integer('cashback_cents').notNull(),
  paidAt: at('paid_at').notNull(),
  createdAt: createdAt(),
}, (t) => [index('welfare_cashbacks_participation').on(t.participationId)]);

// ---- students (issue 18 section 4, decision 0045) -------------------------------------------------

/** Codes emailed to an academic address ("edu email for student flow"): hashed, 5 minutes, 5 tries, single use. */
export const eduEmailCodes = pgTable('edu_email_codes', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: at('used_at'),
  createdAt: createdAt(),
}, (t) => [index('edu_email_codes_email').on(t.email, t.createdAt)]);

/**
 * An academic address proved by its code: the token (kept as a digest) a student order carries, valid for a while,
 * spent by the one order that uses it, and bound to the customer who proved it when they were logged in (decision 0045).
 */
export const eduVerifications = pgTable('edu_verifications', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  verifiedAt: at('verified_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  /** The customer logged in when the address was proved; null for a proof made without login (guest checkout). */
  customerId: integer('customer_id').references(() => customers.id),
  /** The order that spent the proof, in the transaction that created it. */
  spentOrderId: integer('spent_order_id').references(() => orders.id),
  spentAt: at('spent_at'),
});

/** Spec section 3 "Student info: school, grade, departure date, edu email" of a student order (one row per order). */
export const orderStudents = pgTable('order_students', {
  orderId: integer('order_id').primaryKey().references(() => orders.id),
  school: text('school').notNull(),
  grade: text('grade').notNull(),
  departureDate: date('departure_date', { mode: 'string' }).notNull(),
  eduEmail: text('edu_email').notNull(),
  /** When the edu address was proved: a student order never exists without it. */
  verifiedAt: at('verified_at').notNull(),
  createdAt: createdAt(),
}, (t) => [index('order_students_edu_email').on(t.eduEmail)]);
