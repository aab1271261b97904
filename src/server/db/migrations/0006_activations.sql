CREATE TABLE "activations" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"iccid" text NOT NULL,
	"customer_id" integer NOT NULL,
	"line_id" integer,
	"kind" text NOT NULL,
	"sim_type" text NOT NULL,
	"number_kind" text NOT NULL,
	"msisdn" text,
	"birthday" date NOT NULL,
	"email" text NOT NULL,
	"zip" text NOT NULL,
	"wifi_calling" boolean DEFAULT false NOT NULL,
	"e911" jsonb,
	"status" text DEFAULT 'activating' NOT NULL,
	"network_ref" text,
	"failure" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"lang" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activations_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "activations_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "activations_number_kind" CHECK (("activations"."number_kind" = 'none') = ("activations"."msisdn" is null))
);
--> statement-breakpoint
CREATE TABLE "port_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"activation_id" integer NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"reason" text,
	"carrier_message" text,
	"carrier" text NOT NULL,
	"msisdn" text NOT NULL,
	"account_zip" text NOT NULL,
	"account_number_cipher" text NOT NULL,
	"pin_cipher" text NOT NULL,
	"account_number_hint" text NOT NULL,
	"network_ref" text,
	"corrections" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "port_ins_activation_id_unique" UNIQUE("activation_id")
);
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "activation_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_iccid_sims_iccid_fk" FOREIGN KEY ("iccid") REFERENCES "public"."sims"("iccid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_ins" ADD CONSTRAINT "port_ins_activation_id_activations_id_fk" FOREIGN KEY ("activation_id") REFERENCES "public"."activations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activations_customer" ON "activations" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activations_one_per_sim" ON "activations" USING btree ("iccid") WHERE status <> 'failed';