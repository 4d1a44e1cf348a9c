import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SYLLABUS_UNSPECIFIED,
  levelLabel,
  vocabularyChangesQuery,
  vocabularyChangesSchema,
  vocabularyCharactersQuery,
  vocabularyCharactersSchema,
  vocabularyLevelsQuery,
  vocabularyLevelsSchema,
  vocabularyListSchema,
  vocabularyQuery,
} from '@kouyu/core';
import { VocabularyIndex } from '../../../study/vocabulary.js';
import { ResponseCache, SELF_COMPRESSED } from '../../../plugins/content-response.js';

/**
 * HSK vocabulary by syllabus and level with search (spec 000 §1). Public: guests browse too. Without
 * `syllabus` every call answers for HSK 2.0, as before the syllabus existed.
 */
export const vocabularyRoutes: FastifyPluginAsyncZod = async (app) => {
  const index = new VocabularyIndex(app.database.db);
  // The same for everyone: answers kept serialised by query (see ResponseCache).
  const cache = new ResponseCache();

  app.get(
    '/',
    { ...SELF_COMPRESSED, schema: { querystring: vocabularyQuery, response: { 200: vocabularyListSchema } } },
    (req, reply) =>
      cache.send(
        req,
        reply,
        JSON.stringify(req.query),
        vocabularyListSchema,
        async () => ({ value: { success: true as const, ...(await index.list(req.query)) }, cache: true }),
        { shared: true },
      ),
  );

  app.get(
    '/levels',
    { schema: { querystring: vocabularyLevelsQuery, response: { 200: vocabularyLevelsSchema } } },
    async (req, reply) => {
      const data = await index.levels(req.query.syllabus);
      // Counts change only when new content is seeded (at a restart).
      reply.header('Cache-Control', 'public, max-age=300');
      const total = data.reduce((sum, l) => sum + l.count, 0);
      return req.query.syllabus
        ? { success: true as const, data, total, syllabus: req.query.syllabus }
        : { success: true as const, data, total };
    },
  );

  app.get(
    '/changes',
    { schema: { querystring: vocabularyChangesQuery, response: { 200: vocabularyChangesSchema } } },
    async (req, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { success: true as const, data: await index.changes(req.query.level, req.query.language) };
    },
  );

  app.get(
    '/characters',
    { schema: { querystring: vocabularyCharactersQuery, response: { 200: vocabularyCharactersSchema } } },
    async (req, reply) => {
      const syllabus = req.query.syllabus ?? SYLLABUS_UNSPECIFIED;
      const { level } = req.query;
      reply.header('Cache-Control', 'public, max-age=300');
      return {
        success: true as const,
        data: {
          syllabus,
          level,
          label: levelLabel(syllabus, level),
          characters: await index.characters(syllabus, level),
        },
      };
    },
  );
};
