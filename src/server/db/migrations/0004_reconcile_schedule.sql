DROP INDEX "payments_pending";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
-- Rows written before this migration: due as they would have been (2 minutes after the attempt started).
UPDATE "payments" SET "next_check_at" = "created_at" + interval '2 minutes' WHERE "status" = 'pending' OR "failure_code" = 'REFUND_PENDING';--> statement-breakpoint
CREATE INDEX "payments_next_check" ON "payments" USING btree ("provider","next_check_at") WHERE next_check_at is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_unsettled_scheduled" CHECK (("payments"."status" <> 'pending' and "payments"."failure_code" is distinct from 'REFUND_PENDING') or "payments"."next_check_at" is not null);