import type { FastifyPluginAsync } from 'fastify';
import { applyProviderEvent } from '../../../membership/payments.js';
import { AppError, errors } from '../../../lib/errors.js';

/**
 * Provider webhooks. The body is kept raw: the signature is computed over the exact bytes sent, so
 * JSON parsing happens only after the provider's SDK has verified it.
 */
export const paymentsRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post('/stripe/webhook', { config: { rateLimit: { max: 600, timeWindow: 60_000 } } }, async (req) => {
    if (app.payments.id !== 'stripe' || app.payments.unavailable()) throw new AppError(503, 'payments_unavailable');
    if (!Buffer.isBuffer(req.body)) throw errors.badRequest('webhook_signature_invalid');
    const event = app.payments.readEvent(req.body, req.headers);
    const outcome = await applyProviderEvent(
      { db: app.database.db, mailer: app.mailer, log: req.log },
      app.payments.id,
      event,
    );
    req.log.info({ event: event.eventId, kind: event.kind, outcome }, 'payment event');
    return { received: true, outcome };
  });
};
