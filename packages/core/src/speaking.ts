import { z } from 'zod';
import { paginationSchema } from './api.js';
import { LANGUAGES } from './constants.js';
import { lessonReviewSchema } from './lesson-review.js';

/** A card of the test list (spec 001 §3), with the lock computed for the viewer. */
export const testListItemSchema = z.object({
  id: z.number().int(),
  test_id: z.number().int(),
  test_name: z.string(),
  description: z.string(),
  level_id: z.number().int(),
  test_type: z.string(),
  difficulty: z.string(),
  time_limit: z.number().int(),
  is_official: z.boolean(),
  is_try: z.boolean(),
  available_parts: z.array(z.number().int()),
  is_fake: z.boolean(),
  lock: z.enum(['login_required', 'official_required']).nullable(),
  /** Placeholders only: their position (1-based) among the placeholders, for the client to name them. */
  placeholder_number: z.number().int().optional(),
});
export type TestListItem = z.infer<typeof testListItemSchema>;

/** `GET /tests/level/{level}?page&limit&_t&language`: server pages of 6 for users, the full padded list for guests. */
export const testListSchema = z.object({
  success: z.literal(true),
  data: z.array(testListItemSchema),
  pagination: paginationSchema,
  user_is_official: z.boolean(),
  guest_access: z.boolean(),
});

/** A question as the client receives it (spec 001 §3); scoring references stay on the server. */
export const questionSchema = z.object({
  id: z.number().int(),
  level_id: z.number().int(),
  part_id: z.number().int(),
  part_number: z.number().int(),
  number: z.number().int(),
  question_type: z.string(),
  asr_model: z.enum(['dashscope', 'doubao']),
  time_limit: z.number().int(),
  audio_play_limit: z.number().int().nullable(),
  question_text: z.string().nullable(),
  question_pinyin: z.string().nullable(),
  question_texts: z.array(z.string()),
  image_urls: z.array(z.string()),
  image_texts: z.array(z.string()),
  image_audio_urls: z.array(z.string()),
  /** The text synthesised as the question audio. */
  audio_text: z.string(),
  audio_url: z.string().nullable(),
  audio_urls: z.array(z.string()),
  answer_options: z.array(z.string()),
  picture_options: z.array(z.string()),
  /** The reference (what to repeat or read); only for official members, else null. */
  reference_text: z.string().nullable(),
});
export type Question = z.infer<typeof questionSchema>;

/** `GET /tests/{testId}/parts/{part}/questions?language`. */
export const questionsSchema = z.object({
  success: z.literal(true),
  data: z.object({
    test: testListItemSchema,
    part: z.number().int(),
    instructions: z.string(),
    questions: z.array(questionSchema),
  }),
});

/** `GET /tests/{testId}?language`: the card and its parts with instructions, for the run header. */
export const testDetailSchema = z.object({
  success: z.literal(true),
  data: z.object({
    test: testListItemSchema,
    user_is_official: z.boolean(),
    parts: z.array(
      z.object({ part: z.number().int(), instructions: z.string(), question_count: z.number().int() }),
    ),
  }),
});

/** The id of a kept answer recording, as /audio/transcribe and the recognition sockets return it. */
export const audioIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/);

/** The feedback payload (spec 001 §3), for `POST /user-test-questions/prepare-ws` and the socket query. */
export const feedbackPayloadSchema = z.object({
  user_id: z.coerce.number().int().nullable().optional(),
  question_id: z.coerce.number().int().positive(),
  level_id: z.coerce.number().int().positive(),
  part_id: z.coerce.number().int().min(1).max(3),
  user_answers: z.string().max(5000),
  orig_answers: z.string().max(5000).optional().default(''),
  completed_time: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .optional(),
  is_full_test: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((v) => v === true || v === 'true'),
  is_guest: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((v) => v === true || v === 'true'),
  language: z.enum(LANGUAGES).optional().default('en'),
  token: z.string().optional(),
  duration_ms: z.coerce.number().int().min(0).optional(),
  /** The kept recording of this answer (from /audio/transcribe or a recognition socket), for the voice measures. */
  audio_id: audioIdSchema.optional(),
});
export type FeedbackPayload = z.input<typeof feedbackPayloadSchema>;

/** `POST /user-test-questions/prepare-ws` answer. */
export const prepareWsSchema = z.object({
  success: z.literal(true),
  session_id: z.string(),
  message: z.string(),
});

/** The end marker of a feedback stream; after it a JSON saved record may arrive. */
export const FEEDBACK_DONE = '[[DONE]]';

/** The saved feedback record sent at the end of the stream. */
export const savedFeedbackSchema = z.object({
  id: z.number().int(),
  score: z.number().int().min(0).max(100),
  feedback: z.string(),
  feedback_html: z.string(),
  /** True when Plus parts of the review were held back (not a Plus member). */
  locked: z.boolean().optional(),
  /** The review as data (band, verdict, aligned characters), for the page to render; the text stays for older clients. */
  review: lessonReviewSchema.optional(),
});

/** `POST /user-test-questions`: a submitted run. */
export const submitResultBody = z.object({
  test_id: z.number().int().positive(),
  level_id: z.number().int().positive(),
  part_id: z.number().int().min(1).max(3).nullable(),
  is_full_test: z.boolean(),
  completed_time: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600),
  answers: z
    .array(
      z.object({
        question_id: z.number().int().positive(),
        question_number: z.number().int().positive(),
        user_answers: z.string().max(5000),
        orig_answers: z.string().max(5000).default(''),
        ai_feedback_id: z.number().int().nullable().default(null),
        score: z.number().int().min(0).max(100).nullable().default(null),
        /** The kept recording of the answer (a recorded answer counts even without a transcript). */
        audio_id: audioIdSchema.nullable().optional(),
      }),
    )
    .min(1)
    .max(60),
});

/** `POST /user-test-questions` answer: the stored run and its average score. */
export const submitResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number().int(), score: z.number().int().nullable() }),
});

export const RESULT_SORTS = ['latest', 'oldest', 'highest', 'lowest'] as const;
export const RESULT_FILTERS = ['all', 'full', 'part'] as const;

/** `GET /user-test-questions?page&page_size&sort&filter`. */
export const resultsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(10),
  pagination: z.string().optional(),
  sort: z.enum(RESULT_SORTS).default('latest'),
  filter: z.enum(RESULT_FILTERS).default('all'),
  /** Language of test names; the user's saved language when absent. */
  language: z.enum(LANGUAGES).optional(),
});

export const resultItemSchema = z.object({
  id: z.number().int(),
  test_id: z.number().int(),
  test_name: z.string(),
  level_id: z.number().int(),
  part_id: z.number().int().nullable(),
  is_full_test: z.boolean(),
  score: z.number().int().nullable(),
  completed_time: z.number().int().nullable(),
  created_at: z.string(),
  answers: z.array(
    z.object({
      question_id: z.number().int(),
      question_number: z.number().int(),
      /** Null when the reader may not see it (no Plus: spec 001 §6, core `gateReviewAnswer`). */
      user_answers: z.string().nullable(),
      orig_answers: z.string().nullable(),
      score: z.number().int().nullable(),
      ai_feedback_id: z.number().int().nullable(),
      feedback: z.string().nullable(),
      feedback_html: z.string().nullable(),
      /** The structured review, gated for the reader. */
      review: lessonReviewSchema.nullable().optional(),
      /** True when the question, the answer text and Plus parts of the review were held back. */
      review_locked: z.boolean().optional(),
      /** The learner's kept recording of the answer, playable by its owner. */
      audio_id: z.string().nullable().optional(),
      /** The question's part and task type (`repeat`, `answer`…): what names the answer when its text is held back. */
      part: z.number().int().nullable().optional(),
      task: z.string().nullable().optional(),
    }),
  ),
});

export const resultsListSchema = z.object({
  success: z.literal(true),
  data: z.array(resultItemSchema),
  pagination: paginationSchema,
});

/** `GET /user-test-questions/{id}`: one own result. */
export const resultDetailSchema = z.object({ success: z.literal(true), data: resultItemSchema });

/** `GET /admin/users/{id}/test-results/count`. */
export const resultCountSchema = z.object({
  success: z.literal(true),
  data: z.object({
    count: z.number().int(),
    full_tests: z.number().int(),
    part_tests: z.number().int(),
    average_score: z.number().int().nullable(),
  }),
});
