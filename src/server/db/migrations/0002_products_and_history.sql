CREATE TABLE "state_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"chart" text NOT NULL,
	"entity_ref" text NOT NULL,
	"from_state" text NOT NULL,
	"event" text NOT NULL,
	"to_state" text NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "global_pack_id" integer;--> statement-breakpoint
CREATE INDEX "state_history_entity" ON "state_history" USING btree ("chart","entity_ref","at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_global_pack_id_global_packs_id_fk" FOREIGN KEY ("global_pack_id") REFERENCES "public"."global_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_one_product" CHECK (("orders"."plan_id" is null) <> ("orders"."global_pack_id" is null));