CREATE TABLE "add_on_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"zone" text,
	"roaming_type" text,
	"data_mb" integer,
	"minutes" integer,
	"texts" integer,
	"days" integer,
	"price_cents" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "add_on_packs_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "line_add_ons" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"line_id" integer NOT NULL,
	"kind" text NOT NULL,
	"pack_id" integer,
	"global_pack_id" integer,
	"data_mb" integer,
	"cycle_start" timestamp with time zone,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"network_ref" text,
	"provisioned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_add_ons_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "line_lifecycles" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"plan_state" text DEFAULT 'none' NOT NULL,
	"auto_renewal_state" text DEFAULT 'notOpen' NOT NULL,
	"auto_renewal_method" text,
	"terms_accepted_at" timestamp with time zone,
	"service_state" text DEFAULT 'active' NOT NULL,
	"suspended_at" timestamp with time zone,
	"suspension_reason" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"plan_id" integer NOT NULL,
	"months" integer DEFAULT 1 NOT NULL,
	"plan_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"order_no" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"failure_code" text,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewals_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "sandbox_line_bars" (
	"iccid" text PRIMARY KEY NOT NULL,
	"barred" boolean NOT NULL,
	"request_id" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_roaming_packs" (
	"ref" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"iccid" text NOT NULL,
	"zone" text NOT NULL,
	"roaming_type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_roaming_packs_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_one_product";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "line_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "add_on_pack_id" integer;--> statement-breakpoint
ALTER TABLE "line_add_ons" ADD CONSTRAINT "line_add_ons_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_add_ons" ADD CONSTRAINT "line_add_ons_pack_id_add_on_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."add_on_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_add_ons" ADD CONSTRAINT "line_add_ons_global_pack_id_global_packs_id_fk" FOREIGN KEY ("global_pack_id") REFERENCES "public"."global_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_lifecycles" ADD CONSTRAINT "line_lifecycles_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_add_ons_line" ON "line_add_ons" USING btree ("line_id","kind","cycle_start");--> statement-breakpoint
CREATE UNIQUE INDEX "renewals_line_period" ON "renewals" USING btree ("line_id","period_start","kind");--> statement-breakpoint
CREATE INDEX "sandbox_roaming_packs_iccid" ON "sandbox_roaming_packs" USING btree ("iccid");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_add_on_pack_id_add_on_packs_id_fk" FOREIGN KEY ("add_on_pack_id") REFERENCES "public"."add_on_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_line_kind" ON "orders" USING btree ("line_id","kind","status");--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_general_not_negative" CHECK ("balances"."general_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_line" CHECK (("orders"."kind" in ('addOn', 'roaming', 'planChange', 'globalRenewal')) = ("orders"."line_id" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_one_product" CHECK (("orders"."kind" = 'topup' and "orders"."plan_id" is null and "orders"."global_pack_id" is null and "orders"."add_on_pack_id" is null) or ("orders"."kind" in ('addOn', 'roaming') and "orders"."plan_id" is null and "orders"."global_pack_id" is null and "orders"."add_on_pack_id" is not null) or ("orders"."kind" in ('plan', 'global', 'renewal', 'planChange', 'globalRenewal') and "orders"."add_on_pack_id" is null and ("orders"."plan_id" is null) <> ("orders"."global_pack_id" is null)));