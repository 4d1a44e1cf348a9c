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
  app.addHook('onRequest', app.optionalUser);

  app.get(
    '/level/:level',
    {
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
    async (req) => {
      const viewer = viewerOf(req.user);
      const { page, limit } = req.query;
      const list = await listTests(db, req.params.level, viewer, {
        page,
        limit,
        lang: languageFor(req.query.language, req.user),
      });
      return {
        success: true as const,
        ...list,
        user_is_official: viewer.official,
        guest_access: !viewer.signedIn,
      };
    },
  );

  app.get(
    '/:testId',
    {
      schema: {
        params: z.object({ testId: testIdParam }),
        querystring: languageQuery,
        response: { 200: testDetailSchema },
      },
    },
    async (req) => {
      const test = await findTest(db, req.params.testId);
      if (!test) throw errors.notFound('test_not_found');
      const viewer = viewerOf(req.user);
      const lang = languageFor(req.query.language, req.user);
      return {
        success: true as const,
        data: {
          test: toListItem(test, lang, viewer),
          user_is_official: viewer.official,
          parts: await testParts(db, test.id, lang),
        },
      };
    },
  );

  app.get(
    '/:testId/parts/:part/questions',
    {
      // A cold part synthesises its audio: stricter than the global limit.
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        params: z.object({ testId: testIdParam, part: z.coerce.number().pipe(z.literal([1, 2, 3])) }),
        querystring: languageQuery,
        response: { 200: questionsSchema },
      },
    },
    async (req) => {
      const test = await findTest(db, req.params.testId);
      if (!test) throw errors.notFound('test_not_found');
      const viewer = viewerOf(req.user);
      const { part } = req.params;
      assertCanOpen(test, { full: false, part }, viewer);
      const lang = languageFor(req.query.language, req.user);
      const { instructions, questions } = await partQuestions(db, tts, req.log, {
        testId: test.id,
        part,
        lang,
        viewer,
      });
      if (questions.length === 0) throw errors.notFound('test_not_found');
      return {
        success: true as const,
        data: { test: toListItem(test, lang, viewer), part, instructions, questions },
      };
    },
  );
};
