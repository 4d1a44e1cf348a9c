import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isKnownTimeZone, progressQuerySchema, progressResponseSchema } from '@kouyu/core';
import { errors } from '../../../lib/errors.js';
import { now } from '../../../lib/clock.js';
import { progressOf, progressWindow } from '../../../progress/series.js';

/** The signed-in learner's progress over time (issue 19): scores per HSKK part and HSK skill, tones, words. */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: { querystring: progressQuerySchema, response: { 200: progressResponseSchema } },
    },
    async (req) => {
      if (!req.user) throw errors.unauthorized();
      const tz = req.query.tz ?? 'UTC';
      if (!isKnownTimeZone(tz)) {
        throw errors.badRequest('validation_failed', { fields: [{ field: 'tz', code: 'invalid' }] });
      }
      return progressOf(db, req.user.id, progressWindow(now(), req.query.days, tz));
    },
  );
};
