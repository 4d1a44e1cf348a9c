import { z } from 'zod';
import { IDIOMS_PAGE_SIZE, LANGUAGES } from './constants.js';
import type { Language } from './constants.js';
import { paginationSchema } from './api.js';
import { isSyllabusLevel, syllabusLevelParam, syllabusSchema } from './syllabus.js';

/** Vocabulary and idioms (spec 000 §1, §3, §7, §9): queries, answers and the practice rules. */

/** The help text of the vocabulary page (spec 000 §1): words needed up to each level. */
export const VOCABULARY_HELP_WORDS = [
  { level: 1, words: 150 },
  { level: 2, words: 300 },
  { level: 3, words: 600 },
] as const;
export const VOCABULARY_PAGE_SIZE = 50;
export const LIST_PAGE_SIZE_MAX = 100;
export const SEARCH_MAX_CHARS = 64;
/** An idiom is mastered when answered correctly at least this often and right the last time. */
export const IDIOM_MASTERED_CORRECT = 2;
export const PRACTICE_OPTIONS = 4;
export const PRACTICE_MODES = ['meaning', 'missing_char'] as const;
export type PracticeMode = (typeof PRACTICE_MODES)[number];
/** A practice question must be answered within this time (the token expires). */
export const PRACTICE_QUESTION_TTL_S = 60 * 60;
export const IDIOM_RECORDS_PAGE_SIZE = 20;

/** The gloss language of a UI language: Chinese readers get the English gloss (words have no Chinese one). */
export function glossLanguage(language: Language): 'en' | 'ru' {
  return language === 'ru' ? 'ru' : 'en';
}

/** True when the text holds a Chinese character (search by characters rather than pinyin or meaning). */
export function hasHan(text: string): boolean {
  return /\p{Script=Han}/u.test(text);
}

/** Percentage of right answers, rounded; 0 without attempts. */
export function accuracyPercent(correct: number, attempts: number): number {
  return attempts > 0 ? Math.round((correct / attempts) * 100) : 0;
}

/** True when an idiom counts as mastered (see IDIOM_MASTERED_CORRECT). */
export function isMastered(correctCount: number, lastCorrect: boolean): boolean {
  return correctCount >= IDIOM_MASTERED_CORRECT && lastCorrect;
}

const DAY_MS = 24 * 3600 * 1000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/**
 * Consecutive practice days (`YYYY-MM-DD`, any order, duplicates allowed) ending today, or yesterday
 * when today has no practice yet: a streak is not broken before the day is over.
 */
export function streakDays(days: readonly string[], today: string): number {
  const set = new Set(days.map(dayNumber));
  let day = dayNumber(today);
  if (!set.has(day)) day -= 1;
  let streak = 0;
  while (set.has(day)) {
    streak += 1;
    day -= 1;
  }
  return streak;
}

const languageParam = z.enum(LANGUAGES).default('en');
const pageParam = z.coerce.number().int().min(1).max(100_000).default(1);
const searchParam = z
  .string()
  .trim()
  .max(SEARCH_MAX_CHARS)
  .optional()
  .transform((v) => (v ? v : undefined));
const pageSize = (fallback: number) =>
  z.coerce.number().int().min(1).max(LIST_PAGE_SIZE_MAX).default(fallback);

/** A level of the query's syllabus (HSK 2.0 when none is given: 1-6). */
const levelOfSyllabus = <T extends { level?: number | undefined; syllabus?: string | undefined }>(
  q: T,
  ctx: z.RefinementCtx,
) => {
  if (q.level === undefined) return;
  const ok = q.syllabus === 'hsk3' ? isSyllabusLevel('hsk3', q.level) : isSyllabusLevel('hsk2', q.level);
  if (!ok)
    ctx.addIssue({
      code: 'custom',
      path: ['level'],
      message: q.syllabus === 'hsk3' ? 'level must be 1-6 or 7-9' : 'level must be 1-6',
    });
};

/**
 * `GET /vocabulary`: a level's words in order, or a search (all levels when no level is given). Without
 * `syllabus` it answers as it always did (HSK 2.0, no syllabus fields); with it, each word also carries
 * its level in both syllabuses, and a search also finds the words only the other syllabus has.
 */
export const vocabularyQuery = z
  .object({
    syllabus: syllabusSchema.optional(),
    level: syllabusLevelParam.optional(),
    search: searchParam,
    language: languageParam,
    page: pageParam,
    page_size: pageSize(VOCABULARY_PAGE_SIZE),
  })
  .superRefine(levelOfSyllabus);
export type VocabularyQuery = z.input<typeof vocabularyQuery>;

export const measureWordSchema = z.object({ simplified: z.string(), pinyin: z.string() });

/** A word: `meaning` is the gloss of the UI language, `en` and `ru` both glosses. */
export const vocabWordSchema = z.object({
  id: z.number().int(),
  level: z.number().int(),
  position: z.number().int(),
  simplified: z.string(),
  traditional: z.string(),
  pinyin: z.string(),
  pinyin_num: z.string(),
  meaning: z.string(),
  en: z.string(),
  ru: z.string(),
  measure_words: z.array(measureWordSchema),
  pos: z.string().nullable(),
  /** Only when the query named a syllabus: the word's syllabus and its level in each (null: not in it). */
  syllabus: syllabusSchema.optional(),
  levels: z.object({ hsk2: z.number().int().nullable(), hsk3: z.number().int().nullable() }).optional(),
  /** HSK 3.0: the syllabus's note on the levels of the word's senses (`1（2）（4）`), its homograph number. */
  level_note: z.string().nullable().optional(),
  sense: z.number().int().optional(),
  /** HSK 3.0: the word as the syllabus writes it, with its optional part (`没（有）`). */
  written: z.string().nullable().optional(),
});
export type VocabWord = z.infer<typeof vocabWordSchema>;

export const vocabularyListSchema = z.object({
  success: z.literal(true),
  data: z.array(vocabWordSchema),
  pagination: paginationSchema,
});

/** `GET /vocabulary/levels`: words per level (`label` `7-9` for the HSK 3.0 band, with `syllabus` only). */
export const vocabularyLevelsQuery = z.object({ syllabus: syllabusSchema.optional() });
export const vocabularyLevelsSchema = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      level: z.number().int(),
      count: z.number().int(),
      label: z.string().optional(),
      characters: z.number().int().optional(),
    }),
  ),
  total: z.number().int(),
  syllabus: syllabusSchema.optional(),
});

/** `GET /vocabulary/changes?level=`: HSK 3.0 level 1-6 against HSK 2.0. */
export const vocabularyChangesQuery = z.object({
  level: z.coerce.number().int().min(1).max(6),
  language: languageParam,
});
const changedWord = z.object({
  simplified: z.string(),
  pinyin: z.string(),
  meaning: z.string(),
  levels: z.object({ hsk2: z.number().int().nullable(), hsk3: z.number().int().nullable() }),
});
export type ChangedWord = z.infer<typeof changedWord>;
/**
 * What changed at a level: `added` are the level's HSK 3.0 words HSK 2.0 did not have, `moved` those HSK
 * 2.0 had at another level, `dropped` the HSK 2.0 words of the level that HSK 3.0 levels 1-6 no longer have.
 */
export const vocabularyChangesSchema = z.object({
  success: z.literal(true),
  data: z.object({
    level: z.number().int(),
    added: z.array(changedWord),
    moved: z.array(changedWord),
    dropped: z.array(changedWord),
  }),
});

/** `GET /vocabulary/characters`: the characters new at a level (HSK 2.0 when no syllabus is given). */
export const vocabularyCharactersQuery = z
  .object({ syllabus: syllabusSchema.optional(), level: syllabusLevelParam })
  .superRefine(levelOfSyllabus);
export type VocabularyCharactersQuery = z.input<typeof vocabularyCharactersQuery>;
export const vocabularyCharactersSchema = z.object({
  success: z.literal(true),
  data: z.object({
    syllabus: syllabusSchema,
    level: z.number().int(),
    label: z.string(),
    characters: z.array(z.string()),
  }),
});

const categoryId = z
  .string()
  .trim()
  .regex(/^[a-z0-9_-]{1,40}$/);

/** `GET /idioms`: curated idioms by category; a search looks through every idiom (CC-CEDICT too). */
export const idiomsQuery = z.object({
  page: pageParam,
  page_size: pageSize(IDIOMS_PAGE_SIZE),
  category: z
    .union([z.literal(''), categoryId])
    .optional()
    .transform((v) => (v ? v : undefined)),
  search: searchParam,
  language: languageParam,
});
export type IdiomsQuery = z.input<typeof idiomsQuery>;

export const languageQuery = z.object({ language: languageParam });

/** A text in the UI language, or in English when it was written in English only. */
const localisedText = z.object({ text: z.string(), language: z.enum(LANGUAGES) });

/** An idiom in the UI language: `meaning`, `literal`, `origin` and the example's translation are localised. */
export const idiomSchema = z.object({
  id: z.number().int(),
  chengyu: z.string(),
  traditional: z.string().nullable(),
  pinyin: z.string(),
  curated: z.boolean(),
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  hsk_level: z.number().int().nullable(),
  meaning: z.string(),
  en: z.string(),
  literal: localisedText.nullable(),
  example: z.object({ zh: z.string(), pinyin: z.string(), translation: z.string() }).nullable(),
  origin: localisedText.nullable(),
  /** False for guests. */
  is_favourite: z.boolean(),
});
export type Idiom = z.infer<typeof idiomSchema>;

export const idiomListSchema = z.object({
  success: z.literal(true),
  data: z.array(idiomSchema),
  pagination: paginationSchema,
});
export const idiomOneSchema = z.object({ success: z.literal(true), data: idiomSchema });
export const idiomParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** `GET /categories?language=`: localised names and the number of curated idioms in each. */
export const categoriesSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
});

/** `POST /user-idioms`. */
export const userIdiomBody = z.object({ idiom_id: z.number().int().positive().max(2_147_483_647) });
/** A favourite is identified by its idiom: `DELETE /user-idioms/{idiom_id}`. */
export const favouriteSchema = z.object({
  success: z.literal(true),
  data: z.object({ idiom_id: z.number().int(), favourite: z.boolean() }),
});
/** `GET /user-idioms`: the favourites, newest first, with the idiom. */
export const favouritesSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ idiom_id: z.number().int(), created_at: z.string(), idiom: idiomSchema })),
});

/** `GET /idioms/practice`: a question with four options; the answer stays on the server. */
export const practiceQuery = z.object({
  mode: z.enum(PRACTICE_MODES).default('meaning'),
  category: categoryId.optional(),
  language: languageParam,
  /** The previous question's idiom, so the same one does not come twice in a row. */
  exclude: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const practiceQuestionSchema = z.object({
  success: z.literal(true),
  data: z.object({
    question_token: z.string(),
    mode: z.enum(PRACTICE_MODES),
    /** `meaning`: the idiom; `missing_char`: the idiom with one character replaced by ＿. */
    prompt: z.string(),
    pinyin: z.string(),
    /** `missing_char`: the idiom's meaning as a hint. */
    hint: z.string().nullable(),
    options: z.array(z.string()).length(PRACTICE_OPTIONS),
  }),
});
export type PracticeQuestion = z.infer<typeof practiceQuestionSchema>['data'];

/** An answer: `POST /idiom-records` (saved) or `POST /idioms/practice/check` (guests, not saved). */
export const practiceAnswerBody = z.object({
  question_token: z.string().min(10).max(4096),
  choice: z
    .number()
    .int()
    .min(0)
    .max(PRACTICE_OPTIONS - 1),
});

export const idiomRecordSchema = z.object({
  id: z.number().int(),
  idiom_id: z.number().int(),
  mode: z.enum(PRACTICE_MODES),
  correct: z.boolean(),
  answer: z.string().nullable(),
  created_at: z.string(),
  chengyu: z.string(),
  pinyin: z.string(),
});
export type IdiomRecord = z.infer<typeof idiomRecordSchema>;

/** The server's verdict on an answer. */
export const practiceResultSchema = z.object({
  success: z.literal(true),
  data: z.object({
    correct: z.boolean(),
    correct_choice: z.number().int(),
    answer: z.string(),
    correct_answer: z.string(),
    idiom: idiomSchema,
    /** Null when the answer was only checked, not saved (guests). */
    record: idiomRecordSchema.nullable(),
  }),
});
export type PracticeResult = z.infer<typeof practiceResultSchema>['data'];

export const idiomRecordsQuery = z.object({
  page: pageParam,
  page_size: pageSize(IDIOM_RECORDS_PAGE_SIZE),
});
export const idiomRecordsSchema = z.object({
  success: z.literal(true),
  data: z.array(idiomRecordSchema),
  pagination: paginationSchema,
});

/** `GET /idiom-records/summary?tz_offset=`: minutes as `Date.getTimezoneOffset()` gives them, for the streak. */
export const summaryQuery = z.object({ tz_offset: z.coerce.number().int().min(-840).max(840).default(0) });
const tally = z.object({ attempts: z.number().int(), correct: z.number().int(), accuracy: z.number().int() });
export const idiomSummarySchema = z.object({
  success: z.literal(true),
  data: tally.extend({
    by_mode: z.object({ meaning: tally, missing_char: tally }),
    streak_days: z.number().int(),
    mastered: z.number().int(),
    idioms_practised: z.number().int(),
    last_practised_at: z.string().nullable(),
  }),
});
export type IdiomSummary = z.infer<typeof idiomSummarySchema>['data'];
