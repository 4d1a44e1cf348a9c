DROP INDEX "hsk_sets_level_section_idx";--> statement-breakpoint
ALTER TABLE "hsk_sets" ADD COLUMN "syllabus" text DEFAULT 'hsk2' NOT NULL;--> statement-breakpoint
CREATE INDEX "hsk_sets_syllabus_level_section_idx" ON "hsk_sets" USING btree ("syllabus","level","section");