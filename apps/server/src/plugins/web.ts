import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorMessage, pageTitle } from '@kouyu/core';
import { dataDir as seedDataDir } from '../db/seed/files.js';
import { withAlternates } from './web-hreflang.js';
import { loadPrerendered } from './web-prerender.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

const TITLE = /<title>[^<]*<\/title>/;
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** The page's HTML with the title of its path (core `pageTitle`), as the app sets it on navigation. */
const withTitle = (page: string, url: string) =>
  page.replace(TITLE, () => `<title>${escapeHtml(pageTitle(url))}</title>`);

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, SPA fallback;
 * a public page's path gets index.html with that page's first-paint markup (web-prerender.ts).
 */
export async function registerWeb(app: FastifyInstance, distDir: string | null) {
  const index = distDir ? path.join(distDir, 'index.html') : null;
  const html = index && existsSync(index) ? readFileSync(index, 'utf8') : null;
  const prerendered = html && distDir ? loadPrerendered(distDir, html) : () => null;
  if (html && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      // Source maps would hand the whole client source to anyone; in production they are not served.
      allowedPath: (pathName) => !(app.config.production && pathName.endsWith('.map')),
      setHeaders(res, filePath) {
        const rel = path.relative(distDir, filePath);
        res.header('Cache-Control', rel.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  if (html) {
    // The site root is a directory to the static plugin; it is the app's entry like any route.
    app.get('/', (_req, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html),
    );
  }

  // Pictures of the practice content (only the images folder: the data files hold answers).
  await app.register(fastifyStatic, {
    root: path.join(seedDataDir, 'hskk', 'images'),
    prefix: '/content/hskk/images/',
    decorateReply: false,
    index: false,
    setHeaders(res) {
      res.header('Cache-Control', 'public, max-age=86400');
    },
  });

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) {
      return reply
        .code(404)
        .send({ success: false, code: 'route_not_found', message: errorMessage('route_not_found') });
    }
    if (html && (req.method === 'GET' || req.method === 'HEAD') && !path.extname(url)) {
      const origin = app.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
      const page = prerendered(url, req.headers['user-agent']) ?? html;
      return (
        reply
          .code(200)
          .header('Cache-Control', 'no-cache')
          // The markup depends on the agent (phone or desktop layout).
          .header('Vary', 'User-Agent')
          .type('text/html; charset=utf-8')
          .send(withAlternates(withTitle(page, url), url, origin))
      );
    }
    return reply.code(404).send({ success: false, code: 'not_found', message: errorMessage('not_found') });
  });
}
