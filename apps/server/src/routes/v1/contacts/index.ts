import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { contactBodySchema, contactCreatedSchema, errorMessage } from '@kouyu/core';
import { AppError, errors } from '../../../lib/errors.js';
import type { UserRow } from '../../../accounts/users.js';
import { adminContactRoutes } from './admin.js';
import { insertContact } from './contacts-store.js';

/** The signed-in user of a request, or a 401 `login_required` (spec 000 §5: feedback requires login). */
function sender(req: FastifyRequest): UserRow {
  if (!req.user) throw new AppError(401, 'login_required');
  return req.user;
}

/**
 * The contact form (`POST /contacts`, signed-in users, one message per cooldown) and the admin's
 * handling of the messages under `/admin/contacts`.
 */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const cooldownMs = app.config.CONTACT_COOLDOWN_S * 1000;

  /**
   * Starts the user's cooldown, or refuses with 429 while one runs. The counter is atomic, so two
   * messages sent at once cannot both pass.
   */
  const claimSlot = async (userId: number): Promise<string | null> => {
    if (cooldownMs === 0) return null;
    const key = `contact-cooldown:${userId}`;
    if ((await app.kv.incr(key, cooldownMs)) === 1) return key;
    const seconds = Math.max(1, Math.ceil((await app.kv.ttl(key)) / 1000));
    throw errors.tooMany('feedback_cooldown', seconds, errorMessage('feedback_cooldown', { seconds }));
  };

  app.post(
    '/contacts',
    {
      onRequest: [app.optionalUser, async (req) => void sender(req)],
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: { body: contactBodySchema, response: { 201: contactCreatedSchema } },
    },
    async (req, reply) => {
      const user = sender(req);
      const slot = await claimSlot(user.id);
      try {
        const row = await insertContact(db, user.id, req.body);
        req.log.info({ user: user.id, contact: row.id, type: row.feedbackType }, 'contact message stored');
        return reply.code(201).send({
          success: true as const,
          data: {
            id: row.id,
            created_at: row.createdAt.toISOString(),
            cooldown: app.config.CONTACT_COOLDOWN_S,
          },
        });
      } catch (err) {
        // A message that was not stored must not cost the user a wait.
        if (slot) await app.kv.del(slot);
        throw err;
      }
    },
  );

  await app.register(adminContactRoutes, { prefix: '/admin/contacts' });
};
