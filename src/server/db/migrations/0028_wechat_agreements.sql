CREATE TABLE "sandbox_wechat_contracts" (
	"contract_code" text PRIMARY KEY NOT NULL,
	"sign_token" text NOT NULL,
	"contract_id" text,
	"display_account" text NOT NULL,
	"return_url" text NOT NULL,
	"state" text NOT NULL,
	"terminated_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"signed_at" timestamp with time zone,
	"terminated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_wechat_contracts_sign_token_unique" UNIQUE("sign_token"),
	CONSTRAINT "sandbox_wechat_contracts_contract_id_unique" UNIQUE("contract_id")
);
--> statement-breakpoint
CREATE TABLE "wechat_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"contract_code" text NOT NULL,
	"state" text NOT NULL,
	"sign_url" text NOT NULL,
	"sign_expires_at" timestamp with time zone NOT NULL,
	"contract_id" text,
	"signed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wechat_agreements_contract_code_unique" UNIQUE("contract_code")
);
--> statement-breakpoint
ALTER TABLE "sandbox_wechat_orders" ADD COLUMN "contract_id" text;--> statement-breakpoint
ALTER TABLE "wechat_agreements" ADD CONSTRAINT "wechat_agreements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_agreements_one_open" ON "wechat_agreements" USING btree ("customer_id") WHERE state in ('signing', 'signed');