import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { canOpen, errorMessage, feedbackPayloadSchema } from '@kouyu/core';
import type { ErrorCode } from '@kouyu/core';
import type { UserRow } from '../accounts/users.js';
import type { Db } from '../db/client.js';
import type { Kv } from '../plugins/kv.js';
import { questionInput } from '../speech/feedback/question-input.js';
import type { AnswerInput } from '../speech/feedback/types.js';
import { denialError } from './access.js';
import { accessTest, findTest, viewerOf } from './catalogue.js';
import type { TestRow } from './catalogue.js';
import { findQuestion } from './questions.js';
import type { QuestionRow } from './questions.js';

export type FeedbackRequest = z.output<typeof feedbackPayloadSchema>;

/** How long a prepared session waits for its socket (spec 001 §7: long payloads go through prepare-ws). */
export const FEEDBACK_SESSION_TTL_MS = 5 * 60_000;
const sessionKey = (id: string) => `feedback-session:${id}`;
const sessionIdSchema = z.uuid();
const storedSchema = z.object({ payload: feedbackPayloadSchema, user_id: z.number().int().nullable() });

/** Close codes of the feedback socket: 4000 + the HTTP status meaning the same. */
export const FEEDBACK_WS_CODE = {
  ok: 1000,
  badRequest: 4400,
  unauthorized: 4401,
  forbidden: 4403,
  notFound: 4404,
  tooMany: 4429,
  failed: 4500,
} as const;

/** A refusal or failure told to the client as `{success:false, code, error}` before the socket closes. */
export class FeedbackError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly wsCode: number,
    message: string = errorMessage(code),
  ) {
    super(message);
  }

  /** The frame text: the spec's "Error getting AI feedback: …", except the user-id message, which stands alone. */
  frame(): string {
    const error =
      this.code === 'feedback_user_required' ? this.message : `Error getting AI feedback: ${this.message}`;
    return JSON.stringify({ success: false, code: this.code, error });
  }
}

/**
 * Keeps a feedback payload for its socket under a random id in the shared store, so the socket may
 * land on another instance. The token is not kept: the user it proved is.
 */
export async function prepareSession(
  kv: Kv,
  payload: FeedbackRequest,
  userId: number | null,
): Promise<string> {
  const id = randomUUID();
  const { token: _token, ...kept } = payload;
  await kv.set(sessionKey(id), JSON.stringify({ payload: kept, user_id: userId }), FEEDBACK_SESSION_TTL_MS);
  return id;
}

/** Takes a prepared session (once: a second socket with the same id is refused), or null. */
export async function takeSession(
  kv: Kv,
  id: string,
): Promise<{ payload: FeedbackRequest; userId: number | null } | null> {
  if (!sessionIdSchema.safeParse(id).success) return null;
  const raw = await kv.get(sessionKey(id));
  if (raw === null) return null;
  await kv.del(sessionKey(id));
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = storedSchema.safeParse(json);
  return parsed.success ? { payload: parsed.data.payload, userId: parsed.data.user_id } : null;
}

/** Reads the payload from socket query fields; "", "null" and "undefined" count as absent (what URLSearchParams makes of them). */
export function queryPayload(query: Record<string, unknown>): FeedbackRequest {
  const given = Object.fromEntries(
    Object.entries(query).filter(
      ([, v]) => typeof v === 'string' && v !== '' && v !== 'null' && v !== 'undefined',
    ),
  );
  const parsed = feedbackPayloadSchema.safeParse(given);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new FeedbackError(
      'validation_failed',
      FEEDBACK_WS_CODE.badRequest,
      `${errorMessage('validation_failed')}: ${fields}`,
    );
  }
  return parsed.data;
}

export interface ResolvedFeedback {
  user: UserRow | null;
  question: QuestionRow;
  test: TestRow;
}

/**
 * Who asks, about which question, and whether they may: the question and its test come from the
 * database (the client's level and part are not trusted); guests only reach the try test's part 1.
 */
export async function resolveFeedback(
  db: Db,
  request: FeedbackRequest,
  user: UserRow | null,
): Promise<ResolvedFeedback> {
  if (!user && !request.is_guest)
    throw new FeedbackError('feedback_user_required', FEEDBACK_WS_CODE.unauthorized);
  const question = await findQuestion(db, request.question_id);
  const test = question ? await findTest(db, question.testId) : undefined;
  if (!question || !test) throw new FeedbackError('test_not_found', FEEDBACK_WS_CODE.notFound);
  const part = question.part === 1 || question.part === 2 || question.part === 3 ? question.part : 1;
  const access = canOpen(accessTest(test), { full: false, part }, viewerOf(user));
  if (!access.ok) {
    const refusal = denialError(access.denial, test);
    throw new FeedbackError(refusal.code, 4000 + refusal.statusCode, refusal.message);
  }
  return { user, question, test };
}

/** What the feedback engine reviews: the answer with the server's own references for the question. */
export function answerInput(request: FeedbackRequest, question: QuestionRow, test: TestRow): AnswerInput {
  return {
    ...questionInput({ ...question, level: test.level }),
    answer_text: request.user_answers,
    duration_ms: request.duration_ms,
  };
}
