ALTER TABLE "orders" DROP CONSTRAINT "orders_one_product";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "top_up_account" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "top_up_msisdn" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "top_up_customer_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_top_up_customer_id_customers_id_fk" FOREIGN KEY ("top_up_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_top_up_customer" ON "orders" USING btree ("top_up_customer_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_top_up" CHECK (("orders"."kind" = 'topup') = ("orders"."top_up_account" is not null and "orders"."top_up_msisdn" is not null and "orders"."top_up_customer_id" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_one_product" CHECK (("orders"."kind" = 'topup' and "orders"."plan_id" is null and "orders"."global_pack_id" is null) or ("orders"."kind" <> 'topup' and ("orders"."plan_id" is null) <> ("orders"."global_pack_id" is null)));