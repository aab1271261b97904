CREATE TABLE "lottery_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"edition" text NOT NULL,
	"period" text NOT NULL,
	"roll" integer NOT NULL,
	"prize" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_stock" (
	"edition" text NOT NULL,
	"period" text NOT NULL,
	"prize" text NOT NULL,
	"remaining" integer NOT NULL,
	CONSTRAINT "lottery_stock_not_negative" CHECK ("lottery_stock"."remaining" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_one_per_period" ON "lottery_draws" USING btree ("edition","period","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_stock_key" ON "lottery_stock" USING btree ("edition","period","prize");