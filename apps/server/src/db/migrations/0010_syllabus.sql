CREATE TABLE "vocab_characters" (
	"syllabus" text NOT NULL,
	"level" integer NOT NULL,
	"position" integer NOT NULL,
	"character" text NOT NULL,
	CONSTRAINT "vocab_characters_syllabus_level_character_pk" PRIMARY KEY("syllabus","level","character")
);
--> statement-breakpoint
DROP INDEX "vocab_words_level_word_uq";--> statement-breakpoint
-- Learners who registered before the syllabus existed keep HSK 2.0; new ones get HSK 3.0.
ALTER TABLE "users" ADD COLUMN "syllabus" text DEFAULT 'hsk2' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "syllabus" SET DEFAULT 'hsk3';--> statement-breakpoint
ALTER TABLE "vocab_words" ADD COLUMN "syllabus" text DEFAULT 'hsk2' NOT NULL;--> statement-breakpoint
ALTER TABLE "vocab_words" ADD COLUMN "sense" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vocab_words" ADD COLUMN "level_note" text;--> statement-breakpoint
ALTER TABLE "vocab_words" ADD COLUMN "written" text;--> statement-breakpoint
ALTER TABLE "vocab_words" ADD COLUMN "forms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "vocab_words_syllabus_level_position_uq" ON "vocab_words" USING btree ("syllabus","level","position");