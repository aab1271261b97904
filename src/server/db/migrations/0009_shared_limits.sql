-- UNLOGGED (written by hand: drizzle-kit has no such option): counters are not worth a WAL flush per request. A crash of
-- the server (not a clean restart) empties them, and standbys do not have them; each limit then starts a fresh window.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
DROP TABLE "send_log" CASCADE;--> statement-breakpoint
CREATE INDEX "rate_limits_expires_at" ON "rate_limits" USING btree ("expires_at");