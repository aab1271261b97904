CREATE TABLE "port_out_pins" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"pin_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "port_out_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer,
	"msisdn" text NOT NULL,
	"requesting_carrier" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_iccid" text NOT NULL,
	"to_iccid" text NOT NULL,
	"reauth" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_changes_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "number_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "cpni_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "port_out_pins" ADD CONSTRAINT "port_out_pins_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_out_requests" ADD CONSTRAINT "port_out_requests_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_changes" ADD CONSTRAINT "sim_changes_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_changes" ADD CONSTRAINT "sim_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "port_out_pins_line" ON "port_out_pins" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "port_out_requests_line" ON "port_out_requests" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "sim_changes_line" ON "sim_changes" USING btree ("line_id");