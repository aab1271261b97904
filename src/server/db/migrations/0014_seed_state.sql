CREATE TABLE "seed_state" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"seeded_at" timestamp with time zone NOT NULL
);
