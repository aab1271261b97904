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
ALTER TABLE "line_lifecycles" ADD CONSTRAINT "line_lifecycles_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewals_line_period" ON "renewals" USING btree ("line_id","period_start","kind");--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_general_not_negative" CHECK ("balances"."general_cents" >= 0);