ALTER TABLE "payments" ADD COLUMN "card_exp_month" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_exp_year" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "saved_card_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;