CREATE TABLE "dataset_imports" (
	"dataset" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"sha256" text NOT NULL,
	"rows" integer NOT NULL,
	"sample" boolean NOT NULL,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"tac" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"market" text NOT NULL,
	"compatibility" text NOT NULL,
	"esim" boolean NOT NULL,
	"certified" boolean NOT NULL,
	"limits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "devices_cn_no_esim" CHECK ("devices"."market" <> 'cn' or not "devices"."esim")
);
--> statement-breakpoint
ALTER TABLE "ild_rates" DROP COLUMN "sort_order";--> statement-breakpoint
ALTER TABLE "ild_rates" ADD CONSTRAINT "ild_rates_cents_not_negative" CHECK ("ild_rates"."landline_cents" >= 0 and "ild_rates"."mobile_cents" >= 0);