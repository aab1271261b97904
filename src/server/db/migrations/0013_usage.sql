CREATE TABLE "ild_rates" (
	"country_code" text PRIMARY KEY NOT NULL,
	"dial_code" text NOT NULL,
	"landline_cents" integer NOT NULL,
	"mobile_cents" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_cursors" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"read_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"network_ref" text NOT NULL,
	"type" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"direction" text,
	"peer" text,
	"peer_country" text,
	"via" text,
	"duration_sec" integer DEFAULT 0 NOT NULL,
	"volume_kb" integer DEFAULT 0 NOT NULL,
	"high_speed_kb" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_records_network_ref_unique" UNIQUE("network_ref")
);
--> statement-breakpoint
ALTER TABLE "usage_cursors" ADD CONSTRAINT "usage_cursors_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_records_customer_type_time" ON "usage_records" USING btree ("customer_id","type","started_at");