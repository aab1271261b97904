CREATE TABLE "referral_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"reward_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"role" text NOT NULL,
	"cents" integer NOT NULL,
	"reference" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"withdrawn_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_credits_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "referral_editions" (
	"id" text PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"count_cutoff_at" timestamp with time zone NOT NULL,
	"tiers_cents" jsonb,
	"milestones" boolean NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" text NOT NULL,
	"referrer_id" integer NOT NULL,
	"gift" text NOT NULL,
	"referrals" integer NOT NULL,
	"ship_by" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"slot" integer NOT NULL,
	"code" text NOT NULL,
	"referrer_id" integer NOT NULL,
	"referee_id" integer,
	"line_id" integer,
	"iccid" text,
	"edition_id" text,
	"state" text NOT NULL,
	"reason" text,
	"kind" text,
	"referrer_cents" integer DEFAULT 0 NOT NULL,
	"referee_cents" integer DEFAULT 0 NOT NULL,
	"milestone_cents" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"active_since" timestamp with time zone,
	"qualifies_at" timestamp with time zone,
	"credit_due_by" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_reward_id_referral_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."referral_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_gifts" ADD CONSTRAINT "referral_gifts_edition_id_referral_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."referral_editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_gifts" ADD CONSTRAINT "referral_gifts_referrer_id_customers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_id_customers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referee_id_customers_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_edition_id_referral_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."referral_editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_credits_customer" ON "referral_credits" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_gifts_one" ON "referral_gifts" USING btree ("edition_id","gift","referrer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_order_slot" ON "referral_rewards" USING btree ("order_id","slot");--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer" ON "referral_rewards" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_iccid" ON "referral_rewards" USING btree ("iccid");