CREATE TABLE "dictation_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dictation_uploads_created_idx" ON "dictation_uploads" USING btree ("created_at");