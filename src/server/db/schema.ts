/**
 * Drizzle schema of the gateway. Money is integer cents; every timestamp is `timestamptz` (UTC).
 * After a change: `npm run db:generate` writes a new migration into ./migrations (committed).
 */
import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

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
  phone: text('phone').notNull().unique(),
  /** null for accounts created by the SMS-code login that never set a password. */
  passwordHash: text('password_hash'),
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
});

// ---- login: captchas, codes, tickets, sessions, throttling -----------------------------------

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
  purpose: text('purpose', { enum: ['login', 'register', 'reset'] }).notNull(),
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

export const loginFailures = pgTable('login_failures', {
  id: serial('id').primaryKey(),
  /** 'customer:<id>' for a known account, else 'name:<normalized input>'. */
  subject: text('subject').notNull(),
  ip: text('ip').notNull(),
  createdAt: at('created_at').notNull(),
}, (t) => [index('login_failures_subject').on(t.subject, t.createdAt), index('login_failures_ip').on(t.ip, t.createdAt)]);

export const sendLog = pgTable('send_log', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  ip: text('ip').notNull(),
  purpose: text('purpose').notNull(),
  createdAt: at('created_at').notNull(),
}, (t) => [index('send_log_phone').on(t.phone, t.createdAt), index('send_log_ip').on(t.ip, t.createdAt)]);

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
