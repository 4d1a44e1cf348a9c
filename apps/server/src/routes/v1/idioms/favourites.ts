import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { favouriteSchema, favouritesSchema, idiomParams, languageQuery, userIdiomBody } from '@kouyu/core';
import { errors } from '../../../lib/errors.js';
import { userIdioms } from '../../../db/schema.js';
import { toIdiom } from '../../../study/idioms.js';
import type { IdiomIndex } from '../../../study/idioms.js';
import { signedInUser } from '../../../plugins/auth.js';

/** A user keeps at most this many favourites listed (far more than the curated set). */
const FAVOURITES_LISTED = 1000;

/**
 * Favourite idioms of the signed-in user. A favourite is named by its idiom: POST is idempotent
 * and `DELETE /user-idioms/{idiom_id}` removes it.
 */
export const favouriteRoutes =
  (index: IdiomIndex): FastifyPluginAsyncZod =>
  async (app) => {
    const db = app.database.db;
    app.addHook('onRequest', app.requireUser);
    const known = async (id: number) => (await index.content()).byId.has(id);

    app.get(
      '/user-idioms',
      { schema: { querystring: languageQuery, response: { 200: favouritesSchema } } },
      async (req) => {
        const user = signedInUser(req);
        const [rows, content] = await Promise.all([
          db
            .select({ idiomId: userIdioms.idiomId, createdAt: userIdioms.createdAt })
            .from(userIdioms)
            .where(eq(userIdioms.userId, user.id))
            .orderBy(desc(userIdioms.createdAt), desc(userIdioms.id))
            .limit(FAVOURITES_LISTED),
          index.content(),
        ]);
        return {
          success: true as const,
          data: rows.flatMap((r) => {
            const entry = content.byId.get(r.idiomId);
            return entry
              ? [
                  {
                    idiom_id: r.idiomId,
                    created_at: r.createdAt.toISOString(),
                    idiom: toIdiom(entry, req.query.language, true),
                  },
                ]
              : [];
          }),
        };
      },
    );

    app.post(
      '/user-idioms',
      {
        config: { rateLimit: { max: 120, timeWindow: 60_000 } },
        schema: { body: userIdiomBody, response: { 200: favouriteSchema, 201: favouriteSchema } },
      },
      async (req, reply) => {
        const user = signedInUser(req);
        const idiomId = req.body.idiom_id;
        if (!(await known(idiomId))) throw errors.notFound();
        const added = await db
          .insert(userIdioms)
          .values({ userId: user.id, idiomId })
          .onConflictDoNothing()
          .returning({ id: userIdioms.id });
        return reply
          .code(added.length > 0 ? 201 : 200)
          .send({ success: true as const, data: { idiom_id: idiomId, favourite: true } });
      },
    );

    app.delete(
      '/user-idioms/:id',
      {
        config: { rateLimit: { max: 120, timeWindow: 60_000 } },
        schema: { params: idiomParams, response: { 200: favouriteSchema } },
      },
      async (req) => {
        const user = signedInUser(req);
        const idiomId = req.params.id;
        if (!(await known(idiomId))) throw errors.notFound();
        await db
          .delete(userIdioms)
          .where(and(eq(userIdioms.userId, user.id), eq(userIdioms.idiomId, idiomId)));
        return { success: true as const, data: { idiom_id: idiomId, favourite: false } };
      },
    );
  };
