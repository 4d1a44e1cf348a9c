CREATE TABLE "analytics_counts" (
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_counts_day_kind_name_pk" PRIMARY KEY("day","kind","name")
);
--> statement-breakpoint
CREATE TABLE "campus_card" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
