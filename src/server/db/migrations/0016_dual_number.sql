CREATE TABLE "dual_numbers" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"state" text NOT NULL,
	"china_number" text,
	"period_ends_at" timestamp with time zone,
	"free_month_used" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"close_requested_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"open_failure" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "id_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" text NOT NULL,
	"customer_id" integer NOT NULL,
	"slot" text NOT NULL,
	"application_id" integer,
	"sealed" "bytea",
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "id_images_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "real_name_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"nationality" text NOT NULL,
	"id_type" text NOT NULL,
	"id_name" text NOT NULL,
	"id_number_cipher" text NOT NULL,
	"id_number_hint" text NOT NULL,
	"issue_place" text NOT NULL,
	"address" text NOT NULL,
	"status" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"review_due_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_china_numbers" (
	"number" text PRIMARY KEY NOT NULL,
	"line_ref" text NOT NULL,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_china_numbers_line_ref_unique" UNIQUE("line_ref")
);
--> statement-breakpoint
CREATE TABLE "staff_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_accounts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "staff_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"detail" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "staff_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "dual_numbers" ADD CONSTRAINT "dual_numbers_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dual_numbers" ADD CONSTRAINT "dual_numbers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_images" ADD CONSTRAINT "id_images_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_images" ADD CONSTRAINT "id_images_application_id_real_name_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."real_name_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_name_applications" ADD CONSTRAINT "real_name_applications_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_name_applications" ADD CONSTRAINT "real_name_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_name_applications" ADD CONSTRAINT "real_name_applications_decided_by_staff_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dual_numbers_customer" ON "dual_numbers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "dual_numbers_state" ON "dual_numbers" USING btree ("state");--> statement-breakpoint
CREATE INDEX "id_images_customer" ON "id_images" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "id_images_application" ON "id_images" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "real_name_applications_line" ON "real_name_applications" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "real_name_applications_status" ON "real_name_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "staff_audit_subject" ON "staff_audit" USING btree ("subject");