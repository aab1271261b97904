CREATE TABLE "number_keeping_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"line_id" integer NOT NULL,
	"kept_from" timestamp with time zone NOT NULL,
	"days" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "number_keeping_periods_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "number_keepings" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"state" text NOT NULL,
	"kept_from" timestamp with time zone,
	"kept_until" timestamp with time zone,
	"kept_days" integer DEFAULT 0 NOT NULL,
	"end_requested_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"recycled_at" timestamp with time zone,
	"lang" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "number_keepings_days" CHECK ("number_keepings"."kept_days" >= 0 and "number_keepings"."kept_days" <= 120)
);
--> statement-breakpoint
CREATE TABLE "sandbox_keeping_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"iccid" text NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"voice_seconds" integer NOT NULL,
	"texts" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_line_keepings" (
	"iccid" text PRIMARY KEY NOT NULL,
	"kept" boolean NOT NULL,
	"from" timestamp with time zone NOT NULL,
	"voice_seconds" integer NOT NULL,
	"texts" integer NOT NULL,
	"request_id" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_one_product";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_line";--> statement-breakpoint
ALTER TABLE "line_lifecycles" ADD COLUMN "recovery_fee_carried_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "number_keeping_periods" ADD CONSTRAINT "number_keeping_periods_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_keeping_periods" ADD CONSTRAINT "number_keeping_periods_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_keepings" ADD CONSTRAINT "number_keepings_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_keepings" ADD CONSTRAINT "number_keepings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "number_keeping_periods_line" ON "number_keeping_periods" USING btree ("line_id","kept_from");--> statement-breakpoint
CREATE INDEX "number_keepings_customer" ON "number_keepings" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_keeping_hours_hour" ON "sandbox_keeping_hours" USING btree ("iccid","hour_start");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_one_product" CHECK (("orders"."kind" in ('topup', 'protect') and "orders"."plan_id" is null and "orders"."global_pack_id" is null and "orders"."add_on_pack_id" is null) or ("orders"."kind" in ('addOn', 'roaming') and "orders"."plan_id" is null and "orders"."global_pack_id" is null and "orders"."add_on_pack_id" is not null) or ("orders"."kind" in ('plan', 'global', 'renewal', 'planChange', 'globalRenewal') and "orders"."add_on_pack_id" is null and ("orders"."plan_id" is null) <> ("orders"."global_pack_id" is null)));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_line" CHECK (("orders"."kind" in ('addOn', 'roaming', 'planChange', 'globalRenewal', 'protect')) = ("orders"."line_id" is not null));