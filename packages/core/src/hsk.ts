import { z } from 'zod';
import { paginationSchema } from './api.js';
import { HSK_LEVELS, HSK_WRITING_LEVELS, LANGUAGES } from './constants.js';
import { syllabusSchema } from './syllabus.js';

/** HSK written practice (spec 000 §1-§2): level pages, sets per section, server-scored attempts. */

export const HSK_SECTIONS = ['listening', 'reading', 'writing'] as const;
export type HskSection = (typeof HSK_SECTIONS)[number];

/** Listening levels that also offer the timed run `/listening/test/{testId}` (spec 000 §2). */
export const HSK_TIMED_LISTENING_LEVELS = [3, 4, 5, 6] as const;

export const HSK_ITEM_TYPES = [
  'picture_true_false',
  'picture_matching',
  'dialogue_question',
  'statement_true_false',
  'passage_question',
  'word_fill',
  'sentence_matching',
  'true_false',
  'sentence_ordering',
  'comprehension',
  'error_sentence',
  'sentence_reorder',
  'character_fill',
  'picture_word_sentence',
  'short_essay',
  'summary',
] as const;
export type HskItemType = (typeof HSK_ITEM_TYPES)[number];

/** Items answered in free text and scored by the feedback engine. */
export const HSK_FREE_TEXT_TYPES = ['picture_word_sentence', 'short_essay', 'summary'] as const;
export type HskFreeTextType = (typeof HSK_FREE_TEXT_TYPES)[number];

/** Items answered true or false. */
export const HSK_TRUE_FALSE_TYPES = ['picture_true_false', 'statement_true_false', 'true_false'] as const;

/**
 * Points of an item: one for every objective item; written tasks weigh more, in proportion to the
 * work they ask (a sentence, an 80-character text, a 150-character summary).
 */
export const HSK_FREE_TEXT_POINTS: Record<HskFreeTextType, number> = {
  picture_word_sentence: 4,
  short_essay: 10,
  summary: 20,
};

/** Share of the points a written answer needs to count as correct, and a set to count as passed (HSK: 60%). */
export const HSK_PASS_PERCENT = 60;

/** Longest answer accepted for one item (the longest task asks for about 200 characters). */
export const HSK_ANSWER_MAX_CHARS = 1000;

export const HSK_ATTEMPTS_PAGE_SIZE = 10;

/** True for a free-text item type. */
export function isFreeTextType(type: string): type is HskFreeTextType {
  return (HSK_FREE_TEXT_TYPES as readonly string[]).includes(type);
}

/** True for a true/false item type. */
export function isTrueFalseType(type: string): boolean {
  return (HSK_TRUE_FALSE_TYPES as readonly string[]).includes(type);
}

/** Points an item of this type is worth. */
export function hskItemPoints(type: HskItemType): number {
  return isFreeTextType(type) ? HSK_FREE_TEXT_POINTS[type] : 1;
}

/** The sections a level offers: writing only at levels 3-6 (spec 000 §9). */
export function hskSections(level: number): HskSection[] {
  return (HSK_WRITING_LEVELS as readonly number[]).includes(level)
    ? [...HSK_SECTIONS]
    : ['listening', 'reading'];
}

/** True when the level has a timed listening run. */
export function hasTimedListening(level: number): boolean {
  return (HSK_TIMED_LISTENING_LEVELS as readonly number[]).includes(level);
}

/** The id of a practice set: `hsk3-reading-1`. */
export function hskSetId(level: number, section: HskSection, number: number): string {
  return `hsk${level}-${section}-${number}`;
}

/** Whole percent of a score, 0 when there is nothing to score. */
export function hskPercent(score: number, maxScore: number): number {
  return maxScore > 0 ? Math.round((100 * score) / maxScore) : 0;
}

export const hskLevelParam = z.coerce
  .number()
  .int()
  .refine((n) => (HSK_LEVELS as readonly number[]).includes(n), 'HSK level is 1-6');

// ---- Level overview and set lists ----

/**
 * The syllabus of the sets and word counts asked for; without it the HSK 2.0 sets, as before the
 * syllabus existed (decision 026).
 */
export const hskSyllabusQuery = z.object({ syllabus: syllabusSchema.optional() });

/** `GET /hsk/levels?syllabus`: per level, the sets of each section and the words of the level. */
export const hskLevelsSchema = z.object({
  success: z.literal(true),
  /** Echoed when asked for. */
  syllabus: syllabusSchema.optional(),
  data: z.array(
    z.object({
      level: z.number().int(),
      sections: z.object({
        listening: z.number().int(),
        reading: z.number().int(),
        writing: z.number().int(),
      }),
      /** Words new at this level, and all words up to it (the syllabus's lists). */
      words: z.object({ new: z.number().int(), total: z.number().int() }),
    }),
  ),
});
export type HskLevels = z.infer<typeof hskLevelsSchema>;

export const hskSetCardSchema = z.object({
  id: z.string(),
  level: z.number().int(),
  section: z.enum(HSK_SECTIONS),
  number: z.number().int(),
  title: z.string(),
  instructions: z.string(),
  /** Minutes. */
  time_limit: z.number().int(),
  item_count: z.number().int(),
  max_score: z.number().int(),
  types: z.array(z.enum(HSK_ITEM_TYPES)),
  /** The viewer's latest attempt, when signed in. */
  last_attempt: z
    .object({ id: z.number().int(), percent: z.number().int(), created_at: z.string() })
    .nullable(),
});
export type HskSetCard = z.infer<typeof hskSetCardSchema>;

/** `GET /hsk/{level}/{section}?language&syllabus`. */
export const hskSetListSchema = z.object({
  success: z.literal(true),
  /** Echoed when asked for. */
  syllabus: syllabusSchema.optional(),
  data: z.array(hskSetCardSchema),
});

// ---- One set, without answers ----

export const hskAudioSchema = z.object({ url: z.string(), duration_ms: z.number().int() });
export type HskAudio = z.infer<typeof hskAudioSchema>;

export const hskPictureSchema = z.object({ icon: z.string(), url: z.string(), alt: z.string() });
export type HskPicture = z.infer<typeof hskPictureSchema>;

export const hskOptionSchema = z.object({
  key: z.string(),
  text: z.string().optional(),
  pinyin: z.string().optional(),
  picture: hskPictureSchema.optional(),
});
export type HskOption = z.infer<typeof hskOptionSchema>;

/** A recorded line; its text comes only when its audio could not be made, so the item stays answerable. */
export const hskScriptLineSchema = z.object({
  speaker: z.string(),
  audio: hskAudioSchema.nullable(),
  text: z.string().optional(),
});

/** An item as the learner sees it: answers, explanations and model answers stay on the server. */
export const hskItemSchema = z.object({
  id: z.string(),
  type: z.enum(HSK_ITEM_TYPES),
  /** 1-based position in the set. */
  number: z.number().int(),
  /** Items of one group share their options, passage or recording. */
  group: z.string().nullable(),
  points: z.number().int(),
  script: z.array(hskScriptLineSchema).optional(),
  question_audio: hskAudioSchema.nullable().optional(),
  picture: hskPictureSchema.optional(),
  question: z.string().optional(),
  question_pinyin: z.string().optional(),
  sentence: z.string().optional(),
  sentence_pinyin: z.string().optional(),
  statement: z.string().optional(),
  statement_pinyin: z.string().optional(),
  text: z.string().optional(),
  text_pinyin: z.string().optional(),
  passage: z.string().optional(),
  blank: z.number().int().optional(),
  options: z.array(hskOptionSchema).optional(),
  sentences: z.array(z.object({ key: z.string(), text: z.string() })).optional(),
  words: z.array(z.string()).optional(),
  pinyin_hint: z.string().optional(),
  prompt: z.string().optional(),
  required_words: z.array(z.string()).optional(),
  min_chars: z.number().int().optional(),
  max_chars: z.number().int().optional(),
  /** Minutes to read the text before it is hidden (summary). */
  reading_time: z.number().int().optional(),
});
export type HskItem = z.infer<typeof hskItemSchema>;

/** `GET /hsk/sets/{id}?language`. */
export const hskSetSchema = z.object({
  success: z.literal(true),
  data: hskSetCardSchema.omit({ last_attempt: true, types: true, item_count: true }).extend({
    items: z.array(hskItemSchema),
  }),
});
export type HskSet = z.infer<typeof hskSetSchema>['data'];

// ---- Attempts ----

export const hskAnswerValue = z.union([z.boolean(), z.string().max(HSK_ANSWER_MAX_CHARS)]);
export type HskAnswerValue = z.infer<typeof hskAnswerValue>;

/** `POST /hsk/sets/{id}/attempts`: answers by item id; unanswered items are left out. */
export const hskAttemptBody = z.object({
  answers: z.record(z.string().max(64), hskAnswerValue),
  language: z.enum(LANGUAGES).default('en'),
  mode: z.enum(['practice', 'test']).default('practice'),
  /** Seconds the learner took. */
  duration_s: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .optional(),
});
export type HskAttemptInput = z.input<typeof hskAttemptBody>;

export const hskFeedbackSchema = z.object({
  /** The engine's 0-100 score of the answer. */
  score: z.number().int(),
  band: z.enum(['high', 'mid', 'low']),
  text: z.string(),
  engine: z.string(),
  chars: z.number().int(),
  min_chars: z.number().int().nullable(),
  max_chars: z.number().int().nullable(),
  missing_words: z.array(z.string()),
});
export type HskFeedback = z.infer<typeof hskFeedbackSchema>;

export const hskItemResultSchema = z.object({
  id: z.string(),
  type: z.enum(HSK_ITEM_TYPES),
  number: z.number().int(),
  correct: z.boolean(),
  points: z.number().int(),
  max_points: z.number().int(),
  given: hskAnswerValue.nullable(),
  /** The key, the true/false value, the sentence or character, or the model answer of a written task. */
  answer: z.union([z.boolean(), z.string()]),
  /** Other accepted sentences (sentence reordering). */
  accepted: z.array(z.string()).optional(),
  /** The model answer's title (summary). */
  answer_title: z.string().optional(),
  explanation: z.string(),
  /** The recording as text, shown after answering (listening). */
  script: z
    .array(z.object({ speaker: z.string(), text: z.string(), pinyin: z.string().optional() }))
    .optional(),
  question: z.string().optional(),
  feedback: hskFeedbackSchema.optional(),
});
export type HskItemResult = z.infer<typeof hskItemResultSchema>;

export const hskAttemptResultSchema = z.object({
  /** Null when the attempt was not saved (guests). */
  id: z.number().int().nullable(),
  set_id: z.string(),
  level: z.number().int(),
  section: z.enum(HSK_SECTIONS),
  number: z.number().int(),
  title: z.string(),
  mode: z.enum(['practice', 'test']),
  score: z.number().int(),
  max_score: z.number().int(),
  percent: z.number().int(),
  passed: z.boolean(),
  duration_s: z.number().int().nullable(),
  created_at: z.string().nullable(),
  items: z.array(hskItemResultSchema),
});
export type HskAttemptResult = z.infer<typeof hskAttemptResultSchema>;

/** `POST /hsk/sets/{id}/attempts` and `GET /hsk/attempts/{id}`. */
export const hskAttemptSchema = z.object({ success: z.literal(true), data: hskAttemptResultSchema });

/** `GET /hsk/attempts?page&page_size&language`: own attempts, newest first. */
export const hskAttemptsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(HSK_ATTEMPTS_PAGE_SIZE),
  language: z.enum(LANGUAGES).default('en'),
});

export const hskAttemptSummarySchema = hskAttemptResultSchema
  .omit({ items: true, id: true, created_at: true })
  .extend({ id: z.number().int(), created_at: z.string() });
export type HskAttemptSummary = z.infer<typeof hskAttemptSummarySchema>;

export const hskAttemptsSchema = z.object({
  success: z.literal(true),
  data: z.array(hskAttemptSummarySchema),
  pagination: paginationSchema,
});
