import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WECHAT_IMAGE_MAX_BYTES, WechatImage, sniffImageType } from '../../../site/wechat-image.js';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** A stand-in image host: each path answers one kind of content; hits are counted. */
async function imageHost() {
  const hits = new Map<string, number>();
  let broken = false;
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (broken) return void res.writeHead(500).end();
    if (path === '/qr.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (path === '/page.html')
      return void res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>x</script>');
    if (path === '/qr.svg')
      return void res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    if (path === '/huge.png')
      return void res
        .writeHead(200, { 'content-type': 'image/png' })
        .end(Buffer.concat([PNG, Buffer.alloc(WECHAT_IMAGE_MAX_BYTES)]));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    hits: (path: string) => hits.get(path) ?? 0,
    breakIt: () => (broken = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(`WeChat QR through the site on ${testDriver}`, () => {
  let host: Awaited<ReturnType<typeof imageHost>>;
  let t: TestApp;
  beforeAll(async () => {
    host = await imageHost();
    t = await createTestApp({ WECHAT_QR_URL: host.url('/qr.png') });
  });
  afterAll(async () => {
    await t.close();
    await host.close();
  });

  it('serves the configured image from its own origin, cached, with an ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/wechat/qr' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.rawPayload.equals(PNG)).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wechat/qr',
      headers: { 'if-none-match': String(first.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
    expect(host.hits('/qr.png')).toBe(1);
  });

  it('keeps the last good copy when the host fails', async () => {
    let now = Date.now();
    const image = new WechatImage(host.url('/qr.png'), () => now);
    const good = await image.get();
    host.breakIt();
    now += 2 * 3600 * 1000;
    expect((await image.get()).body.equals(good.body)).toBe(true);
  });
});

describe('WeChat QR checks', () => {
  let host: Awaited<ReturnType<typeof imageHost>>;
  beforeAll(async () => {
    host = await imageHost();
  });
  afterAll(() => host.close());

  it.each(['/page.html', '/qr.svg', '/huge.png', '/missing.png'])('refuses %s', async (path) => {
    await expect(new WechatImage(host.url(path)).get()).rejects.toThrow();
  });

  it('answers 502 for a bad image and 404 when none is configured', async () => {
    const bad = await createTestApp({ WECHAT_QR_URL: host.url('/page.html') });
    const res = await bad.app.inject({ method: 'GET', url: '/api/v1/wechat/qr' });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('service_unavailable');
    await bad.close();
    const none = await createTestApp();
    expect((await none.app.inject({ method: 'GET', url: '/api/v1/wechat/qr' })).statusCode).toBe(404);
    await none.close();
  });

  it('recognises images by their first bytes', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('<svg/>'))).toBeNull();
  });
});
