import { z } from 'zod';
import { ASR_MODELS, USER_LEVELS } from './stored-user.js';

/** Pagination block of list answers (spec 000 §3). */
export const paginationSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
  has_next: z.boolean(),
  has_previous: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** Builds the pagination block for a page of a list. */
export function paginate(page: number, perPage: number, totalCount: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalCount / perPage));
  return {
    current_page: page,
    per_page: perPage,
    total_pages: totalPages,
    total_count: totalCount,
    has_next: page < totalPages,
    has_previous: page > 1,
  };
}

/** The stored user (spec 000 §3). */
export const storedUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  username: z.string(),
  is_official: z.boolean(),
  is_vip: z.boolean(),
  user_level: z.enum(USER_LEVELS),
  point: z.number().int(),
  share_code: z.string(),
  invited_code: z.string().nullable(),
  email_verified: z.boolean(),
  language: z.string(),
  settings: z.object({ asr_model: z.enum(ASR_MODELS) }),
  created_at: z.string().optional(),
  /** The HSK syllabus the learner studies (absent in users stored before it existed). */
  syllabus: z.enum(['hsk2', 'hsk3']).optional(),
});
export type StoredUser = z.infer<typeof storedUserSchema>;

/** Successful login, verify or refresh (spec 000 §3 "Auth data"). */
export const authDataSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  refresh_token: z.string(),
  user: storedUserSchema,
  payment_expiration: z.string().nullable(),
});
export type AuthData = z.infer<typeof authDataSchema>;

/** Health report of `GET /api/v1/health`. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  // only admins see the version (decision 028)
  version: z.string().optional(),
  uptime_s: z.number(),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']), latency_ms: z.number() }),
  cache: z.object({ ok: z.boolean(), driver: z.enum(['memory', 'redis', 'database']) }),
  engines: z.record(
    z.string(),
    z.object({ name: z.string(), ready: z.boolean(), detail: z.string().optional() }),
  ),
  /** Admins only: the kept answer recordings against their budget, and the data disk's free space. */
  disk: z
    .object({
      answers_bytes: z.number(),
      answers_budget_bytes: z.number(),
      free_bytes: z.number().nullable(),
    })
    .optional(),
});
export type Health = z.infer<typeof healthSchema>;

export const RECOGNITION_STATES = ['ready', 'none', 'not-ready'] as const;
/** Whether speech recognition is set up: the app offers typing instead when there is none. */
export type RecognitionState = (typeof RECOGNITION_STATES)[number];

/** The recognition state an engine's report gives ("none": no engine configured). */
export function recognitionState(asr: { name: string; ready: boolean } | undefined): RecognitionState {
  if (!asr || asr.name === 'none') return 'none';
  return asr.ready ? 'ready' : 'not-ready';
}

/**
 * What `GET /api/v1/health` tells anyone but an admin: up or not, and whether speech can be recognised
 * (the app needs it); no engine names, versions or figures.
 */
export const healthStatusSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  recognition: z.enum(RECOGNITION_STATES),
});
export type HealthStatus = z.infer<typeof healthStatusSchema>;
/** An admin gets the whole report (and the recognition state), anyone else the status. */
export const healthResponseSchema = z.union([
  healthSchema.extend({ recognition: z.enum(RECOGNITION_STATES) }),
  healthStatusSchema,
]);
