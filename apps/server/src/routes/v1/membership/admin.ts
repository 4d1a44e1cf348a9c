import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPaymentsQuery,
  adminPaymentsSchema,
  membershipHistorySchema,
  redeemBatchBody,
  redeemBatchCreatedSchema,
  redeemBatchDetailSchema,
  redeemBatchesSchema,
  revokedSchema,
} from '@kouyu/core';
import { membershipChanges } from '../../../db/schema.js';
import { batchCsv, batchDetail, createBatch, listBatches, revokeCodes } from '../../../membership/codes.js';
import { listPayments } from '../../../membership/payments.js';
import { majorUnits } from '../../../membership/plans.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const revokeBody = z
  .object({ code_ids: z.array(z.number().int().positive()).max(1000).optional() })
  .default({});

/** The admin's side of Plus: redeem-code batches, payments, and a user's membership history. */
export const membershipAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.requireAdmin);

  app.post(
    '/redeem-codes',
    { schema: { body: redeemBatchBody, response: { 201: redeemBatchCreatedSchema } } },
    async (req, reply) => {
      const { days, count, expires_at, note } = req.body;
      const created = await createBatch(db, {
        days,
        count,
        expiresAt: expires_at ? new Date(expires_at) : null,
        note: note || null,
        createdBy: req.user?.id ?? null,
      });
      req.log.info({ admin: req.user?.id, batch: created.batch.id, count, days }, 'redeem codes created');
      return reply.code(201).send({ success: true as const, ...created });
    },
  );

  app.get('/redeem-codes', { schema: { response: { 200: redeemBatchesSchema } } }, async () => ({
    success: true as const,
    data: await listBatches(db),
  }));

  app.get(
    '/redeem-codes/:id',
    { schema: { params: idParams, response: { 200: redeemBatchDetailSchema } } },
    async (req) => ({
      success: true as const,
      ...(await batchDetail(db, req.params.id)),
    }),
  );

  app.get('/redeem-codes/:id/csv', { schema: { params: idParams } }, async (req, reply) =>
    reply
      .header('Content-Disposition', `attachment; filename="kouyu-plus-codes-${req.params.id}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(await batchCsv(db, req.params.id)),
  );

  /** Revokes the batch's unused codes, or only `code_ids` of them. */
  app.post(
    '/redeem-codes/:id/revoke',
    { schema: { params: idParams, body: revokeBody, response: { 200: revokedSchema } } },
    async (req) => {
      await batchDetail(db, req.params.id);
      const revoked = await revokeCodes(db, req.params.id, req.body.code_ids);
      req.log.info({ admin: req.user?.id, batch: req.params.id, revoked }, 'redeem codes revoked');
      return { success: true as const, revoked };
    },
  );

  app.get(
    '/payments',
    { schema: { querystring: adminPaymentsQuery, response: { 200: adminPaymentsSchema } } },
    async (req) => {
      const { page, page_size, user_id } = req.query;
      const { total, rows } = await listPayments(db, { page, pageSize: page_size, userId: user_id });
      return {
        success: true as const,
        total,
        data: rows.map(({ p, email }) => ({
          id: p.id,
          provider: p.provider,
          provider_ref: p.providerRef,
          user_id: p.userId,
          email,
          plan: p.plan,
          days: p.days,
          amount: majorUnits(p.amount, p.currency),
          amount_refunded: majorUnits(p.amountRefunded, p.currency),
          currency: p.currency,
          status: p.status,
          created_at: p.createdAt.toISOString(),
          paid_at: p.paidAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.get(
    '/users/:id/membership-history',
    { schema: { params: idParams, response: { 200: membershipHistorySchema } } },
    async (req) => {
      const rows = await db
        .select()
        .from(membershipChanges)
        .where(eq(membershipChanges.userId, req.params.id))
        .orderBy(desc(membershipChanges.id))
        .limit(200);
      return {
        success: true as const,
        data: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          days: r.days,
          previous_expiry: r.previousExpiry?.toISOString() ?? null,
          new_expiry: r.newExpiry?.toISOString() ?? null,
          ref: r.ref,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  );
};
