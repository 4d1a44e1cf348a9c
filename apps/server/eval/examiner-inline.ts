// Graded sets whose items carry their question inline (new questions, not seeded ones): each item is
// built into the examiner's input exactly as the feedback socket builds `questionInput` from a stored
// question, so a held-out set written blind to the examiner is judged as a learner's answer would be.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { HSKK_LEVELS } from '@kouyu/core';
import type { HskkLevel } from '@kouyu/core';
import { loadHskkTests } from '../src/db/seed/hskk.js';
import { questionInput } from '../src/speech/feedback/question-input.js';
import type { QuestionType } from '../src/speech/feedback/types.js';
import type { GradedAnswer } from './examiner-set.js';

const INLINE_TYPES = ['answer', 'open', 'picture', 'repeat', 'retell', 'read_aloud'] as const;

const inlineSetSchema = z.object({
  about: z.string(),
  version: z.literal(1),
  items: z
    .array(
      z.object({
        id: z.string().min(1),
        level: z.enum(HSKK_LEVELS),
        question_type: z.enum(INLINE_TYPES),
        audio_text: z.string(),
        question_text: z.string().optional(),
        reference_text: z.string().optional(),
        image_texts: z.array(z.string()).optional(),
        model_answers: z.array(z.string()),
        key_points: z.array(z.string()),
        /** Seconds to answer; by default what the seeded questions of that level and type allow. */
        time_limit: z.number().int().positive().optional(),
        answers: z
          .array(
            z.object({
              band: z.union([z.literal(1), z.literal(2), z.literal(3)]),
              text: z.string(),
              reason: z.string(),
              duration_ms: z.number().int().positive().optional(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});
export type InlineSet = z.infer<typeof inlineSetSchema>;

// The HSKK format's answer times, where no seeded question of that level and type exists.
const FORMAT_TIME_S: Record<QuestionType, number> = {
  repeat: 10,
  answer: 10,
  open: 120,
  picture: 120,
  retell: 120,
  read_aloud: 120,
  free_text: 600,
};

let seededTimes: Map<string, number> | null = null;

/** The time limit a seeded question of this level and type has (the most common one). */
export function seededTimeLimit(level: HskkLevel, type: QuestionType): number {
  if (!seededTimes) {
    const counts = new Map<string, Map<number, number>>();
    for (const test of loadHskkTests().tests)
      for (const part of test.parts)
        for (const q of part.questions) {
          const key = `${test.level}/${q.question_type}`;
          const byTime = counts.get(key) ?? new Map<number, number>();
          byTime.set(q.time_limit, (byTime.get(q.time_limit) ?? 0) + 1);
          counts.set(key, byTime);
        }
    seededTimes = new Map(
      [...counts].map(([key, byTime]) => [key, [...byTime].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0]),
    );
  }
  return seededTimes.get(`${level}/${type}`) || FORMAT_TIME_S[type];
}

/**
 * The reference a seeded question of this type stores when the item gives none: a repeated sentence
 * is what was heard, a read-aloud passage is what is shown (as the seed files have them).
 */
function seededReference(item: InlineSet['items'][number]): string | null {
  if (item.question_type === 'repeat' || item.question_type === 'retell') return item.audio_text;
  if (item.question_type === 'read_aloud') return item.question_text ?? null;
  return null;
}

/** Every graded answer of an inline set with the input the examiner gets for it (held out: never tuned on). */
export function loadInlineSet(file: URL): GradedAnswer[] {
  const set = inlineSetSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const ids = new Set<string>();
  const out: GradedAnswer[] = [];
  for (const item of set.items) {
    if (ids.has(item.id)) throw new Error(`inline set: item ${item.id} twice`);
    ids.add(item.id);
    const base = questionInput({
      questionType: item.question_type,
      level: item.level,
      questionText: item.question_text ?? null,
      audioText: item.audio_text,
      referenceText: item.reference_text ?? seededReference(item),
      modelAnswers: item.model_answers,
      keyPoints: item.key_points,
      imageTexts: item.image_texts ?? [],
      timeLimit: item.time_limit ?? seededTimeLimit(item.level, item.question_type),
    });
    for (const a of item.answers)
      out.push({
        item: item.id,
        split: 'held_out',
        band: a.band,
        reason: a.reason,
        input: { ...base, answer_text: a.text, ...(a.duration_ms ? { duration_ms: a.duration_ms } : {}) },
      });
  }
  return out;
}

/** Development probes for meaning, written beside the examiner (tuned on). */
export const MEANING_SET = new URL('./examiner-meaning.json', import.meta.url);
/** A development set written blind to the examiner by other hands (new questions; tuned on). */
export const DEV_SET = new URL('./examiner-dev.json', import.meta.url);
/** The development half of a second set written blind to the examiner (split by question; tuned on). */
export const DEV2_SET = new URL('./examiner-dev2.json', import.meta.url);
/** A fourth set written blind to the examiner by other hands (new questions); its failures were tuned on. */
export const DEV3_SET = new URL('./examiner-dev3.json', import.meta.url);
/** The development half of a fifth set written blind to the examiner (split by question; tuned on). */
export const DEV4_SET = new URL('./examiner-dev4.json', import.meta.url);
/** Its other half: held out in the fifth pass, its failures read in the sixth (decision 034). */
export const BLIND3_SET = new URL('./examiner-blind3.json', import.meta.url);
/** The sixth set written blind: held out whole in the sixth pass, its failures read in the seventh (decision 036). */
export const BLIND4_SET = new URL('./examiner-blind4.json', import.meta.url);
/**
 * The seventh set written blind (rubric and new questions only): its figures were taken before anyone
 * tuning the examiner read it (decision 036), then its failures were read in the seventh pass.
 */
export const BLIND7_SET = new URL('./examiner-blind7.json', import.meta.url);
/**
 * The eighth pass's sets, written blind (rubric and new questions only, by other hands, 288 answers each):
 * the first figures of each were taken before anyone tuning the examiner read it (decision 037), then its
 * failures were read. The tenth was read half by half; the eleventh to fourteenth were written one after
 * another, each measured unread on the rules read off the ones before.
 */
export const BLIND10_SET = new URL('./examiner-blind10.json', import.meta.url);
export const BLIND11_SET = new URL('./examiner-blind11.json', import.meta.url);
export const BLIND12_SET = new URL('./examiner-blind12.json', import.meta.url);
export const BLIND13_SET = new URL('./examiner-blind13.json', import.meta.url);
export const BLIND14_SET = new URL('./examiner-blind14.json', import.meta.url);
/** The ninth pass's part of a fifteenth set (72 answers), measured unread, then read (decision 038). */
export const BLIND15_SET = new URL('./examiner-blind15.json', import.meta.url);
/** The ninth pass's late parts (477 answers), measured once after its rules were fixed, then read in the tenth. */
export const BLIND16_SET = new URL('./examiner-blind16.json', import.meta.url);
/**
 * The tenth pass's sets (decision 039), 216 answers each, written blind one after another: each was
 * measured unread on the rules read off the ones before, then read; the twentieth was measured once
 * after the rules were fixed and never read.
 */
export const BLIND17_SET = new URL('./examiner-blind17.json', import.meta.url);
export const BLIND18_SET = new URL('./examiner-blind18.json', import.meta.url);
export const BLIND19_SET = new URL('./examiner-blind19.json', import.meta.url);
export const BLIND20_SET = new URL('./examiner-blind20.json', import.meta.url);
/**
 * The eleventh pass's sets (decision 040), 216 answers each, written blind in three rounds: in the first
 * the 21st and 22nd were measured unread on decision 039's rules, then read, the 24th measured unread
 * midway, then read, and the 23rd held out; in the second the 25th was measured unread, then read, and
 * the 26th held out; in the third the 27th was measured unread, then read, and the 28th held out.
 */
export const blindSet = (n: number): URL => new URL(`./examiner-blind${n}.json`, import.meta.url);
/** The held-out set written blind to the examiner, from the rubric and new questions only; never tuned on. */
export const BLIND_SET = new URL('./examiner-blind.json', import.meta.url);
/**
 * The held-out half of the second blind set (the other half is DEV2_SET): nobody tuning the examiner
 * has read it. Its figures are the least flattering and the most honest.
 */
export const BLIND2_SET = new URL('./examiner-blind2.json', import.meta.url);
