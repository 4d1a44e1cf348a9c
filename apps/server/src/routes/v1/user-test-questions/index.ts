import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  feedbackPayloadSchema,
  pickLanguage,
  prepareWsSchema,
  resultDetailSchema,
  resultsListSchema,
  resultsQuery,
  reviewAccess,
  submitResultBody,
  submitResultSchema,
} from '@kouyu/core';
import { errors } from '../../../lib/errors.js';
import { callerOfToken, signedInUser } from '../../../plugins/auth.js';
import { prepareSession } from '../../../speaking/feedback-session.js';
import { serveFeedbackSocket } from '../../../speaking/feedback-socket.js';
import { findResult, listResults, submitResult } from '../../../speaking/results.js';
import { ResultPages } from '../../../speaking/results-cache.js';
import { viewerOf } from '../../../speaking/catalogue.js';
import { SocketLimiter } from '../../../speaking/socket-limiter.js';
import { learnerRouteLimit, scaledRouteLimit } from '../../../plugins/route-limit.js';
import { sendJsonText } from '../../../plugins/content-response.js';
import { idempotencyKey, once } from '../../../plugins/idempotency.js';
import { payInvitationBonus } from '../../../accounts/invitation.js';

/** Submitted results, and AI feedback: prepare-ws and the feedback socket (spec 001 §7, spec 000 §7). */
export const userTestQuestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const limiter = new SocketLimiter(app.config.FEEDBACK_MAX_SOCKETS_PER_IP);
  // Learners' result pages, kept per learner on the embedded database only (see ResultPages).
  const pages = app.database.driver === 'pglite' ? new ResultPages() : null;
  if (pages) app.addHook('onClose', async () => pages.close());

  // Guests may ask for feedback on the try test; the socket checks who may see which question.
  app.post(
    '/prepare-ws',
    {
      onRequest: app.optionalUser,
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { body: feedbackPayloadSchema, response: { 200: prepareWsSchema } },
    },
    async (req) => {
      const user =
        req.user ?? (await callerOfToken(app, req.body.token, () => errors.unauthorized('token_expired')));
      const sessionId = await prepareSession(app.kv, req.body, user?.id ?? null);
      return { success: true as const, session_id: sessionId, message: 'Feedback session prepared' };
    },
  );

  app.get(
    '/ws',
    {
      websocket: true,
      // The query may carry the access token: keep the request lines (with their URL) out of info logs.
      logLevel: 'warn',
      config: { rateLimit: { max: scaledRouteLimit(app.config, 120), timeWindow: 60_000 } },
    },
    (socket, req) => serveFeedbackSocket(socket, req, { app, limiter }),
  );

  app.post(
    '/',
    {
      onRequest: app.requireUser,
      config: { rateLimit: learnerRouteLimit(app.config, 30) },
      schema: { body: submitResultBody, response: { 201: submitResultSchema } },
    },
    async (req, reply) => {
      const user = signedInUser(req);
      // A run sent again (a double tap, the offline queue replaying it) is stored once.
      const key = idempotencyKey(req, 'result', user.id, req.body);
      const kept = await once(app.kv, key, () => submitResult(db, user, req.body));
      // A saved test is the real step an invitation bonus waits for (paid once, at the first).
      if (!kept.replay) await payInvitationBonus({ db, kv: app.kv, log: req.log }, user, req.ip);
      if (kept.replay) reply.header('idempotent-replay', 'true');
      return reply.code(201).send({ success: true as const, data: kept.body });
    },
  );

  app.get(
    '/',
    {
      onRequest: app.requireUser,
      schema: { querystring: resultsQuery, response: { 200: resultsListSchema } },
    },
    async (req, reply) => {
      const user = signedInUser(req);
      const lang = req.query.language ?? pickLanguage(user.language);
      const read = async () => ({
        success: true as const,
        ...(await listResults(db, user.id, req.query, lang, user)),
      });
      if (!pages) return read();
      const { page, page_size, sort, filter } = req.query;
      // Everything the page depends on besides the learner's rows: what they may see, the query, the language.
      const key = `${reviewAccess(viewerOf(user))}|${page}|${page_size}|${sort}|${filter}|${lang}`;
      let text = pages.get(user.id, key);
      if (text === undefined) {
        const stamp = pages.stamp();
        // Validated and serialised as the route's serializer does, once per kept page.
        text = { body: JSON.stringify(resultsListSchema.parse(await read())) };
        pages.set(user.id, key, text, stamp);
      }
      const kept = text;
      // Text already validated: sent as is, gzipped once per page (the global compression sees it
      // encoded already), and replayed while the page is kept.
      return sendJsonText(req, reply as FastifyReply, kept, () => pages.holds(user.id, key, kept));
    },
  );

  app.get(
    '/:id',
    {
      onRequest: app.requireUser,
      schema: {
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        querystring: resultsQuery.pick({ language: true }),
        response: { 200: resultDetailSchema },
      },
    },
    async (req) => {
      const user = signedInUser(req);
      const item = await findResult(
        db,
        user.id,
        req.params.id,
        req.query.language ?? pickLanguage(user.language),
      );
      if (!item) throw errors.notFound();
      return { success: true as const, data: item };
    },
  );
};
