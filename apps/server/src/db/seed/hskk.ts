import { notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { LEVEL_IDS } from '@kouyu/core';
import type { Db } from '../client.js';
import { hskkParts, hskkQuestions, hskkTests } from '../schema.js';
import { readData } from './files.js';
import type { SeedStep } from './index.js';

const localised = z.object({ en: z.string().min(1), zh: z.string().min(1), ru: z.string().min(1) });

export const hskkQuestionSchema = z.object({
  number: z.number().int().positive(),
  question_type: z.enum(['repeat', 'answer', 'open', 'picture', 'retell', 'read_aloud']),
  audio_text: z.string().min(1),
  reference_text: z.string().optional(),
  question_text: z.string().optional(),
  question_pinyin: z.string().optional(),
  time_limit: z.number().int().positive(),
  audio_play_limit: z.number().int().positive().optional(),
  model_answers: z.array(z.string()).optional(),
  key_points: z.array(z.string()).optional(),
  image_urls: z.array(z.string()).optional(),
  image_texts: z.array(z.string()).optional(),
  scene: z.object({ id: z.string() }).passthrough().optional(),
});

export const hskkTestSchema = z.object({
  id: z.number().int().positive(),
  level: z.enum(['basic', 'intermediate', 'advanced']),
  number: z.number().int().positive(),
  test_name: localised,
  description: localised,
  difficulty: z.string(),
  test_type: z.string(),
  time_limit: z.number().int().positive(),
  is_official: z.boolean(),
  is_try: z.boolean(),
  parts: z.array(
    z.object({
      part: z.number().int().min(1).max(3),
      instructions: localised,
      questions: z.array(hskkQuestionSchema).min(1),
    }),
  ),
});
export type HskkTestData = z.infer<typeof hskkTestSchema>;

/** Question ids are stable: test id × 1000 + part × 100 + number. */
export const questionId = (testId: number, part: number, number: number) =>
  testId * 1000 + part * 100 + number;

/** Every HSKK test file, parsed and checked. */
export function loadHskkTests() {
  const { files, version } = readData('hskk');
  return { tests: files.map((f) => hskkTestSchema.parse(f.json)), version };
}

export const hskkSeed = (): SeedStep => {
  const { tests, version } = loadHskkTests();
  return {
    key: 'hskk',
    version,
    async run(db: Db) {
      let questions = 0;
      await db.transaction(async (tx) => {
        for (const t of tests) {
          const row = {
            id: t.id,
            level: t.level,
            levelId: LEVEL_IDS[t.level],
            number: t.number,
            testName: t.test_name,
            description: t.description,
            difficulty: t.difficulty,
            testType: t.test_type,
            timeLimit: t.time_limit,
            isOfficial: t.is_official,
            isTry: t.is_try,
            availableParts: t.parts.map((p) => p.part).sort(),
          };
          await tx.insert(hskkTests).values(row).onConflictDoUpdate({ target: hskkTests.id, set: row });
          for (const p of t.parts) {
            await tx
              .insert(hskkParts)
              .values({ testId: t.id, part: p.part, instructions: p.instructions })
              .onConflictDoUpdate({
                target: [hskkParts.testId, hskkParts.part],
                set: { instructions: p.instructions },
              });
            for (const q of p.questions) {
              const qrow = {
                id: questionId(t.id, p.part, q.number),
                testId: t.id,
                levelId: LEVEL_IDS[t.level],
                part: p.part,
                number: q.number,
                questionType: q.question_type,
                questionText: q.question_text ?? null,
                questionPinyin: q.question_pinyin ?? null,
                audioText: q.audio_text,
                referenceText: q.reference_text ?? null,
                imageUrls: q.image_urls ?? [],
                imageTexts: q.image_texts ?? [],
                timeLimit: q.time_limit,
                audioPlayLimit: q.audio_play_limit ?? null,
                modelAnswers: q.model_answers ?? [],
                keyPoints: q.key_points ?? [],
              };
              await tx
                .insert(hskkQuestions)
                .values(qrow)
                .onConflictDoUpdate({ target: hskkQuestions.id, set: qrow });
              questions += 1;
            }
          }
        }
        // Questions no longer in the data go (results keep their own copies of what was answered).
        const ids = tests.flatMap((t) =>
          t.parts.flatMap((p) => p.questions.map((q) => questionId(t.id, p.part, q.number))),
        );
        await tx.delete(hskkQuestions).where(notInArray(hskkQuestions.id, ids));
      });
      return `${tests.length} HSKK tests, ${questions} questions`;
    },
  };
};
