CREATE TABLE "sandbox_numbers" (
	"msisdn" text PRIMARY KEY NOT NULL,
	"area_code" text NOT NULL,
	"iccid" text NOT NULL,
	"state" text NOT NULL,
	"reserved_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_port_corrections" (
	"request_id" text PRIMARY KEY NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_port_requests" (
	"ref" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"iccid" text NOT NULL,
	"msisdn" text NOT NULL,
	"carrier" text NOT NULL,
	"account_zip" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"carrier_message" text,
	"answer_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_port_requests_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_provisions" (
	"ref" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"iccid" text NOT NULL,
	"kind" text NOT NULL,
	"sim_type" text NOT NULL,
	"msisdn" text,
	"outcome" text NOT NULL,
	"failure" text,
	"ready_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_provisions_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_port_corrections" ADD CONSTRAINT "sandbox_port_corrections_ref_sandbox_port_requests_ref_fk" FOREIGN KEY ("ref") REFERENCES "public"."sandbox_port_requests"("ref") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_numbers_iccid" ON "sandbox_numbers" USING btree ("iccid");