import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LANGUAGES,
  TEST_LIST_PAGE_SIZE,
  pickLanguage,
  questionsSchema,
  testDetailSchema,
  testListSchema,
} from '@kouyu/core';
import type { Language } from '@kouyu/core';
import type { UserRow } from '../../../accounts/users.js';
import { errors } from '../../../lib/errors.js';
import { assertCanOpen } from '../../../speaking/access.js';
import {
  findTest,
  levelParamSchema,
  listTests,
  testParts,
  toListItem,
  viewerOf,
} from '../../../speaking/catalogue.js';
import { partQuestions } from '../../../speaking/questions.js';
import { ttsServiceFor } from '../../../speech/tts/service.js';
import { ResponseCache, SELF_COMPRESSED } from '../../../plugins/content-response.js';
import { scaledRouteLimit } from '../../../plugins/route-limit.js';

const languageQuery = z.object({ language: z.enum(LANGUAGES).optional() });
const testIdParam = z.coerce.number().int().positive().max(2_147_483_647);

/** The asked language, else the signed-in user's, else English. */
function languageFor(asked: Language | undefined, user: UserRow | null): Language {
  return asked ?? pickLanguage(user?.language);
}

/** HSKK test lists, a test's header and its questions by part (spec 001 §7); guests are welcome, access is checked per test. */
export const testsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tts = ttsServiceFor(app.config);
  // Seeded content: answers are kept serialised per viewer kind and language (see ResponseCache).
  const cache = new ResponseCache();
  app.addHook('onRequest', app.optionalUser);

  app.get(
    '/level/:level',
    {
      ...SELF_COMPRESSED,
      schema: {
        params: z.object({ level: levelParamSchema }),
        querystring: languageQuery.extend({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          limit: z.coerce.number().int().min(1).max(50).default(TEST_LIST_PAGE_SIZE),
          // A cache-buster some clients add; ignored.
          _t: z.string().optional(),
        }),
        response: { 200: testListSchema },
      },
    },
    (req, reply) => {
      const viewer = viewerOf(req.user);
      const { page, limit } = req.query;
      const lang = languageFor(req.query.language, req.user);
      const key = `list|${req.params.level}|${page}|${limit}|${lang}|${viewer.signedIn}|${viewer.official}`;
      return cache.send(
        req,
        reply,
        key,
        testListSchema,
        async () => ({
          value: {
            success: true as const,
            ...(await listTests(db, req.params.level, viewer, { page, limit, lang })),
            user_is_official: viewer.official,
            guest_access: !viewer.signedIn,
          },
          cache: true,
        }),
        { shared: !viewer.signedIn },
      );
    },
  );

  app.get(
    '/:testId',
    {
      ...SELF_COMPRESSED,
      schema: {
        params: z.object({ testId: testIdParam }),
        querystring: languageQuery,
        response: { 200: testDetailSchema },
      },
    },
    (req, reply) => {
      const viewer = viewerOf(req.user);
      const lang = languageFor(req.query.language, req.user);
      const key = `test|${req.params.testId}|${lang}|${viewer.signedIn}|${viewer.official}`;
      return cache.send(
        req,
        reply,
        key,
        testDetailSchema,
        async () => {
          const test = await findTest(db, req.params.testId);
          if (!test) throw errors.notFound('test_not_found');
          return {
            value: {
              success: true as const,
              data: {
                test: toListItem(test, lang, viewer),
                user_is_official: viewer.official,
                parts: await testParts(db, test.id, lang),
              },
            },
            cache: true,
          };
        },
        { shared: !viewer.signedIn },
      );
    },
  );

  app.get(
    '/:testId/parts/:part/questions',
    {
      ...SELF_COMPRESSED,
      // A cold part synthesises its audio: stricter than the global limit (and scaled with it).
      config: { rateLimit: { max: scaledRouteLimit(app.config, 120), timeWindow: 60_000 } },
      schema: {
        params: z.object({ testId: testIdParam, part: z.coerce.number().pipe(z.literal([1, 2, 3])) }),
        querystring: languageQuery,
        response: { 200: questionsSchema },
      },
    },
    (req, reply) => {
      const viewer = viewerOf(req.user);
      const { part } = req.params;
      const lang = languageFor(req.query.language, req.user);
      const key = `questions|${req.params.testId}|${part}|${lang}|${viewer.signedIn}|${viewer.official}`;
      return cache.send(
        req,
        reply,
        key,
        questionsSchema,
        async () => {
          const test = await findTest(db, req.params.testId);
          if (!test) throw errors.notFound('test_not_found');
          assertCanOpen(test, { full: false, part }, viewer);
          const { instructions, questions } = await partQuestions(db, tts, req.log, {
            testId: test.id,
            part,
            lang,
            viewer,
          });
          if (questions.length === 0) throw errors.notFound('test_not_found');
          return {
            value: {
              success: true as const,
              data: { test: toListItem(test, lang, viewer), part, instructions, questions },
            },
            // A question whose synthesis failed is asked again next time, not kept without audio.
            cache: questions.every((q) => q.audio_url !== null),
          };
        },
        { shared: false },
      );
    },
  );
};
