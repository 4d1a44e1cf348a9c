/**
 * Review of the learner's own mistakes (decision 018): the API schemas of `/api/v1/review/*` and the rules both
 * sides share. The server schedules with FSRS; the web app practises the cards, offline too, and syncs.
 */
import { z } from 'zod';
import { toneSchema } from './voice-api.js';

/** Cards one `GET /review/due` returns by default and at most. */
export const REVIEW_DUE_LIMIT_DEFAULT = 20;
export const REVIEW_DUE_LIMIT_MAX = 100;
/** New (never answered) cards a learner meets per day; the rest wait for the next day. */
export const REVIEW_NEW_PER_DAY = 20;
/** Most cards one saved result (a test, an HSK paper, a dictation) turns into, so a bad day stays reviewable. */
export const REVIEW_CARDS_PER_RESULT_MAX = 12;
/** Most answers one `POST /review/sync` carries (an offline queue of several days). */
export const REVIEW_SYNC_MAX = 500;
/** Oldest an offline answer's own time may be: the web app's queue is synced well within a week. */
export const REVIEW_OFFLINE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * When an answer counts as given: its own time (an offline answer carries it), but never after `now`,
 * never before the card existed and never older than the offline window, so a client cannot date
 * practice into days it did not practise.
 */
export function answeredAtWithin(claimed: Date, now: Date, cardCreated: Date): Date {
  const earliest = Math.max(now.getTime() - REVIEW_OFFLINE_WINDOW_MS, cardCreated.getTime());
  return new Date(Math.min(now.getTime(), Math.max(claimed.getTime(), earliest)));
}

/** Longest hanzi and context a card holds. */
export const REVIEW_HANZI_MAX = 32;
export const REVIEW_CONTEXT_MAX = 500;
/** Days `GET /review/stats` counts answers for. */
export const REVIEW_STATS_DAYS = 30;

export const REVIEW_CARD_KINDS = ['char', 'tone', 'word', 'idiom', 'hsk', 'dictation'] as const;
export type ReviewCardKind = (typeof REVIEW_CARD_KINDS)[number];

/** Where a card came from: a mistake in one of the features, or the learner's own "+". */
export const REVIEW_CARD_SOURCES = [
  'speaking',
  'voice',
  'examiner',
  'hsk',
  'dictation',
  'idiom',
  'manual',
] as const;
export type ReviewCardSource = (typeof REVIEW_CARD_SOURCES)[number];

/** The ways a card can be practised. */
export const REVIEW_MODES = ['repeat', 'tone', 'meaning', 'write', 'idiom_fill'] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];

export const REVIEW_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** FSRS ratings: 1 Again, 2 Hard, 3 Good, 4 Easy. */
export const reviewRatingSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type ReviewRating = z.infer<typeof reviewRatingSchema>;

export const reviewMeaningSchema = z.object({
  en: z.string().max(REVIEW_CONTEXT_MAX),
  zh: z.string().max(REVIEW_CONTEXT_MAX),
  ru: z.string().max(REVIEW_CONTEXT_MAX),
});
export type ReviewMeaning = z.infer<typeof reviewMeaningSchema>;

/** What the card points back to (all optional; ids as the features store them). */
export const reviewRefSchema = z
  .object({
    word_id: z.number().int().positive().optional(),
    idiom_id: z.number().int().positive().optional(),
    question_id: z.number().int().positive().optional(),
    result_id: z.number().int().positive().optional(),
    hsk_question_id: z.string().max(100).optional(),
  })
  .strict();
export type ReviewRef = z.infer<typeof reviewRefSchema>;

const isoSchema = z.iso.datetime({ offset: true });

export const reviewCardSchema = z.object({
  id: z.uuid(),
  kind: z.enum(REVIEW_CARD_KINDS),
  source: z.enum(REVIEW_CARD_SOURCES),
  hanzi: z.string(),
  pinyin: z.string().nullable(),
  tone: toneSchema.nullable(),
  meaning: reviewMeaningSchema.nullable(),
  /** The sentence or question the mistake came from. */
  context: z.string().nullable(),
  ref: reviewRefSchema.nullable(),
  modes: z.array(z.enum(REVIEW_MODES)),
  due: z.string(),
  state: z.enum(REVIEW_STATES),
  reps: z.number().int().nonnegative(),
  lapses: z.number().int().nonnegative(),
  last_review: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReviewCard = z.infer<typeof reviewCardSchema>;

/** `GET /review/due?limit=` */
export const reviewDueQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(REVIEW_DUE_LIMIT_MAX).default(REVIEW_DUE_LIMIT_DEFAULT),
});
export const reviewDueResponseSchema = z.object({
  success: z.literal(true),
  cards: z.array(reviewCardSchema),
  /** All cards due now (new ones within today's allowance), beyond the page too. */
  due_count: z.number().int().nonnegative(),
});
export type ReviewDueResponse = z.infer<typeof reviewDueResponseSchema>;

/** `POST /review/{card_id}/answer` */
export const reviewAnswerBodySchema = z.object({
  rating: reviewRatingSchema,
  /** When the learner answered (offline answers carry their own time); the server's now() when absent. */
  answered_at: isoSchema.optional(),
  /** Makes the answer idempotent: the same client_id twice is applied once. */
  client_id: z.string().min(1).max(100).optional(),
  mode: z.enum(REVIEW_MODES).optional(),
});
export type ReviewAnswerBody = z.infer<typeof reviewAnswerBodySchema>;
export const reviewCardResponseSchema = z.object({ success: z.literal(true), card: reviewCardSchema });
export type ReviewCardResponse = z.infer<typeof reviewCardResponseSchema>;

/** One answer of the offline queue. */
export const reviewSyncAnswerSchema = z.object({
  card_id: z.uuid(),
  rating: reviewRatingSchema,
  answered_at: isoSchema,
  client_id: z.string().min(1).max(100),
  mode: z.enum(REVIEW_MODES).optional(),
});
export type ReviewSyncAnswer = z.infer<typeof reviewSyncAnswerSchema>;

/** `POST /review/sync`: applied in answered_at order; the answer is the current state of every card touched. */
export const reviewSyncBodySchema = z.object({
  answers: z.array(reviewSyncAnswerSchema).max(REVIEW_SYNC_MAX),
});
export type ReviewSyncBody = z.infer<typeof reviewSyncBodySchema>;
export const reviewSyncResponseSchema = z.object({
  success: z.literal(true),
  cards: z.array(reviewCardSchema),
});
export type ReviewSyncResponse = z.infer<typeof reviewSyncResponseSchema>;

/** `POST /review/cards`: add by hand; the same (kind, hanzi) again answers the existing card. */
export const reviewAddCardBodySchema = z.object({
  kind: z.enum(REVIEW_CARD_KINDS),
  hanzi: z
    .string()
    .trim()
    .min(1)
    .max(REVIEW_HANZI_MAX)
    .regex(/\p{Script=Han}/u, 'must hold a Chinese character'),
  pinyin: z.string().trim().max(200).optional(),
  meaning: reviewMeaningSchema.optional(),
  context: z.string().trim().max(REVIEW_CONTEXT_MAX).optional(),
  ref: reviewRefSchema.optional(),
});
export type ReviewAddCardBody = z.infer<typeof reviewAddCardBodySchema>;

/** `GET /review/stats` */
export const reviewStatsResponseSchema = z.object({
  success: z.literal(true),
  due_today: z.number().int().nonnegative(),
  new: z.number().int().nonnegative(),
  learning: z.number().int().nonnegative(),
  review: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  reviewed_today: z.number().int().nonnegative(),
  /** Answers per UTC day over the last `REVIEW_STATS_DAYS` days, oldest first, days without answers left out. */
  answers_by_day: z.array(z.object({ day: z.string(), count: z.number().int().nonnegative() })),
});
export type ReviewStatsResponse = z.infer<typeof reviewStatsResponseSchema>;

/** The practice modes a card of a kind offers (the web app picks one per showing). */
export function reviewModesFor(kind: ReviewCardKind, hasTone: boolean): ReviewMode[] {
  switch (kind) {
    case 'char':
      return hasTone ? ['repeat', 'tone', 'write', 'meaning'] : ['repeat', 'write', 'meaning'];
    case 'tone':
      return ['tone', 'repeat'];
    case 'word':
      return ['meaning', 'repeat', 'write'];
    case 'idiom':
      return ['idiom_fill', 'meaning'];
    case 'hsk':
      return ['meaning', 'write'];
    case 'dictation':
      return ['write', 'meaning'];
  }
}
