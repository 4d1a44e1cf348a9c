import { eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import { z } from 'zod';
import { canOpen, errorMessage } from '@kouyu/core';
import type { ErrorCode } from '@kouyu/core';
import type { UserRow } from '../accounts/users.js';
import type { Db } from '../db/client.js';
import { hskkQuestions, idioms, vocabWords } from '../db/schema.js';
import { bearer, callerOfToken } from '../plugins/auth.js';
import { normaliseText } from '../speech/tts/text.js';
import { denialError } from './access.js';
import { accessTest, findTest, viewerOf } from './catalogue.js';
import { findQuestion } from './questions.js';
import type { QuestionRow } from './questions.js';

/**
 * A refusal of a speech socket or route: the HTTP status, and on a socket the close code
 * 4000 + that status (4401 sign in again, 4403 not for guests, 4429 quota reached).
 */
export class SpeechRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string = errorMessage(code),
  ) {
    super(message);
  }
  get wsCode(): number {
    return 4000 + this.status;
  }
}

/** Who calls a speech socket or route, and which question the call is for. */
export interface SpeechCaller {
  user: UserRow | null;
  questionId: number | null;
}

const callerQuery = z.object({
  token: z.string().min(1).optional().catch(undefined),
  question_id: z.coerce.number().int().positive().optional().catch(undefined),
});

/**
 * Reads the caller: the token of the `token` query field (browsers cannot set headers on a
 * WebSocket or an audio element) or the bearer header. A token that comes but does not hold is
 * refused (401), never read as a guest, so the client refreshes it and tries again.
 */
export async function speechCaller(
  app: FastifyInstance,
  req: FastifyRequest,
  fields: Record<string, string> = {},
): Promise<SpeechCaller> {
  const query = callerQuery.parse({ ...fields, ...(typeof req.query === 'object' ? req.query : {}) });
  const token = query.token ?? bearer(req);
  const user = await callerOfToken(app, token, () => new SpeechRefusal(401, 'token_expired'));
  return { user, questionId: query.question_id ?? null };
}

/**
 * A guest may use recognition and synthesis only for a question of the try test's part 1 (the
 * rule of core/access, checked against the database); the question is returned for its texts.
 */
export async function guestQuestion(db: Db, questionId: number | null): Promise<QuestionRow> {
  if (questionId === null) throw new SpeechRefusal(401, 'auth_token_missing');
  const question = await findQuestion(db, questionId);
  const test = question ? await findTest(db, question.testId) : undefined;
  if (!question || !test) throw new SpeechRefusal(404, 'test_not_found');
  const part = question.part === 2 || question.part === 3 ? question.part : 1;
  const access = canOpen(accessTest(test), { full: false, part }, viewerOf(null));
  if (!access.ok) {
    const refusal = denialError(access.denial, test);
    throw new SpeechRefusal(refusal.statusCode, refusal.code, refusal.message);
  }
  return question;
}

/** The texts of a question a player may ask to hear. */
export function questionTexts(q: QuestionRow): Set<string> {
  const all = [q.audioText, q.questionText, q.referenceText, ...q.imageTexts, ...q.answerOptions];
  return new Set(
    all
      .filter((t): t is string => typeof t === 'string')
      .map(normaliseText)
      .filter(Boolean),
  );
}

/**
 * True when a text is our own content (a question's text, an HSK word, an idiom or its example):
 * what a guest may hear without signing in.
 */
export async function isOwnContent(db: Db, raw: string): Promise<boolean> {
  const text = normaliseText(raw);
  if (!text) return false;
  const [question] = await db
    .select({ id: hskkQuestions.id })
    .from(hskkQuestions)
    .where(
      or(
        eq(hskkQuestions.audioText, text),
        eq(hskkQuestions.questionText, text),
        eq(hskkQuestions.referenceText, text),
      ),
    )
    .limit(1);
  if (question) return true;
  const [word] = await db
    .select({ id: vocabWords.id })
    .from(vocabWords)
    .where(eq(vocabWords.simplified, text))
    .limit(1);
  if (word) return true;
  const [idiom] = await db
    .select({ id: idioms.id })
    .from(idioms)
    .where(or(eq(idioms.chengyu, text), sql`${idioms.example}->>'zh' = ${text}`))
    .limit(1);
  return idiom !== undefined;
}

const DAY_MS = 86_400_000;

/**
 * Counts one use of a paid vendor engine against the user's daily quota (SPEECH_QUOTA_PER_DAY,
 * kept in the shared Kv store so every instance counts together); refuses with 429 once it is
 * used up. Embedded engines cost nothing and are not counted.
 */
export async function takeSpeechQuota(app: FastifyInstance, user: UserRow, vendor: boolean): Promise<void> {
  const limit = app.config.SPEECH_QUOTA_PER_DAY;
  if (!vendor || limit === 0) return;
  const day = Math.floor(Date.now() / DAY_MS);
  const used = await app.kv.incr(`speech-quota:${user.id}:${day}`, DAY_MS);
  if (used > limit)
    throw new SpeechRefusal(429, 'speech_quota_reached', errorMessage('speech_quota_reached', { limit }));
}

const EMBEDDED_ENGINES = /^(sherpa|espeak|none)/;

/** True when an engine is a paid vendor service (not one that runs inside this server). */
export function isVendorEngine(name: string): boolean {
  return !EMBEDDED_ENGINES.test(name);
}

type Held = [data: WebSocket.RawData, isBinary: boolean];

/**
 * Checks a speech socket's caller before serving it. Messages that arrive during the check (the
 * client sends its start message as soon as the socket opens) are held and replayed to the
 * handler, so nothing is lost; a refusal is told in the socket's own dialect, then the socket
 * closes with 4000 + the status.
 */
export function guardSocket<T>(
  socket: WebSocket,
  check: () => Promise<T>,
  serve: (granted: T) => void,
  refuse: (refusal: SpeechRefusal) => void,
  log: FastifyBaseLogger,
): void {
  const held: Held[] = [];
  const hold = (data: WebSocket.RawData, isBinary: boolean) => held.push([data, isBinary]);
  socket.on('message', hold);
  check().then(
    (granted) => {
      socket.off('message', hold);
      if (socket.readyState !== socket.OPEN) return;
      serve(granted);
      for (const [data, isBinary] of held) socket.emit('message', data, isBinary);
    },
    (err: unknown) => {
      socket.off('message', hold);
      const refusal = err instanceof SpeechRefusal ? err : new SpeechRefusal(500, 'internal');
      if (!(err instanceof SpeechRefusal)) log.error({ err }, 'speech socket check failed');
      refuse(refusal);
      if (socket.readyState === socket.OPEN) socket.close(refusal.wsCode, refusal.code);
    },
  );
}
