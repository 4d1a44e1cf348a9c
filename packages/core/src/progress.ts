/**
 * Progress over time (decision 029): the learner's scores per HSKK part and per HSK skill, tone accuracy
 * from the voice analysis, and words known by HSK level. `GET /api/v1/progress` answers it.
 */
import { z } from 'zod';
import { HSK_SECTIONS } from './hsk.js';
import { isTimeZone } from './today.js';

/** Days of history a progress answer covers by default (about six months). */
export const PROGRESS_DAYS_DEFAULT = 180;
/** The longest window a learner may ask for. */
export const PROGRESS_DAYS_MAX = 366;
/**
 * A word counts as known once its review card is in the review state and FSRS expects it to be
 * remembered for at least this many days (stability): a word seen once and guessed right is not known.
 */
export const WORD_KNOWN_STABILITY_DAYS = 21;
/** HSKK parts: 1 repeat / listen and answer, 2 describe / read aloud, 3 answer questions. */
export const HSKK_PARTS = [1, 2, 3] as const;
/** HSK 2.0 levels whose words are counted. */
export const PROGRESS_HSK_LEVELS = [1, 2, 3, 4, 5, 6] as const;

/** A calendar day in the learner's time zone, `YYYY-MM-DD`. */
export const progressDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** `GET /api/v1/progress` query: the window and the time zone its days are counted in. */
export const progressQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(PROGRESS_DAYS_MAX).default(PROGRESS_DAYS_DEFAULT),
  /** IANA time zone of the browser, used (as for today's plan) until the learner saved a time zone. */
  tz: z.string().refine(isTimeZone, 'must be an IANA time zone').optional(),
});
export type ProgressQuery = z.infer<typeof progressQuerySchema>;

/** One day's average score (0-100) and how many answers or attempts it averages. */
export const progressPointSchema = z.object({
  day: progressDaySchema,
  score: z.number().min(0).max(100),
  count: z.number().int().positive(),
});
export type ProgressPoint = z.infer<typeof progressPointSchema>;

export const progressResponseSchema = z.object({
  success: z.literal(true),
  /** First and last day of the window (inclusive). */
  from: progressDaySchema,
  to: progressDaySchema,
  hskk: z.array(z.object({ part: z.number().int().min(1).max(3), points: z.array(progressPointSchema) })),
  hsk: z.array(z.object({ skill: z.enum(HSK_SECTIONS), points: z.array(progressPointSchema) })),
  /** Share of judged syllables whose tone was heard right, 0-1, per day. */
  tones: z.array(
    z.object({
      day: progressDaySchema,
      accuracy: z.number().min(0).max(1),
      judged: z.number().int().positive(),
    }),
  ),
  words_known: z.array(
    z.object({
      level: z.number().int().min(1).max(6),
      known: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
    }),
  ),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;
