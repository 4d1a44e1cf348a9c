import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vocabularyLevelsSchema, vocabularyListSchema, vocabularyQuery } from '@kouyu/core';
import { VocabularyIndex } from '../../../study/vocabulary.js';
import { ResponseCache, SELF_COMPRESSED } from '../../../plugins/content-response.js';

/** HSK vocabulary by level with search (spec 000 §1). Public: guests browse too. */
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

  app.get('/levels', { schema: { response: { 200: vocabularyLevelsSchema } } }, async (_req, reply) => {
    const data = await index.levels();
    // Counts change only when new content is seeded (at a restart).
    reply.header('Cache-Control', 'public, max-age=300');
    return { success: true as const, data, total: data.reduce((sum, l) => sum + l.count, 0) };
  });
};
