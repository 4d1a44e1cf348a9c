CREATE TABLE "answer_recordings" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_recordings" ADD CONSTRAINT "answer_recordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_recordings_created_idx" ON "answer_recordings" USING btree ("created_at");