import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public facts the operator configures: contact e-mail and the WeChat QR image. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async () => {
      const url = app.config.WECHAT_QR_URL;
      return url ? { success: true, data: { url } } : { success: false, data: null };
    },
  );
};
