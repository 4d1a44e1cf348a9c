import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { FEEDBACK_DONE } from '@kouyu/core';
import { findUserById } from '../accounts/users.js';
import type { UserRow } from '../accounts/users.js';
import { feedbackRecords } from '../db/schema.js';
import type { FeedbackResult } from '../speech/feedback/types.js';
import {
  FEEDBACK_WS_CODE,
  FeedbackError,
  answerInput,
  queryPayload,
  resolveFeedback,
  takeSession,
} from './feedback-session.js';
import { bearer, callerOfToken } from '../plugins/auth.js';
import type { FeedbackRequest } from './feedback-session.js';
import type { SocketLimiter } from './socket-limiter.js';
import { viewerOf } from './catalogue.js';
import { voiceOfAnswer } from '../speech/voice/answer-voice.js';
import { cardsFromFeedback } from '../review/from-mistakes.js';

const socketQuery = z.record(z.string(), z.unknown());

/** A token that came but does not hold: 4401, so the client refreshes and retries. */
const refused = () => new FeedbackError('token_expired', FEEDBACK_WS_CODE.unauthorized);

/** The payload and user of a socket: a prepared session, or the query fields and a token. */
async function request(
  app: FastifyInstance,
  req: FastifyRequest,
): Promise<{ payload: FeedbackRequest; user: UserRow | null }> {
  const query = socketQuery.parse(req.query ?? {});
  const token = (typeof query['token'] === 'string' && query['token']) || bearer(req);
  const sessionId = query['session_id'];
  const db = app.database.db;
  if (typeof sessionId === 'string' && sessionId !== '') {
    const session = await takeSession(app.kv, sessionId);
    if (!session) throw new FeedbackError('feedback_session_expired', FEEDBACK_WS_CODE.notFound);
    const owner = session.userId;
    const user =
      owner !== null
        ? ((await app.userCache.get(owner, () => findUserById(db, owner))) ?? null)
        : await callerOfToken(app, token, refused);
    return { payload: session.payload, user };
  }
  const payload = queryPayload(query);
  return { payload, user: await callerOfToken(app, token || payload.token, refused) };
}

/**
 * One feedback socket (spec 001 §7): the review streams as text frames, then `[[DONE]]`, then the
 * saved record as one JSON frame; a refusal or failure is one `{success:false, code, error}` frame.
 * Then the server closes the socket.
 */
export function serveFeedbackSocket(
  socket: WebSocket,
  req: FastifyRequest,
  ctx: { app: FastifyInstance; limiter: SocketLimiter },
): void {
  const { app, limiter } = ctx;
  const address = req.ip;
  const send = (text: string) => {
    if (socket.readyState === socket.OPEN) socket.send(text);
  };
  const close = (code: number) => {
    if (socket.readyState === socket.OPEN) socket.close(code);
  };
  if (!limiter.acquire(address)) {
    send(new FeedbackError('rate_limited', FEEDBACK_WS_CODE.tooMany).frame());
    close(FEEDBACK_WS_CODE.tooMany);
    return;
  }
  let gone = false;
  let held = true;
  // The slot is freed when the work ends (before the close handshake) or when the client leaves early.
  const release = () => {
    if (held) limiter.release(address);
    held = false;
  };
  socket.on('close', () => {
    gone = true;
    release();
  });
  socket.on('error', (err) => req.log.debug({ err }, 'feedback socket error'));

  const run = async () => {
    const started = performance.now();
    const { payload, user } = await request(app, req);
    const { question, test } = await resolveFeedback(app.database.db, payload, user);
    let result: FeedbackResult | null = null;
    // Advanced feedback is Plus (spec 000 §6): others get the score, band and top two tips.
    const tier = viewerOf(user).official ? 'plus' : 'free';
    const input = answerInput(payload, question, test);
    // The kept recording, heard for tones, pauses and pace (the examiner's voice measures).
    const voice = await voiceOfAnswer(
      { db: app.database.db, config: app.config, log: req.log },
      user?.id,
      payload.audio_id,
      input,
    );
    for await (const event of app.feedbackEngine.review(
      voice ? { ...input, voice } : input,
      payload.language,
      tier,
    )) {
      if (gone) return;
      if (event.type === 'chunk') send(event.text);
      else if (event.type === 'notice') send(`${event.text}\n\n`);
      else result = event;
    }
    if (gone) return;
    if (!result) throw new Error('the feedback engine ended without a result');
    send(FEEDBACK_DONE);
    const [saved] = await app.database.db
      .insert(feedbackRecords)
      .values({
        userId: user?.id ?? null,
        questionId: question.id,
        levelId: question.levelId,
        partId: question.part,
        isFullTest: payload.is_full_test,
        userAnswers: payload.user_answers,
        origAnswers: payload.orig_answers,
        completedTime: payload.completed_time ?? null,
        language: payload.language,
        engine: result.measures.engine,
        score: result.score,
        feedback: result.feedback_text,
        feedbackHtml: result.feedback_html,
        // The structured review is kept as the reader saw it; the results route gates it again (core reviewAccess).
        measures: { ...result.measures, review: result.review },
      })
      .returning({ id: feedbackRecords.id });
    if (!saved) throw new Error('feedback record insert returned nothing');
    send(
      JSON.stringify({
        id: saved.id,
        score: result.score,
        feedback: result.feedback_text,
        feedback_html: result.feedback_html,
        locked: result.measures.locked === true,
        review: result.review,
      }),
    );
    // What went wrong in this answer waits in the learner's review (decision 018).
    if (user) {
      const examined = voice ? { ...input, voice } : input;
      await cardsFromFeedback(
        app.database.db,
        user.id,
        question.id,
        examined,
        result.measures.weakest,
        req.log,
      );
    }
    app.log.info(
      {
        reqId: req.id,
        question: question.id,
        user: user?.id ?? null,
        score: result.score,
        engine: result.measures.engine,
        ms: Math.round(performance.now() - started),
      },
      'feedback saved',
    );
    release();
    close(FEEDBACK_WS_CODE.ok);
  };

  run().catch((err: unknown) => {
    const failure =
      err instanceof FeedbackError ? err : new FeedbackError('feedback_failed', FEEDBACK_WS_CODE.failed);
    if (!(err instanceof FeedbackError)) req.log.error({ err }, 'feedback failed');
    release();
    send(failure.frame());
    close(failure.wsCode);
  });
}
