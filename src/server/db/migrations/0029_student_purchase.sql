CREATE TABLE "edu_email_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edu_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "edu_verifications_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "order_students" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"school" text NOT NULL,
	"grade" text NOT NULL,
	"departure_date" date NOT NULL,
	"edu_email" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_platform" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "activity_code" text;--> statement-breakpoint
ALTER TABLE "order_students" ADD CONSTRAINT "order_students_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edu_email_codes_email" ON "edu_email_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "order_students_edu_email" ON "order_students" USING btree ("edu_email");