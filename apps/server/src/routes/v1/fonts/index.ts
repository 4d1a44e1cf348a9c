import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FONT_SUBSET_VERSION, decodeFontSubset } from '@kouyu/core';
import { AppError } from '../../../lib/errors.js';
import { scaledRouteLimit } from '../../../plugins/route-limit.js';
import { PageFontBusy, PageFonts } from '../../../site/page-font.js';

const WOFF2 = '.woff2';

/**
 * `GET /api/v1/fonts/cjk/:version/:file` params: `file` is a set's name (core `font-subset.ts`) and
 * `.woff2`, read once into the name and its code points.
 */
const paramsSchema = z.object({
  version: z.string().regex(/^[a-z0-9-]{1,24}$/, 'must be a font version'),
  file: z
    .string()
    .max(4000)
    .transform((file, ctx) => {
      const name = file.endsWith(WOFF2) ? file.slice(0, -WOFF2.length) : '';
      const codePoints = name ? decodeFontSubset(name) : null;
      if (codePoints) return { name, codePoints };
      ctx.addIssue({
        code: 'custom',
        message: 'must name a set of Chinese characters in ascending order, then .woff2',
      });
      return z.NEVER;
    }),
});

/**
 * The page font (decision 020): the Chinese characters a page shows, as one small WOFF2, for
 * a device with no Chinese font of its own. Public (guests read pages too). A name stands for one set of
 * characters, so the answer is cached for a year; a name of an older font version gets today's font,
 * cached for an hour only. Cuts cost CPU, so the route has its own limit and a bounded queue.
 */
export const fontRoutes: FastifyPluginAsyncZod = async (app) => {
  const fonts = new PageFonts();
  app.addHook('onClose', async () => {
    await fonts.close();
  });

  app.get(
    '/fonts/cjk/:version/:file',
    {
      schema: { params: paramsSchema },
      config: { rateLimit: { max: scaledRouteLimit(app.config, 240), timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const { name, codePoints } = req.params.file;
      const current = req.params.version === FONT_SUBSET_VERSION;
      const etag = `"pf-${FONT_SUBSET_VERSION}-${createHash('sha1').update(name).digest('base64url').slice(0, 20)}"`;
      reply
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
        .header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      let font: Buffer;
      try {
        font = await fonts.get(name, codePoints);
      } catch (err) {
        if (!(err instanceof PageFontBusy)) throw err;
        reply.header('retry-after', '2').header('cache-control', 'no-store');
        throw new AppError(503, 'service_unavailable');
      }
      return reply.header('content-type', 'font/woff2').send(font);
    },
  );
};
