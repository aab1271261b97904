CREATE TABLE "sim_replacements" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"line_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"from_iccid" text NOT NULL,
	"new_iccid" text,
	"reauth" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"ip" text,
	"lang" text NOT NULL,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"moved_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "sim_replacements_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "sim_replacements_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "sim_replacements_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_one_product";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_line";--> statement-breakpoint
ALTER TABLE "sim_replacements" ADD CONSTRAINT "sim_replacements_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_replacements" ADD CONSTRAINT "sim_replacements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_replacements" ADD CONSTRAINT "sim_replacements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_replacements_line" ON "sim_replacements" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_replacements_one_open" ON "sim_replacements" USING btree ("line_id") WHERE state in ('ordered', 'shipped');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_one_product" CHECK (("orders"."kind" in ('topup', 'protect', 'replacement') and "orders"."plan_id" is null and "orders"."global_pack_id" is null and "orders"."add_on_pack_id" is null) or ("orders"."kind" in ('addOn', 'roaming') and "orders"."plan_id" is null and "orders"."global_pack_id" is null and "orders"."add_on_pack_id" is not null) or ("orders"."kind" in ('plan', 'global', 'renewal', 'planChange', 'globalRenewal') and "orders"."add_on_pack_id" is null and ("orders"."plan_id" is null) <> ("orders"."global_pack_id" is null)));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_line" CHECK (("orders"."kind" in ('addOn', 'roaming', 'planChange', 'globalRenewal', 'protect', 'replacement')) = ("orders"."line_id" is not null));