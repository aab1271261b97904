CREATE TABLE "sandbox_card_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "welfare_cashbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"participation_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"payment_cents" integer NOT NULL,
	"cashback_cents" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "welfare_cashbacks_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "welfare_participations" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition" text NOT NULL,
	"customer_id" integer NOT NULL,
	"saved_card_id" integer NOT NULL,
	"card_fingerprint" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"state" text NOT NULL,
	"earned_cents" integer DEFAULT 0 NOT NULL,
	"join_key" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capped_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "welfare_earned_within_cap" CHECK ("welfare_participations"."earned_cents" between 0 and 2000)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "sandbox_card_payments" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "sandbox_card_tokens" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "sandbox_cards" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "welfare_cashbacks" ADD CONSTRAINT "welfare_cashbacks_participation_id_welfare_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."welfare_participations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welfare_cashbacks" ADD CONSTRAINT "welfare_cashbacks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welfare_participations" ADD CONSTRAINT "welfare_participations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welfare_participations" ADD CONSTRAINT "welfare_participations_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "welfare_cashbacks_participation" ON "welfare_cashbacks" USING btree ("participation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "welfare_one_per_customer" ON "welfare_participations" USING btree ("edition","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "welfare_one_per_email" ON "welfare_participations" USING btree ("edition","email_key");--> statement-breakpoint
CREATE UNIQUE INDEX "welfare_one_per_card" ON "welfare_participations" USING btree ("edition","card_fingerprint");--> statement-breakpoint
CREATE INDEX "welfare_participations_card" ON "welfare_participations" USING btree ("customer_id","card_fingerprint");