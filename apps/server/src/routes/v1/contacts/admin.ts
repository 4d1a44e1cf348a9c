import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminContactSchema,
  adminContactUpdateBody,
  adminContactsQuery,
  adminContactsSchema,
  contactStatsSchema,
} from '@kouyu/core';
import { errors } from '../../../lib/errors.js';
import { contactStats, listContacts, updateContact } from './contacts-store.js';

const ADMIN_RATE = { max: 120, timeWindow: 60_000 };
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Contact management (spec 000 §6): every route requires an admin, checked against the database. */
export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    {
      config: { rateLimit: ADMIN_RATE },
      schema: { querystring: adminContactsQuery, response: { 200: adminContactsSchema } },
    },
    async (req) => ({ success: true as const, ...(await listContacts(db, req.query)) }),
  );

  app.get(
    '/stats',
    { config: { rateLimit: ADMIN_RATE }, schema: { response: { 200: contactStatsSchema } } },
    async () => ({ success: true as const, data: await contactStats(db) }),
  );

  app.put(
    '/:id',
    {
      config: { rateLimit: ADMIN_RATE },
      schema: { params: idParams, body: adminContactUpdateBody, response: { 200: adminContactSchema } },
    },
    async (req) => {
      const item = await updateContact(db, req.params.id, req.body);
      if (!item) throw errors.notFound();
      req.log.info({ admin: req.user?.id, contact: item.id, status: item.status }, 'contact updated');
      return { success: true as const, data: item };
    },
  );
};
