import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { progressQuerySchema, progressResponseSchema } from '@kouyu/core';
import { now } from '../../../lib/clock.js';
import { progressOf, progressWindow } from '../../../progress/series.js';
import { readSettings } from '../../../today/settings.js';
import { signedInUser } from '../../../plugins/auth.js';

/** The signed-in learner's progress over time (decision 029): scores per HSKK part and HSK skill, tones, words. */
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
      const user = signedInUser(req);
      // Days as today's plan counts them: the saved time zone, else the browser's, else UTC.
      const { timezone } = await readSettings(db, user, req.query.tz);
      return progressOf(db, user.id, progressWindow(now(), req.query.days, timezone));
    },
  );
};
