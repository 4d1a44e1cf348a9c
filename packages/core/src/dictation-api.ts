import { z } from 'zod';
import { paginationSchema } from './api.js';
import { DICTATION_WORDS_PLUS } from './constants.js';
import { DICTATION_INTERVALS_S, isDictationInterval } from './dictation-rules.js';

/** API schemas of `/api/v1/dictation/*`. */

const charResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('right'), char: z.string() }),
  z.object({ status: z.literal('wrong'), char: z.string(), written: z.string() }),
  z.object({ status: z.literal('missing'), char: z.string() }),
]);

export const handwritingAnalysisSchema = z.object({
  words: z.array(
    z.object({
      word: z.string(),
      chars: z.array(charResultSchema),
      extra: z.array(z.string()),
      written: z.string(),
      status: z.enum(['right', 'partial', 'missing']),
    }),
  ),
  extra: z.string(),
  counts: z.object({
    right: z.number().int(),
    wrong: z.number().int(),
    missing: z.number().int(),
    extra: z.number().int(),
  }),
  score: z.number().int().min(0).max(100),
});

/** A word list as sent to the server; the per-word rules and the Plus/free limit are checked by `wordListIssue`. */
export const dictationWordsSchema = z.array(z.string().max(200)).max(DICTATION_WORDS_PLUS * 5);

export const dictationIntervalSchema = z
  .number()
  .int()
  .refine(isDictationInterval, { message: `one of ${DICTATION_INTERVALS_S.join(', ')}` });

const ocrLineSchema = z.object({
  text: z.string(),
  box: z.array(z.tuple([z.number(), z.number()])),
  score: z.number(),
});

/** `POST /dictation/analyze` (multipart: `image`, `words` as JSON). */
export const analyzeResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    analysis_id: z.string(),
    recognized_text: z.string(),
    lines: z.array(ocrLineSchema),
    analysis: handwritingAnalysisSchema,
    score: z.number().int().min(0).max(100),
  }),
});
export type AnalyzeResponse = z.infer<typeof analyzeResponseSchema>;

/** `POST /dictation/extract-words` (multipart: `image`, `words` = the current list as JSON). */
export const extractWordsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    words: z.array(z.string()),
    added: z.array(z.string()),
    skipped: z.object({
      invalid: z.number().int(),
      duplicate: z.number().int(),
      over_limit: z.number().int(),
    }),
    recognized_text: z.string(),
  }),
});
export type ExtractWordsResponse = z.infer<typeof extractWordsResponseSchema>;

/** `POST /dictation/sessions` and `PUT /dictation/sessions/:id`: saving needs an analysis (spec 000 §5). */
export const saveSessionBody = z.object({
  words: dictationWordsSchema,
  interval_s: dictationIntervalSchema,
  analysis_id: z.string().min(1).max(100),
});
export type SaveSessionBody = z.infer<typeof saveSessionBody>;

export const dictationSessionSchema = z.object({
  id: z.number().int(),
  words: z.array(z.string()),
  interval_s: z.number().int(),
  recognized_text: z.string().nullable(),
  analysis: handwritingAnalysisSchema.nullable(),
  score: z.number().int().nullable(),
  has_image: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DictationSession = z.infer<typeof dictationSessionSchema>;

export const dictationSessionResponseSchema = z.object({
  success: z.literal(true),
  data: dictationSessionSchema,
});

/** `GET /dictation/results?page&page_size`: own sessions, newest first. */
export const dictationResultsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(10),
});

export const dictationResultsSchema = z.object({
  success: z.literal(true),
  data: z.array(dictationSessionSchema),
  pagination: paginationSchema,
});
