CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"message" text NOT NULL,
	"feedback_type" text NOT NULL,
	"rating" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"admin_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictation_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"words" jsonb NOT NULL,
	"interval_s" integer NOT NULL,
	"image_key" text,
	"recognized_text" text,
	"analysis" jsonb,
	"score" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"question_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	"is_full_test" boolean DEFAULT false NOT NULL,
	"user_answers" text NOT NULL,
	"orig_answers" text DEFAULT '' NOT NULL,
	"completed_time" integer,
	"language" text DEFAULT 'en' NOT NULL,
	"engine" text NOT NULL,
	"score" integer NOT NULL,
	"feedback" text NOT NULL,
	"feedback_html" text NOT NULL,
	"measures" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hsk_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"set_id" text NOT NULL,
	"answers" jsonb NOT NULL,
	"score" integer NOT NULL,
	"max_score" integer NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hsk_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"section" text NOT NULL,
	"number" integer NOT NULL,
	"title" jsonb NOT NULL,
	"instructions" jsonb NOT NULL,
	"time_limit" integer NOT NULL,
	"items" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hskk_parts" (
	"test_id" integer NOT NULL,
	"part" integer NOT NULL,
	"instructions" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hskk_questions" (
	"id" integer PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"part" integer NOT NULL,
	"number" integer NOT NULL,
	"question_type" text NOT NULL,
	"question_text" text,
	"question_pinyin" text,
	"audio_text" text NOT NULL,
	"reference_text" text,
	"image_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_texts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"picture_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct_answer" text,
	"time_limit" integer DEFAULT 10 NOT NULL,
	"audio_play_limit" integer,
	"asr_model" text DEFAULT 'dashscope' NOT NULL,
	"model_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"key_points" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hskk_tests" (
	"id" integer PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"level_id" integer NOT NULL,
	"number" integer NOT NULL,
	"test_name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"difficulty" text NOT NULL,
	"test_type" text NOT NULL,
	"time_limit" integer NOT NULL,
	"is_official" boolean DEFAULT false NOT NULL,
	"is_try" boolean DEFAULT false NOT NULL,
	"available_parts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idiom_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idiom_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"idiom_id" integer NOT NULL,
	"mode" text NOT NULL,
	"correct" boolean NOT NULL,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idioms" (
	"id" serial PRIMARY KEY NOT NULL,
	"chengyu" text NOT NULL,
	"traditional" text,
	"pinyin" text NOT NULL,
	"pinyin_plain" text NOT NULL,
	"curated" boolean DEFAULT false NOT NULL,
	"category_id" text,
	"hsk" boolean DEFAULT false NOT NULL,
	"hsk_level" integer,
	"en" text NOT NULL,
	"meaning" jsonb,
	"literal" jsonb,
	"example" jsonb,
	"origin" jsonb
);
--> statement-breakpoint
CREATE TABLE "test_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"part_id" integer,
	"is_full_test" boolean NOT NULL,
	"score" integer,
	"completed_time" integer,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_idioms" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"idiom_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vocab_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"position" integer NOT NULL,
	"simplified" text NOT NULL,
	"traditional" text NOT NULL,
	"pinyin" text NOT NULL,
	"pinyin_num" text NOT NULL,
	"pinyin_plain" text NOT NULL,
	"en" text NOT NULL,
	"ru" text NOT NULL,
	"measure_words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pos" text
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictation_sessions" ADD CONSTRAINT "dictation_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_records" ADD CONSTRAINT "feedback_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsk_attempts" ADD CONSTRAINT "hsk_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsk_attempts" ADD CONSTRAINT "hsk_attempts_set_id_hsk_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."hsk_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hskk_parts" ADD CONSTRAINT "hskk_parts_test_id_hskk_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."hskk_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hskk_questions" ADD CONSTRAINT "hskk_questions_test_id_hskk_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."hskk_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idiom_records" ADD CONSTRAINT "idiom_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idiom_records" ADD CONSTRAINT "idiom_records_idiom_id_idioms_id_fk" FOREIGN KEY ("idiom_id") REFERENCES "public"."idioms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idioms" ADD CONSTRAINT "idioms_category_id_idiom_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."idiom_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_idioms" ADD CONSTRAINT "user_idioms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_idioms" ADD CONSTRAINT "user_idioms_idiom_id_idioms_id_fk" FOREIGN KEY ("idiom_id") REFERENCES "public"."idioms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_status_idx" ON "contacts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "dictation_sessions_user_idx" ON "dictation_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_records_user_idx" ON "feedback_records" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hsk_attempts_user_idx" ON "hsk_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "hsk_sets_level_section_idx" ON "hsk_sets" USING btree ("level","section");--> statement-breakpoint
CREATE UNIQUE INDEX "hskk_parts_uq" ON "hskk_parts" USING btree ("test_id","part");--> statement-breakpoint
CREATE INDEX "hskk_questions_test_part_idx" ON "hskk_questions" USING btree ("test_id","part","number");--> statement-breakpoint
CREATE INDEX "idiom_records_user_idx" ON "idiom_records" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idioms_chengyu_uq" ON "idioms" USING btree ("chengyu");--> statement-breakpoint
CREATE INDEX "idioms_curated_idx" ON "idioms" USING btree ("curated","category_id");--> statement-breakpoint
CREATE INDEX "test_results_user_idx" ON "test_results" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_idioms_uq" ON "user_idioms" USING btree ("user_id","idiom_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vocab_words_level_word_uq" ON "vocab_words" USING btree ("level","simplified");--> statement-breakpoint
CREATE INDEX "vocab_words_plain_idx" ON "vocab_words" USING btree ("pinyin_plain");