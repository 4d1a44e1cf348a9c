import Fastify from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { registerGlobalRateLimit } from './global-rate-limit.js';

async function appWithLimit(max: number) {
  const app = Fastify();
  registerGlobalRateLimit(app, {
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
});
