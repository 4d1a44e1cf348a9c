import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { openTestDatabase, testConfig, testDriver } from '../test/app.js';

const PHONE =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

// The shape apps/web/scripts/prerender.mjs writes next to index.html after the web build.
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Kouyu</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const PRERENDER = {
  '/zh/vocabulary/3': {
    mobile: {
      lang: 'zh-CN',
      html: '<main data-testid="vocabulary-page"><h1>HSK 3 词汇</h1></main>',
      preload: ['/assets/vocabulary-page-x1.js'],
    },
    desktop: {
      lang: 'zh-CN',
      html: '<main data-testid="vocabulary-page"><h1>HSK 3 词汇</h1><nav>宽屏</nav></main>',
    },
  },
  '/en': { mobile: { lang: 'en', html: '<h1>Speak Chinese with confidence</h1>' } },
};

describe(`first-paint HTML of public pages on ${testDriver}`, () => {
  let database: Database;
  let app: FastifyInstance;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'kouyu-prerender-'));
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), SHELL);
    writeFileSync(path.join(dist, 'prerender.json'), JSON.stringify(PRERENDER));
    database = await openTestDatabase();
    app = await buildApp({ config: testConfig(), database, webDist: dist, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, ua = PHONE) => app.inject({ method: 'GET', url, headers: { 'user-agent': ua } });

  it('puts the Chinese page inside #root, with its language, for the layout of the agent', async () => {
    const phone = await get('/zh/vocabulary/3');
    expect(phone.statusCode).toBe(200);
    expect(phone.body).toContain('<html lang="zh-CN"');
    expect(phone.body).toMatch(
      /<div id="root"><div data-prerender inert[^>]*><main[^>]*><h1>HSK 3 词汇<\/h1>/,
    );
    expect(phone.body).not.toContain('宽屏');
    expect(phone.headers['vary']).toContain('User-Agent');
    const desktop = await get('/zh/vocabulary/3/', DESKTOP);
    expect(desktop.body).toContain('<h1>HSK 3 词汇</h1><nav>宽屏</nav>');
    // The entry is fetched at once, with the page's own chunks, and run by the head script after the first frame.
    expect(phone.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/index-abc.js" data-entry data-chunks="/assets/vocabulary-page-x1.js">',
    );
    expect(phone.body).not.toContain('<script type="module"');
    expect(desktop.body).not.toContain('vocabulary-page-x1.js');
  });

  it('lets the page’s one inline script run under the CSP, and no other', async () => {
    const res = await get('/zh/vocabulary/3?from=home');
    const scripts = [...res.body.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1] ?? '');
    expect(scripts).toHaveLength(1);
    const hash = createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
    // The session check hides the guest's markup before the first paint.
    expect(scripts[0]).toContain("getItem('auth_token')");
    expect(res.body).toContain('html[data-session] [data-prerender]{display:none}');
    // Not an inline style on the wrapper: it would win over the rule that hides it.
    expect(res.body).toContain('<div data-prerender inert><main');
  });

  it('sends the plain shell elsewhere: other pages, a layout not rendered, and /index.html (the offline copy)', async () => {
    for (const [url, ua] of [
      ['/zh/profile', PHONE],
      ['/en', DESKTOP],
      ['/index.html', PHONE],
    ] as const) {
      const res = await get(url, ua);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(res.body).not.toContain('data-prerender');
    }
    expect((await get('/en')).body).toContain('<h1>Speak Chinese with confidence</h1>');
  });

  it('sends the hreflang alternates of the page in its HTML, with or without first-paint markup', async () => {
    const linksOf = (body: string) =>
      [...body.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    for (const [url, rest] of [
      ['/zh/vocabulary/3', '/vocabulary/3'],
      ['/ru/idioms?page=2', '/idioms'],
      ['/en', ''],
    ] as const) {
      const res = await get(url);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(linksOf(head)).toEqual([
        ['en', `http://localhost:80/en${rest}`],
        ['zh', `http://localhost:80/zh${rest}`],
        ['ru', `http://localhost:80/ru${rest}`],
        ['x-default', `http://localhost:80/en${rest}`],
      ]);
    }
    // A path without a language is not a page of its own (the app sends it to the prefixed one).
    expect(linksOf((await get('/vocab')).body)).toEqual([]);
    // Whatever the path holds stays inside its attribute.
    const odd = await get('/en/%22%3E%3Cscript%3E');
    expect(linksOf(odd.body)).toHaveLength(4);
    expect(odd.body).not.toContain('"><script>');
  });

  it('writes each page’s own title, in its language, into the HTML it sends', async () => {
    expect((await get('/zh/vocabulary/3')).body).toContain('<title>词汇 · Kouyu</title>');
    expect((await get('/ru/progress')).body).toContain('<title>Прогресс · Kouyu</title>');
    expect((await get('/en/test/basic/101/part-1')).body).toContain('<title>HSKK test · Kouyu</title>');
    expect((await get('/en')).body).toContain('<title>Kouyu · HSKK &amp; HSK practice</title>');
  });
});
