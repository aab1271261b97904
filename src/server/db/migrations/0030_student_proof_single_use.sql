ALTER TABLE "edu_verifications" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "edu_verifications" ADD COLUMN "spent_order_id" integer;--> statement-breakpoint
ALTER TABLE "edu_verifications" ADD COLUMN "spent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "edu_verifications" ADD CONSTRAINT "edu_verifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_verifications" ADD CONSTRAINT "edu_verifications_spent_order_id_orders_id_fk" FOREIGN KEY ("spent_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;