import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoriesSchema,
  idiomListSchema,
  idiomOneSchema,
  idiomParams,
  idiomsQuery,
  languageQuery,
  practiceAnswerBody,
  practiceQuery,
  practiceQuestionSchema,
  practiceResultSchema,
} from '@kouyu/core';
import { errors } from '../../../lib/errors.js';
import { IdiomIndex } from '../../../study/idioms.js';
import { ResponseCache } from '../../../plugins/content-response.js';
import { judgeAnswer, makeQuestion } from '../../../study/practice.js';
import { favouriteRoutes } from './favourites.js';
import { recordRoutes } from './records.js';

/** Public: guests browse and practise; a signed-in user also sees which idioms are favourites. */
const publicRoutes =
  (index: IdiomIndex): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.optionalUser);
    // Guests' answers are the same for every guest: kept serialised by query (see ResponseCache).
    const cache = new ResponseCache();

    app.get(
      '/idioms',
      { schema: { querystring: idiomsQuery, response: { 200: idiomListSchema } } },
      async (req, reply) => {
        // A signed-in user's page marks their favourites: built fresh each time.
        if (req.user) return { success: true as const, ...(await index.list(req.query, req.user.id)) };
        return cache.send(
          req,
          reply,
          JSON.stringify(req.query),
          idiomListSchema,
          async () => ({
            value: { success: true as const, ...(await index.list(req.query, null)) },
            cache: true,
          }),
          { shared: true },
        );
      },
    );

    app.get(
      '/idioms/practice',
      {
        config: { rateLimit: { max: 120, timeWindow: 60_000 } },
        schema: { querystring: practiceQuery, response: { 200: practiceQuestionSchema } },
      },
      async (req, reply) => {
        const data = await makeQuestion(index, app.config.jwtSecret, req.query);
        if (!data) throw errors.notFound();
        reply.header('Cache-Control', 'no-store');
        return { success: true as const, data };
      },
    );

    // Guests' answers are judged the same way but not saved.
    app.post(
      '/idioms/practice/check',
      {
        config: { rateLimit: { max: 120, timeWindow: 60_000 } },
        schema: { body: practiceAnswerBody, response: { 200: practiceResultSchema } },
      },
      async (req) => {
        const v = await judgeAnswer(
          { index, kv: app.kv, secret: app.config.jwtSecret },
          req.body,
          req.user?.id ?? null,
        );
        return {
          success: true as const,
          data: {
            correct: v.correct,
            correct_choice: v.correctChoice,
            answer: v.answer,
            correct_answer: v.correctAnswer,
            idiom: v.idiom,
            record: null,
          },
        };
      },
    );

    app.get(
      '/idioms/:id',
      { schema: { params: idiomParams, querystring: languageQuery, response: { 200: idiomOneSchema } } },
      async (req) => {
        const data = await index.find(req.params.id, req.query.language, req.user?.id ?? null);
        if (!data) throw errors.notFound();
        return { success: true as const, data };
      },
    );

    app.get(
      '/categories',
      { schema: { querystring: languageQuery, response: { 200: categoriesSchema } } },
      async (req) => ({ success: true as const, data: await index.categories(req.query.language) }),
    );
  };

/** Idioms, categories, favourites and practice records (spec 000 §7). */
export const idiomsRoutes: FastifyPluginAsyncZod = async (app) => {
  // One in-memory copy of the idioms for the whole feature (see ContentCache).
  const index = new IdiomIndex(app.database.db);
  await app.register(publicRoutes(index));
  await app.register(favouriteRoutes(index));
  await app.register(recordRoutes(index));
};
