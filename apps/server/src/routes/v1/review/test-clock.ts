import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../../lib/errors.js';
import { clockOffset, now, setClockOffset } from '../../../lib/clock.js';

/** Ten years either way is more than any study-path test needs. */
const OFFSET_MAX_S = 10 * 366 * 24 * 3600;

const clockBody = z.object({ offset_s: z.number().int().min(-OFFSET_MAX_S).max(OFFSET_MAX_S) });
const clockResponse = z.object({ success: z.literal(true), offset_s: z.number(), now: z.string() });

/**
 * `POST /test/clock {offset_s}`: moves the server's `now()` so the e2e can reach tomorrow's review. It only
 * answers when `TEST_CLOCK=true` (never in production, config refuses that); otherwise it is a 404 like an
 * unknown route, so a deployment shows nothing of it.
 */
export const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/clock',
    {
      // before the body is validated, so a switched-off clock answers 404 whatever is sent
      onRequest: async () => {
        if (!app.config.TEST_CLOCK) throw errors.notFound('route_not_found');
      },
      schema: { body: clockBody, response: { 200: clockResponse } },
    },
    async (req) => {
      setClockOffset(req.body.offset_s);
      return { success: true as const, offset_s: clockOffset(), now: now().toISOString() };
    },
  );
};
