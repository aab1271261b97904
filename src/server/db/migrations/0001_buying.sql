CREATE TABLE "balance_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"account" text NOT NULL,
	"delta_cents" integer NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_ledger_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"kind" text DEFAULT 'plan' NOT NULL,
	"customer_id" integer,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"access_token_hash" text NOT NULL,
	"status" text NOT NULL,
	"plan_id" integer NOT NULL,
	"plan_name" text NOT NULL,
	"months" integer NOT NULL,
	"sim_type" text NOT NULL,
	"sim_count" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"plan_cost_cents" integer NOT NULL,
	"multi_month_discount_cents" integer NOT NULL,
	"coupon_code" text,
	"discount_cents" integer NOT NULL,
	"referral_code" text,
	"shipping_method" text NOT NULL,
	"shipping_fee_cents" integer NOT NULL,
	"tax_rate_bps" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"pay_amount_cents" integer NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"channel" text NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"shipping" jsonb NOT NULL,
	"billing" jsonb NOT NULL,
	"pay_method" text,
	"failure_code" text,
	"paid_at" timestamp with time zone,
	"fulfilment" text DEFAULT 'pending' NOT NULL,
	"logistics_status" text DEFAULT 'not_shipped' NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payable_kind" text NOT NULL,
	"payable_ref" text NOT NULL,
	"customer_id" integer,
	"method" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"failure_code" text,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_provider_payment_id_unique" UNIQUE("provider_payment_id")
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"source_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference_id" text,
	"status" text NOT NULL,
	"error_code" text,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_card_payments_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"postal_code" text,
	"scenario" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_ref" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"postal_code" text,
	"scenario" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_parcels" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"service" text NOT NULL,
	"address" jsonb NOT NULL,
	"contents" jsonb NOT NULL,
	"ship_at" timestamp with time zone NOT NULL,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_parcels_reference_unique" UNIQUE("reference"),
	CONSTRAINT "sandbox_parcels_tracking_number_unique" UNIQUE("tracking_number")
);
--> statement-breakpoint
CREATE TABLE "sandbox_wechat_orders" (
	"out_trade_no" text PRIMARY KEY NOT NULL,
	"prepay_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"notify_url" text NOT NULL,
	"state" text NOT NULL,
	"transaction_id" text,
	"notifications" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_wechat_orders_prepay_id_unique" UNIQUE("prepay_id")
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"provider_card_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"holder_name" text NOT NULL,
	"billing_zip" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_cards_provider_card_id_unique" UNIQUE("provider_card_id")
);
--> statement-breakpoint
CREATE TABLE "sims" (
	"iccid" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'us' NOT NULL,
	"sim_type" text NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"activation_code_hash" text NOT NULL,
	"collected" text DEFAULT 'online' NOT NULL,
	"order_id" integer,
	"plan_id" integer,
	"months" integer,
	"purchased_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"smdp_address" text,
	"matching_id" text,
	"qr_expires_at" timestamp with time zone,
	"activation_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"order_no" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_grants_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD CONSTRAINT "balance_ledger_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("done_at","run_at");--> statement-breakpoint
CREATE INDEX "orders_customer" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_email" ON "orders" USING btree ("email");--> statement-breakpoint
CREATE INDEX "orders_status" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payments_payable" ON "payments" USING btree ("payable_kind","payable_ref");--> statement-breakpoint
CREATE INDEX "payments_pending" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_success" ON "payments" USING btree ("payable_kind","payable_ref") WHERE status = 'succeeded';--> statement-breakpoint
CREATE INDEX "sandbox_card_payments_reference" ON "sandbox_card_payments" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "saved_cards_customer" ON "saved_cards" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sims_order" ON "sims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tracking_codes_order" ON "tracking_codes" USING btree ("order_no","created_at");