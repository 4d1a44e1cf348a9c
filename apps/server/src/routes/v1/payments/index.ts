import type { FastifyPluginAsync } from 'fastify';
import { applyProviderEvent } from '../../../membership/payments.js';
import { AppError, errors } from '../../../lib/errors.js';

/** The id and type a webhook body names, for the log, when it names them. */
function eventLabel(body: Buffer): string {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (typeof value !== 'object' || value === null) return '(not an object)';
    const id = 'id' in value && typeof value.id === 'string' ? value.id.slice(0, 80) : '?';
    const type = 'type' in value && typeof value.type === 'string' ? value.type.slice(0, 80) : '?';
    return `${id} ${type}`;
  } catch {
    return '(not JSON)';
  }
}

/**
 * Provider webhooks. The body is kept raw: the signature is computed over the exact bytes sent, so
 * JSON parsing happens only after the provider's SDK has verified it.
 */
export const paymentsRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post('/stripe/webhook', { config: { rateLimit: { max: 600, timeWindow: 60_000 } } }, async (req) => {
    if (app.payments.id !== 'stripe' || app.payments.unavailable())
      throw new AppError(503, 'payments_unavailable');
    if (!Buffer.isBuffer(req.body)) throw errors.badRequest('webhook_signature_invalid');
    const body = req.body;
    try {
      const event = app.payments.readEvent(body, req.headers);
      const outcome = await applyProviderEvent(
        { db: app.database.db, mailer: app.mailer, log: req.log },
        app.payments.id,
        event,
      );
      req.log.info({ event: event.eventId, kind: event.kind, outcome }, 'payment event');
      return { received: true, outcome };
    } catch (err) {
      // A signed event this server cannot apply is logged for the admin (by id and type only: the
      // body names the buyer); the provider will retry it.
      if (err instanceof AppError && err.code === 'webhook_event_invalid')
        req.log.warn({ event: eventLabel(body), bytes: body.length }, 'webhook event refused');
      throw err;
    }
  });
};
