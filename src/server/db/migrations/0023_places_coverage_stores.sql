CREATE TABLE "coverage_areas" (
	"zip" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"city_zh_hans" text,
	"city_zh_hant" text,
	"state" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"technology" text NOT NULL,
	"outdoor" text NOT NULL,
	"indoor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"name_zh" text,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"phone" text NOT NULL,
	"hours" text NOT NULL,
	"languages" text[] NOT NULL,
	"services" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zip_centroids" (
	"zip" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"city_zh_hans" text,
	"city_zh_hant" text,
	"state" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL
);
--> statement-breakpoint
CREATE INDEX "coverage_areas_state" ON "coverage_areas" USING btree ("state");--> statement-breakpoint
CREATE INDEX "stores_state_city" ON "stores" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "zip_centroids_state" ON "zip_centroids" USING btree ("state");