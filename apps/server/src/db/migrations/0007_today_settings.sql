CREATE TABLE "today_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"goal_kind" text NOT NULL,
	"goal_target" integer NOT NULL,
	"exam_date" text,
	"timezone" text NOT NULL,
	"reminder" text DEFAULT 'off' NOT NULL,
	"reminder_hour" integer NOT NULL,
	"hskk_level" text,
	"hsk_level" integer,
	"last_reminder_day" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "today_settings" ADD CONSTRAINT "today_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "today_settings_reminder_idx" ON "today_settings" USING btree ("reminder");