import Fastify from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { registerGlobalRateLimit } from './global-rate-limit.js';
import { openKv } from './kv.js';
import type { Kv } from './kv.js';

async function appWithLimit(max: number, kv?: Kv) {
  const app = Fastify();
  registerGlobalRateLimit(app, {
    kv: kv ?? (await openKv(undefined)).kv,
    max,
    timeWindow: 60_000,
    nameSpace: 'test:',
    applies: (req) => req.url.startsWith('/api/'),
    keyOf: (req) => req.ip,
    refusal: (ttlMs) => Object.assign(new Error('slow down'), { statusCode: 429, ttlMs }),
  });
  await app.register(fastifyRateLimit, { global: false });
  app.get('/api/read', () => 'ok');
  app.get('/api/own', { config: { rateLimit: { max: 100, timeWindow: 60_000 } } }, () => 'own');
  app.get('/api/free', { config: { rateLimit: false } }, () => 'free');
  app.get('/page', () => 'page');
  await app.ready();
  return app;
}

describe('the global rate limit', () => {
  it('counts API calls per address and refuses past the limit with the quota told', async () => {
    const app = await appWithLimit(3);
    const get = (url: string, remoteAddress = '198.51.100.1') =>
      app.inject({ method: 'GET', url, remoteAddress });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await get('/api/read')).statusCode);
    expect(codes).toEqual([200, 200, 200]);
    const refused = await get('/api/read');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers).toMatchObject({
      'x-ratelimit-limit': '3',
      'x-ratelimit-remaining': '0',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(refused.headers['x-ratelimit-reset'])).toBe(Number(refused.headers['retry-after']));
    // Another address has its own count; pages are not counted at all.
    expect((await get('/api/read', '198.51.100.2')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await get('/page')).statusCode).toBe(200);
    await app.close();
  });

  it('leaves routes with a limit of their own (or none) to that limit, as the plugin did', async () => {
    const app = await appWithLimit(2);
    const get = (url: string) => app.inject({ method: 'GET', url, remoteAddress: '198.51.100.3' });
    for (let i = 0; i < 10; i++) {
      expect((await get('/api/own')).statusCode).toBe(200);
      expect((await get('/api/free')).statusCode).toBe(200);
    }
    // Those calls did not spend the address's global quota.
    expect((await get('/api/read')).statusCode).toBe(200);
    expect((await get('/api/read')).statusCode).toBe(200);
    expect((await get('/api/read')).statusCode).toBe(429);
    await app.close();
  });

  it('keeps the counts across a restart of the server, in the shared store', async () => {
    const { kv } = await openKv(undefined);
    const address = '198.51.100.4';
    let app = await appWithLimit(3, kv);
    for (let i = 0; i < 3; i++)
      expect((await app.inject({ method: 'GET', url: '/api/read', remoteAddress: address })).statusCode).toBe(
        200,
      );
    await app.close();
    // Started again on the same store: the window goes on, and the address is still over its limit
    // once its kept count has been read (the first request after the start is answered at once).
    app = await appWithLimit(3, kv);
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push((await app.inject({ method: 'GET', url: '/api/read', remoteAddress: address })).statusCode);
    expect(codes.slice(1)).toEqual([429, 429]);
    await app.close();
  });

  it('keeps only the windows that used a quarter of their limit, so light readers cost no write', async () => {
    const { kv } = await openKv(undefined);
    const app = await appWithLimit(8, kv);
    const get = (remoteAddress: string) => app.inject({ method: 'GET', url: '/api/read', remoteAddress });
    await get('198.51.100.5');
    for (let i = 0; i < 2; i++) await get('198.51.100.6');
    await app.close();
    expect(await kv.get('api-limit:198.51.100.5')).toBeNull();
    expect(await kv.get('api-limit:198.51.100.6')).not.toBeNull();
  });
});
