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
CREATE INDEX "line_add_ons_line" ON "line_add_ons" USING btree ("line_id","kind","cycle_start");--> statement-breakpoint
CREATE INDEX "sandbox_roaming_packs_iccid" ON "sandbox_roaming_packs" USING btree ("iccid");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_add_on_pack_id_add_on_packs_id_fk" FOREIGN KEY ("add_on_pack_id") REFERENCES "public"."add_on_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_line_kind" ON "orders" USING btree ("line_id","kind","status");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_line" CHECK (("orders"."kind" in ('addOn', 'roaming', 'planChange', 'globalRenewal')) = ("orders"."line_id" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_one_product" CHECK (("orders"."kind" = 'topup' and "orders"."plan_id" is null and "orders"."global_pack_id" is null and "orders"."add_on_pack_id" is null) or ("orders"."kind" in ('addOn', 'roaming') and "orders"."plan_id" is null and "orders"."global_pack_id" is null and "orders"."add_on_pack_id" is not null) or ("orders"."kind" in ('plan', 'global', 'renewal', 'planChange', 'globalRenewal') and "orders"."add_on_pack_id" is null and ("orders"."plan_id" is null) <> ("orders"."global_pack_id" is null)));