import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reviewAddCardBodySchema,
  reviewAnswerBodySchema,
  reviewCardResponseSchema,
  reviewDueQuerySchema,
  reviewDueResponseSchema,
  reviewStatsResponseSchema,
  reviewSyncBodySchema,
  reviewSyncResponseSchema,
} from '@kouyu/core';
import { errors } from '../../../lib/errors.js';
import { now } from '../../../lib/clock.js';
import {
  addCards,
  deleteCard,
  dueCards,
  findCardByHanzi,
  reviewStats,
  toReviewCard,
} from '../../../review/cards.js';
import { idempotencyKey } from '../../../plugins/idempotency.js';
import { applyAnswer, syncAnswers } from '../../../review/answers.js';
import { manualCard } from '../../../review/from-mistakes.js';
import { signedInUser } from '../../../plugins/auth.js';

const cardParams = z.object({ card_id: z.uuid() });
const idParams = z.object({ id: z.uuid() });
const ANSWER_RATE = { max: 600, timeWindow: 60_000 };

/**
 * Review of the learner's own mistakes (decision 018), signed-in only and per user: another user's card is a
 * 404 like a card that does not exist. Time comes from lib/clock, so the e2e can move a day forward.
 */
/** Repeats of one answer without a client id inside this window count once. */
const REPEAT_WINDOW_MS = 10 * 60_000;

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/due',
    { schema: { querystring: reviewDueQuerySchema, response: { 200: reviewDueResponseSchema } } },
    async (req) => {
      const user = signedInUser(req);
      const { rows, count } = await dueCards(db, user.id, now(), req.query.limit);
      return { success: true as const, cards: rows.map(toReviewCard), due_count: count };
    },
  );

  app.get('/stats', { schema: { response: { 200: reviewStatsResponseSchema } } }, async (req) => {
    const user = signedInUser(req);
    return { success: true as const, ...(await reviewStats(db, user.id, now())) };
  });

  app.post(
    '/sync',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: { body: reviewSyncBodySchema, response: { 200: reviewSyncResponseSchema } },
    },
    async (req) => {
      const user = signedInUser(req);
      const answers = req.body.answers.map((a) => ({
        cardId: a.card_id,
        rating: a.rating,
        answeredAt: new Date(a.answered_at),
        clientId: a.client_id,
        mode: a.mode,
      }));
      const cards = await syncAnswers(db, user.id, answers, now());
      return { success: true as const, cards: cards.map(toReviewCard) };
    },
  );

  app.post(
    '/cards',
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        body: reviewAddCardBodySchema,
        response: { 200: reviewCardResponseSchema, 201: reviewCardResponseSchema },
      },
    },
    async (req, reply) => {
      const user = signedInUser(req);
      const draft = await manualCard(db, user.id, req.body);
      const [added] = await addCards(db, user.id, [draft], now());
      if (added) return reply.code(201).send({ success: true as const, card: toReviewCard(added) });
      const existing = await findCardByHanzi(db, user.id, draft.kind, draft.hanzi);
      if (!existing) throw new Error('review card neither added nor found');
      return { success: true as const, card: toReviewCard(existing) };
    },
  );

  app.delete(
    '/cards/:id',
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { params: idParams, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (req) => {
      const user = signedInUser(req);
      if (!(await deleteCard(db, user.id, req.params.id))) throw errors.notFound();
      return { success: true as const };
    },
  );

  app.post(
    '/:card_id/answer',
    {
      config: { rateLimit: ANSWER_RATE },
      schema: {
        params: cardParams,
        body: reviewAnswerBodySchema,
        response: { 200: reviewCardResponseSchema },
      },
    },
    async (req) => {
      const user = signedInUser(req);
      const at = now();
      const card = await applyAnswer(
        db,
        user.id,
        {
          cardId: req.params.card_id,
          rating: req.body.rating,
          answeredAt: req.body.answered_at ? new Date(req.body.answered_at) : at,
          // Without the client's own id, the same answer to the same card within a few minutes (a
          // double tap, a retried request) is one answer.
          clientId:
            req.body.client_id ??
            idempotencyKey(req, 'review', user.id, {
              card: req.params.card_id,
              rating: req.body.rating,
              mode: req.body.mode ?? null,
              window: Math.floor(at.getTime() / REPEAT_WINDOW_MS),
            }),
          mode: req.body.mode,
        },
        at,
      );
      if (!card) throw errors.notFound();
      return { success: true as const, card: toReviewCard(card) };
    },
  );
};
