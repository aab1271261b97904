CREATE TABLE "sandbox_e911_updates" (
	"request_id" text PRIMARY KEY NOT NULL,
	"iccid" text NOT NULL,
	"msisdn" text NOT NULL,
	"address" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "e911" jsonb;--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "e911_updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sandbox_e911_updates_iccid" ON "sandbox_e911_updates" USING btree ("iccid");