import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, errors } from '../../../lib/errors.js';
import { WECHAT_IMAGE_TTL_MS, WechatImage } from '../../../site/wechat-image.js';

/** Where the site serves the configured WeChat QR image. */
export const WECHAT_QR_PATH = '/api/v1/wechat/qr';

/** Public facts the operator configures: contact e-mail and the WeChat QR image. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const wechat = app.config.WECHAT_QR_URL ? new WechatImage(app.config.WECHAT_QR_URL) : null;
  app.get(
    '/site',
    {
      schema: {
        response: {
          200: z.object({ success: z.literal(true), data: z.object({ contact_email: z.string() }) }),
        },
      },
    },
    async () => ({ success: true as const, data: { contact_email: app.config.CONTACT_EMAIL } }),
  );

  app.get(
    '/wechat',
    {
      schema: {
        response: { 200: z.object({ success: z.boolean(), data: z.object({ url: z.string() }).nullable() }) },
      },
    },
    // The image is served through the site (same origin, so the CSP's `img-src 'self'` holds).
    async () => (wechat ? { success: true, data: { url: WECHAT_QR_PATH } } : { success: false, data: null }),
  );

  app.get('/wechat/qr', async (req, reply) => {
    if (!wechat) throw errors.notFound();
    let image;
    try {
      image = await wechat.get();
    } catch (err) {
      req.log.warn({ err }, 'WeChat QR image not available');
      throw new AppError(502, 'service_unavailable');
    }
    reply
      .header('cache-control', `public, max-age=${WECHAT_IMAGE_TTL_MS / 1000}`)
      .header('etag', image.etag)
      .header('x-content-type-options', 'nosniff');
    if (req.headers['if-none-match'] === image.etag) return reply.code(304).send();
    return reply.type(image.type).send(image.body);
  });
};
