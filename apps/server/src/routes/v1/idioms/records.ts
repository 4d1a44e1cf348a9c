import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idiomRecordsQuery,
  idiomRecordsSchema,
  idiomSummarySchema,
  practiceAnswerBody,
  practiceResultSchema,
  summaryQuery,
} from '@kouyu/core';
import { judgeAnswer } from '../../../study/practice.js';
import type { IdiomIndex } from '../../../study/idioms.js';
import { listRecords, saveRecord, summarise } from '../../../study/records.js';
import { cardFromIdiomAnswer } from '../../../review/from-mistakes.js';
import { signedInUser } from '../../../plugins/auth.js';

/**
 * Practice records of the signed-in user. An attempt is posted as the question's token and the
 * chosen option; the server judges it, so a client cannot claim a right answer.
 */
export const recordRoutes =
  (index: IdiomIndex): FastifyPluginAsyncZod =>
  async (app) => {
    const db = app.database.db;
    app.addHook('onRequest', app.requireUser);

    app.post(
      '/idiom-records',
      {
        config: { rateLimit: { max: 120, timeWindow: 60_000 } },
        schema: { body: practiceAnswerBody, response: { 201: practiceResultSchema } },
      },
      async (req, reply) => {
        const user = signedInUser(req);
        const v = await judgeAnswer({ index, kv: app.kv, secret: app.config.jwtSecret }, req.body, user.id);
        const record = await saveRecord(db, user.id, {
          idiomId: v.idiomId,
          mode: v.mode,
          correct: v.correct,
          answer: v.answer,
        });
        // An idiom answered wrong waits in the learner's review (decision 018).
        if (!v.correct) await cardFromIdiomAnswer(db, user.id, v.idiomId, v.idiom.chengyu, req.log);
        return reply.code(201).send({
          success: true as const,
          data: {
            correct: v.correct,
            correct_choice: v.correctChoice,
            answer: v.answer,
            correct_answer: v.correctAnswer,
            idiom: v.idiom,
            record,
          },
        });
      },
    );

    app.get(
      '/idiom-records',
      { schema: { querystring: idiomRecordsQuery, response: { 200: idiomRecordsSchema } } },
      async (req) => ({
        success: true as const,
        ...(await listRecords(db, signedInUser(req).id, req.query.page, req.query.page_size)),
      }),
    );

    app.get(
      '/idiom-records/summary',
      { schema: { querystring: summaryQuery, response: { 200: idiomSummarySchema } } },
      async (req) => ({
        success: true as const,
        data: await summarise(db, signedInUser(req).id, req.query.tz_offset),
      }),
    );
  };
