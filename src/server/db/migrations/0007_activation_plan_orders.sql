ALTER TABLE "orders" ADD COLUMN "activation_iccid" text;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "global_pack_id" integer;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_global_pack_id_global_packs_id_fk" FOREIGN KEY ("global_pack_id") REFERENCES "public"."global_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_activation_paid" ON "orders" USING btree ("activation_iccid") WHERE activation_iccid is not null and status = 'paid';