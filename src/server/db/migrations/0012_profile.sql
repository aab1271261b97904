CREATE TABLE "email_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "first_name_en" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "last_name_en" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "first_name_zh" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "last_name_zh" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_cards" ADD COLUMN "cardholder_name" text;--> statement-breakpoint
ALTER TABLE "sandbox_cards" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD COLUMN "add_key" text;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_codes_customer" ON "email_codes" USING btree ("customer_id","email");