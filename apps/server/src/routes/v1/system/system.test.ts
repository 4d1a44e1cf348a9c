import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { adminHealth } from '../../../test/health.js';

const errorBody = z.object({ success: z.literal(false), code: z.string(), message: z.string() });

describe(`platform on ${testDriver}`, () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(path.join(os.tmpdir(), 'kouyu-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Kouyu</title><div id="root"></div>');
    writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)'.repeat(200));
    t = await createTestApp({}, web);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the latency probe with no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/v1/ping' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('tells the public it is up, and an admin the whole report with disk use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', recognition: expect.any(String) });
    const health = await adminHealth(t.app);
    expect(health.status).toBe('ok');
    expect(health.database).toMatchObject({ ok: true, driver: testDriver });
    expect(health.cache.ok).toBe(true);
    expect(health.disk).toMatchObject({ answers_budget_bytes: t.app.config.ANSWER_AUDIO_BUDGET_BYTES });
    expect(health.disk?.answers_bytes).toBeGreaterThanOrEqual(0);
  });

  it('answers unknown API paths with a JSON 404 in the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(errorBody.parse(res.json())).toMatchObject({ code: 'route_not_found' });
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/nope', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ success: false, code: 'route_not_found' });
  });

  it('carries a request id and security headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f]{16}-[0-9a-z]+$/);
    // A page (here the web shell's 404, no web build in this app) gets helmet's document headers.
    const page = await t.app.inject({ method: 'GET', url: '/en/no-such-page' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('refuses bodies over the limit with 413 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nope',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'payload_too_large' });
  });

  it('allows CORS only for configured native-app origins', async () => {
    const ok = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/health',
      headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'GET' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    const bad = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(bad.headers['access-control-allow-origin']).toBeUndefined();
  });

  // CORS answers pinned one by one (status, every CORS header, Vary, body), so a cheaper implementation
  // cannot change what a native app or a cache sees: a preflight of an allowed origin (with and without
  // requested headers, on any path), one without its method, and origins that are not allowed or absent.
  it('answers CORS and its preflight exactly as configured', async () => {
    const ok = 'capacitor://localhost';
    const corsOf = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => ({
      status: res.statusCode,
      vary: res.headers['vary'],
      origin: res.headers['access-control-allow-origin'],
      methods: res.headers['access-control-allow-methods'],
      allowHeaders: res.headers['access-control-allow-headers'],
      maxAge: res.headers['access-control-max-age'],
      credentials: res.headers['access-control-allow-credentials'],
      expose: res.headers['access-control-expose-headers'],
      length: res.headers['content-length'],
      type: res.headers['content-type'],
      body: res.body,
      secured: res.headers['x-content-type-options'] === 'nosniff' && !!res.headers['x-request-id'],
    });
    const ask = async (method: 'GET' | 'OPTIONS', url: string, headers: Record<string, string>) =>
      corsOf(await t.app.inject({ method, url, headers }));
    const none = { methods: undefined, allowHeaders: undefined, maxAge: undefined, credentials: undefined };
    const preflight = {
      ...none,
      status: 204,
      vary: 'Origin, Access-Control-Request-Headers',
      origin: ok,
      methods: 'GET,HEAD,POST',
      expose: undefined,
      length: '0',
      type: undefined,
      body: '',
      secured: true,
    };
    const request = { origin: ok, 'access-control-request-method': 'GET' };
    expect(
      await ask('OPTIONS', '/api/v1/health', {
        ...request,
        'access-control-request-headers': 'authorization, x-a',
      }),
    ).toEqual({ ...preflight, allowHeaders: 'authorization, x-a' });
    expect(
      await ask('OPTIONS', '/api/v1/health', { ...request, 'access-control-request-method': 'DELETE' }),
    ).toEqual(preflight);
    expect(await ask('OPTIONS', '/api/v1/no-such-route', request)).toEqual(preflight);
    expect(await ask('OPTIONS', '/api/v1/health', { origin: ok })).toEqual({
      ...preflight,
      status: 400,
      vary: 'Origin',
      methods: undefined,
      length: '25',
      type: 'text/plain',
      body: 'Invalid Preflight Request',
    });
    const notFound = {
      ...none,
      status: 404,
      vary: 'Origin',
      origin: undefined,
      expose: undefined,
      length: '84',
      type: 'application/json; charset=utf-8',
      body: expect.stringContaining('"code":"route_not_found"'),
      secured: true,
    };
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      { origin: '', 'access-control-request-method': 'GET' },
      { 'access-control-request-method': 'GET' },
      {},
    ];
    for (const headers of refused) {
      expect(await ask('OPTIONS', '/api/v1/health', headers)).toEqual(notFound);
    }
    expect(await ask('GET', '/api/v1/no-such-route', { origin: ok })).toEqual({ ...notFound, origin: ok });
    for (const [headers, origin] of [
      [{ origin: ok }, ok],
      [{ origin: 'https://localhost' }, 'https://localhost'],
      [{ origin: 'https://evil.example' }, undefined],
      [{}, undefined],
    ] as const) {
      expect(await ask('GET', '/api/v1/site', headers)).toMatchObject({
        status: 200,
        vary: 'Origin',
        origin,
        ...none,
      });
    }
  });

  it('serves the web app with SPA fallback and long-lived caching of hashed assets', async () => {
    const rootPage = await t.app.inject({ method: 'GET', url: '/' });
    expect(rootPage.statusCode).toBe(200);
    expect(rootPage.body).toContain('<div id="root">');
    const page = await t.app.inject({ method: 'GET', url: '/zh/vocabulary/3?page=2' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    const picture = await t.app.inject({ method: 'GET', url: '/content/hskk/images/int-1-p2-q1.svg' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect((await t.app.inject({ method: 'GET', url: '/content/hskk/basic-1.json' })).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });
});
