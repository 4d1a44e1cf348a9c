import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseCache, acceptsGzip, matchesEtag } from './content-response.js';

const schema = z.object({ success: z.literal(true), n: z.number() });

async function appWith(
  cache: ResponseCache,
  produce: () => { value: unknown; cache: boolean },
  before?: (app: FastifyInstance) => void,
) {
  const app = Fastify();
  before?.(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get('/x', { schema: { response: { 200: schema } } }, (req, reply) =>
    cache.send(req, reply, 'x', schema, () => Promise.resolve(produce()), { shared: true }),
  );
  await app.ready();
  return app;
}

/**
 * An app whose `held`-th production waits until `release` is called; `calls` counts productions
 * (each answers `n`, its number).
 */
async function appHolding(cache: ResponseCache, held: number) {
  const app = Fastify();
  let calls = 0;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/x', (req, reply) =>
    cache.send(
      req,
      reply,
      'x',
      schema,
      async () => {
        const n = ++calls;
        if (n === held) await gate;
        return { value: { success: true, n }, cache: true };
      },
      { shared: true },
    ),
  );
  await app.ready();
  return { app, calls: () => calls, release };
}

describe('ResponseCache', () => {
  it('answers from the cache with an ETag, and 304 to a matching If-None-Match', async () => {
    let calls = 0;
    const app = await appWith(new ResponseCache(), () => ({
      value: { success: true, n: ++calls, extra: 1 },
      cache: true,
    }));
    const first = await app.inject('/x');
    expect(first.statusCode).toBe(200);
    // Validated by the response schema: unknown fields are dropped, as the route serializer does.
    expect(first.json()).toEqual({ success: true, n: 1 });
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject('/x');
    expect(again.json()).toEqual({ success: true, n: 1 });
    expect(calls).toBe(1);
    const revalidated = await app.inject({ url: '/x', headers: { 'if-none-match': `W/${etag}, "other"` } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    await app.close();
  });

  it('does not keep what the producer marks as not cacheable, and expires entries', async () => {
    let calls = 0;
    const app = await appWith(new ResponseCache(10, 0), () => ({
      value: { success: true, n: ++calls },
      cache: calls > 1,
    }));
    await app.inject('/x');
    await app.inject('/x');
    await new Promise((r) => setTimeout(r, 5));
    expect((await app.inject('/x')).json()).toEqual({ success: true, n: 3 });
    await app.close();
  });

  it('produces once for requests that miss together, and again once that production is over', async () => {
    const { app, calls, release } = await appHolding(new ResponseCache(10, 0), 1);
    const together = Array.from({ length: 5 }, () => app.inject('/x'));
    // Let every request reach the cache before the first production ends.
    await new Promise((r) => setTimeout(r, 20));
    release();
    const answers = await Promise.all(together);
    expect(answers.map((a) => a.json())).toEqual(Array(5).fill({ success: true, n: 1 }));
    expect(calls()).toBe(1);
    // Expired at once (ttl 0): the next miss produces anew rather than waiting on the old production.
    await new Promise((r) => setTimeout(r, 5));
    expect((await app.inject('/x')).json()).toEqual({ success: true, n: 2 });
    await app.close();
  });

  it('sends an answer that ran out a short while ago while one new production runs, and waits past twice its time', async () => {
    const ttl = 1000;
    const { app, calls, release } = await appHolding(new ResponseCache(10, ttl), 2);
    const n = async () => (await app.inject('/x')).json<{ n: number }>().n;
    expect(await n()).toBe(1);
    await new Promise((r) => setTimeout(r, ttl + 20));
    // Run out: the old answer goes at once to every request while the second production is held.
    expect(await Promise.all([n(), n(), n()])).toEqual([1, 1, 1]);
    expect(calls()).toBe(2);
    release();
    // The production ends within the same turn (microtasks only); one timer later it is kept.
    await new Promise((r) => setTimeout(r, 50));
    expect(await n()).toBe(2);
    // Past twice its time an answer is not sent any more: the request waits for a new one.
    await new Promise((r) => setTimeout(r, 2 * ttl + 20));
    expect(await n()).toBe(3);
    expect(calls()).toBe(3);
    await app.close();
  });

  it('keeps at most `max` answers, dropping the oldest', async () => {
    const cache = new ResponseCache(2);
    const app = Fastify();
    let calls = 0;
    app.get('/k/:k', (req, reply) =>
      cache.send(
        req,
        reply,
        req.url,
        schema,
        () => Promise.resolve({ value: { success: true, n: ++calls }, cache: true }),
        {
          shared: false,
        },
      ),
    );
    for (const k of ['a', 'b', 'c', 'a']) await app.inject(`/k/${k}`);
    expect(calls).toBe(4);
    expect((await app.inject('/k/c')).headers['cache-control']).toBe('private, no-cache');
    expect(calls).toBe(4);
    await app.close();
  });

  it('keeps the Vary the answer already had (CORS varies by Origin)', async () => {
    const produce = () => ({ value: { success: true, n: 1 }, cache: true });
    const app = await appWith(new ResponseCache(), produce, (a) =>
      a.addHook('onRequest', (_req, reply, done) => {
        reply.header('Vary', 'Origin');
        done();
      }),
    );
    for (let i = 0; i < 2; i++) {
      expect((await app.inject('/x')).headers['vary']).toBe('Origin, Authorization, Accept-Encoding');
    }
    const plain = await appWith(new ResponseCache(), produce);
    expect((await plain.inject('/x')).headers['vary']).toBe('Authorization, Accept-Encoding');
    await app.close();
    await plain.close();
  });

  it('matches ETags as HTTP does', () => {
    expect(matchesEtag(undefined, '"a"')).toBe(false);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
  });
});

describe('ResponseCache compression', () => {
  it('sends a large answer gzipped once compressed, and plain to a client that does not accept gzip', async () => {
    const { gunzipSync } = await import('node:zlib');
    const big = z.object({ success: z.literal(true), text: z.string() });
    const app = Fastify();
    const cache = new ResponseCache();
    app.get('/big', (req, reply) =>
      cache.send(
        req,
        reply,
        'big',
        big,
        () => Promise.resolve({ value: { success: true, text: 'x'.repeat(5000) }, cache: true }),
        {
          shared: true,
        },
      ),
    );
    const zipped = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br;q=0.5, gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual({
      success: true,
      text: 'x'.repeat(5000),
    });
    const plain = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ success: true, text: 'x'.repeat(5000) });
    expect(acceptsGzip('deflate, *')).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    await app.close();
  });
});
