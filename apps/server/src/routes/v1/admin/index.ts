import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminInvitationClustersSchema,
  adminMembershipBody,
  adminOutboxQuery,
  adminOutboxSchema,
  adminPointsBody,
  adminRoleBody,
  adminUserDetailSchema,
  adminUsersQuery,
  adminUsersSchema,
  paginate,
} from '@kouyu/core';
import { errors } from '../../../lib/errors.js';
import { invitationClusters, mailOutbox, pointsLedger, users } from '../../../db/schema.js';
import { findUserById, toStoredUser } from '../../../accounts/users.js';
import { recordAdminChange } from '../../../membership/ledger.js';
import { countResults, listResults } from '../../../speaking/results.js';
import { pickLanguage, resultCountSchema, resultsListSchema, resultsQuery } from '@kouyu/core';
import { forgetUser } from '../../../accounts/user-cache.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Admin area: every route requires an admin (checked against the database on each request). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/outbox',
    {
      schema: {
        querystring: adminOutboxQuery,
        response: { 200: adminOutboxSchema },
      },
    },
    async (req) => {
      const { email, limit } = req.query;
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(email ? eq(mailOutbox.to, email.toLowerCase()) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
      return {
        success: true as const,
        data: rows
          .map((r) => ({ ...r, created_at: r.createdAt.toISOString() }))
          .map(({ createdAt: _c, ...rest }) => rest),
      };
    },
  );

  // Inviters whose invitees finished from one address (accounts/invitation.ts), newest first.
  app.get(
    '/invitation-clusters',
    { schema: { response: { 200: adminInvitationClustersSchema } } },
    async () => {
      const rows = await db
        .select({
          inviterId: invitationClusters.inviterId,
          email: users.email,
          month: invitationClusters.month,
          address: invitationClusters.address,
          invitees: invitationClusters.invitees,
          updatedAt: invitationClusters.updatedAt,
        })
        .from(invitationClusters)
        .innerJoin(users, eq(users.id, invitationClusters.inviterId))
        .orderBy(desc(invitationClusters.updatedAt))
        .limit(100);
      return {
        success: true as const,
        data: rows.map((r) => ({
          inviter_id: r.inviterId,
          inviter_email: r.email,
          month: r.month.toISOString().slice(0, 10),
          address: r.address,
          invitees: r.invitees,
          updated_at: r.updatedAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/users',
    {
      schema: {
        querystring: adminUsersQuery,
        response: { 200: adminUsersSchema },
      },
    },
    async (req) => {
      const { search, page, page_size } = req.query;
      const where = search
        ? or(ilike(users.email, `%${search}%`), ilike(users.name, `%${search}%`))
        : undefined;
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where);
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.id))
        .limit(page_size)
        .offset((page - 1) * page_size);
      const data = await Promise.all(
        rows.map(async (r) => {
          const s = await toStoredUser(db, r);
          return { ...s.user, payment_expiration: s.payment_expiration };
        }),
      );
      return { success: true as const, data, pagination: paginate(page, page_size, Number(count?.n ?? 0)) };
    },
  );

  /** One user with the Plus expiry, for the admin's user page. */
  app.get(
    '/users/:id',
    {
      schema: { params: idParams, response: { 200: adminUserDetailSchema } },
    },
    async (req) => {
      const user = await findUserById(db, req.params.id);
      if (!user) throw errors.notFound();
      return { success: true as const, ...(await toStoredUser(db, user)) };
    },
  );

  /** Grants, extends or ends Plus: `expires_at` in the future makes the user official until then; null ends it. */
  app.put(
    '/users/:id/membership',
    {
      schema: {
        params: idParams,
        body: adminMembershipBody,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (req) => {
      const user = await findUserById(db, req.params.id);
      if (!user) throw errors.notFound();
      const expires = req.body.expires_at ? new Date(req.body.expires_at) : null;
      const [row] = await db
        .update(users)
        .set({ isOfficial: expires !== null, paymentExpiration: expires, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      forgetUser(user.id);
      if (!row) throw errors.notFound();
      // The membership ledger explains every expiry, an admin's hand included (decision 014).
      await recordAdminChange(db, {
        userId: user.id,
        adminId: req.user?.id ?? null,
        before: user.paymentExpiration,
        after: expires,
      });
      req.log.info({ admin: req.user?.id, user: user.id, expires }, 'membership changed');
      return { success: true as const, ...(await toStoredUser(db, row)) };
    },
  );

  /** Adds or removes points with a reason, recorded in the ledger. */
  app.post(
    '/users/:id/points',
    {
      schema: {
        params: idParams,
        body: adminPointsBody,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (req) => {
      const user = await findUserById(db, req.params.id);
      if (!user) throw errors.notFound();
      await db.insert(pointsLedger).values({
        userId: user.id,
        delta: req.body.delta,
        reason: 'admin_adjustment',
        ref: req.body.note || `admin:${req.user?.id}`,
      });
      return { success: true as const, ...(await toStoredUser(db, user)) };
    },
  );

  app.put(
    '/users/:id/role',
    {
      schema: {
        params: idParams,
        body: adminRoleBody,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (req) => {
      if (req.params.id === req.user?.id && !req.body.admin) throw errors.badRequest('forbidden');
      const [row] = await db
        .update(users)
        .set({ userLevel: req.body.admin ? 'admin' : 'basic', updatedAt: new Date() })
        .where(and(eq(users.id, req.params.id)))
        .returning();
      forgetUser(req.params.id);
      if (!row) throw errors.notFound();
      return { success: true as const, ...(await toStoredUser(db, row)) };
    },
  );

  /** How many runs a user stored, for the per-user results view. */
  app.get(
    '/users/:id/test-results/count',
    {
      schema: {
        params: idParams,
        response: { 200: resultCountSchema },
      },
    },
    async (req) => {
      const user = await findUserById(db, req.params.id);
      if (!user) throw errors.notFound();
      return { success: true as const, data: await countResults(db, user.id) };
    },
  );

  /** A user's results, paged, sorted and filtered like the user's own list (test names in the admin's language). */
  app.get(
    '/users/:id/test-results',
    {
      schema: {
        params: idParams,
        querystring: resultsQuery,
        response: { 200: resultsListSchema },
      },
    },
    async (req) => {
      const user = await findUserById(db, req.params.id);
      if (!user) throw errors.notFound();
      const lang = req.query.language ?? pickLanguage(req.user?.language);
      // An admin reads a learner's questions and answers whatever the learner's membership.
      return { success: true as const, ...(await listResults(db, user.id, req.query, lang, user, 'full')) };
    },
  );
};
