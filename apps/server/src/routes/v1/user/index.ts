import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  deleteAccountBody,
  meSchema,
  okSchema,
  pointsHistorySchema,
  pointsSchema,
  updateProfileBody,
} from '@kouyu/core';
import { errors } from '../../../lib/errors.js';
import { dictationSessions, pointsLedger, users } from '../../../db/schema.js';
import { eraseUserDataFirst, readUserData } from '../../../db/user-data.js';
import { answerAudioStore, removeUserAnswerAudio } from '../../../speech/voice/answer-audio.js';
import { createUploadStore } from '../../../dictation/upload-store.js';
import { checkPassword, hashPassword, pointsOf, toStoredUser } from '../../../accounts/users.js';
import { bearerClaims } from '../../../accounts/tokens.js';
import { endSessions } from '../../../accounts/session.js';
import { forgetAllUsers, forgetUser } from '../../../accounts/user-cache.js';
import { signedInUser } from '../../../plugins/auth.js';

/** The signed-in user's own account: points, profile, password, data export and deletion. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.requireUser);

  app.get('/points', { schema: { response: { 200: pointsSchema } } }, async (req) => ({
    success: true as const,
    data: { points: await pointsOf(db, signedInUser(req).id) },
  }));

  app.get('/points/history', { schema: { response: { 200: pointsHistorySchema } } }, async (req) => {
    const rows = await db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, signedInUser(req).id))
      .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
      .limit(200);
    return {
      success: true as const,
      data: rows.map((r) => ({
        id: r.id,
        delta: r.delta,
        reason: r.reason,
        created_at: r.createdAt.toISOString(),
      })),
    };
  });

  app.patch('/', { schema: { body: updateProfileBody, response: { 200: meSchema } } }, async (req) => {
    const user = signedInUser(req);
    const { name, language, settings, syllabus } = req.body;
    const [row] = await db
      .update(users)
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(language ? { language } : {}),
        ...(settings ? { settings } : {}),
        ...(syllabus ? { syllabus } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    forgetUser(user.id);
    if (!row) throw errors.unauthorized();
    return { success: true as const, ...(await toStoredUser(db, row)) };
  });

  app.post(
    '/password',
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: { body: changePasswordBody, response: { 200: okSchema } },
    },
    async (req) => {
      const user = signedInUser(req);
      if (!(await checkPassword(user.passwordHash, req.body.current_password)))
        throw errors.badRequest('wrong_password');
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(req.body.new_password), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      forgetUser(user.id);
      // Every other session ends; the one that changed the password goes on (decision 012). A token
      // from before sessions were named in it cannot say which one it is: then all end.
      const claims = await bearerClaims(app.config.jwtSecret, req.headers.authorization);
      await endSessions(app, user.id, claims?.familyId ? { allBut: claims.familyId } : { all: true });
      return { success: true as const, message: 'Password changed' };
    },
  );

  /** Right of access and portability: everything stored about the user (db/user-data.ts), as one JSON file. */
  app.get('/export', async (req, reply) => {
    const user = signedInUser(req);
    const [account, tables] = await Promise.all([toStoredUser(db, user), readUserData(db, user)]);
    const data = {
      exported_at: new Date().toISOString(),
      account: {
        ...account.user,
        created_at: user.createdAt.toISOString(),
        payment_expiration: account.payment_expiration,
      },
      ...tables,
    };
    return reply
      .header('Content-Disposition', `attachment; filename="kouyu-data-${user.id}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  /** Right to erasure: the account and everything hanging off it (cascades), after the password. */
  app.delete(
    '/',
    {
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: { body: deleteAccountBody, response: { 200: okSchema } },
    },
    async (req) => {
      const user = signedInUser(req);
      if (!(await checkPassword(user.passwordHash, req.body.password)))
        throw errors.badRequest('wrong_password');
      await endSessions(app, user.id, { all: true });
      // Handwriting photos live outside the database: remove them before the rows that name them.
      const photos = await db
        .select({ key: dictationSessions.imageKey })
        .from(dictationSessions)
        .where(eq(dictationSessions.userId, user.id));
      const uploads = createUploadStore(app.config);
      for (const { key } of photos) if (key) await uploads.remove(key);
      await removeUserAnswerAudio(db, answerAudioStore(app.config), user.id);
      await eraseUserDataFirst(db, user);
      await db.update(users).set({ invitedBy: null }).where(eq(users.invitedBy, user.id));
      await db.delete(users).where(eq(users.id, user.id));
      // Whom this account invited changed too (invitedBy): drop every cached row.
      forgetAllUsers();
      return { success: true as const, message: 'Account deleted' };
    },
  );
};
