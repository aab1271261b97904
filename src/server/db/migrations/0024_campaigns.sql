CREATE TABLE "campaign_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" text NOT NULL,
	"customer_id" integer NOT NULL,
	"slot" text NOT NULL,
	"reward_id" integer,
	"sealed" "bytea",
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "campaign_images_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "campaign_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"edition" text NOT NULL,
	"state" text NOT NULL,
	"groups" integer NOT NULL,
	"forwarded_at" timestamp with time zone,
	"likes" integer,
	"posted_at" timestamp with time zone,
	"amount_cents" integer NOT NULL,
	"lang" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"reason" text,
	"credited_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "customer_type" text DEFAULT 'individual' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_images" ADD CONSTRAINT "campaign_images_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_images" ADD CONSTRAINT "campaign_images_reward_id_campaign_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."campaign_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD CONSTRAINT "campaign_rewards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD CONSTRAINT "campaign_rewards_decided_by_staff_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_images_customer" ON "campaign_images" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "campaign_images_reward" ON "campaign_images" USING btree ("reward_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_rewards_one_per_customer" ON "campaign_rewards" USING btree ("edition","customer_id");--> statement-breakpoint
CREATE INDEX "campaign_rewards_state" ON "campaign_rewards" USING btree ("state","submitted_at");