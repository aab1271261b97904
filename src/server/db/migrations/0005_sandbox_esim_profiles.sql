CREATE TABLE "sandbox_esim_profiles" (
	"iccid" text PRIMARY KEY NOT NULL,
	"matching_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_esim_profiles_matching_id_unique" UNIQUE("matching_id")
);
