import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from './errors.js';
import { registerTextGuard, withEmptyQueryKept } from './validation.js';

describe('withEmptyQueryKept', () => {
  it('gives an empty query its defaults, a fresh copy each time, and validates any other query', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(withEmptyQueryKept(validatorCompiler));
    app.setSerializerCompiler(serializerCompiler);
    let parses = 0;
    const page = z.coerce
      .number()
      .int()
      .min(1)
      .default(1)
      .transform((n) => {
        parses++;
        return n;
      });
    app.get(
      '/list/:n',
      { schema: { querystring: z.object({ page }), params: z.object({ n: z.coerce.number() }) } },
      (req) => {
        const seen = { ...req.query, n: req.params.n };
        // A handler changing its query must not change the next request's.
        (req.query as { page: number }).page = 99;
        return seen;
      },
    );
    await app.ready();
    const compiled = parses;
    expect((await app.inject('/list/1')).json()).toEqual({ page: 1, n: 1 });
    expect((await app.inject('/list/2')).json()).toEqual({ page: 1, n: 2 });
    expect(parses).toBe(compiled);
    expect((await app.inject('/list/3?page=4')).json()).toEqual({ page: 4, n: 3 });
    expect(parses).toBe(compiled + 1);
    expect((await app.inject('/list/3?page=0')).statusCode).toBe(400);
    expect((await app.inject('/list/x')).statusCode).toBe(400);
    await app.close();
  });

  it('validates every request when the empty query is refused', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(withEmptyQueryKept(validatorCompiler));
    app.get('/need', { schema: { querystring: z.object({ q: z.string() }) } }, (req) => req.query);
    expect((await app.inject('/need')).statusCode).toBe(400);
    expect((await app.inject('/need?q=a')).json()).toEqual({ q: 'a' });
    await app.close();
  });
});

describe('registerTextGuard', () => {
  it('refuses U+0000 in body, query and path with validation_failed, before any route code runs', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    registerErrorHandler(app);
    registerTextGuard(app);
    let reached = 0;
    app.post('/echo/:id', { schema: { body: z.object({ email: z.string() }) } }, (req) => {
      reached += 1;
      return req.body;
    });
    app.post('/raw', (req) => {
      reached += 1;
      return { got: typeof req.body };
    });
    const cases = [
      { url: '/echo/1', payload: { email: 'a\u0000@t.example' }, field: 'email' },
      { url: '/echo/1?q=%00', payload: { email: 'a@t.example' }, field: 'q' },
      { url: '/echo/a%00b', payload: { email: 'a@t.example' }, field: 'id' },
      { url: '/raw', payload: { deep: [{ x: '\u0000' }] }, field: 'deep.0.x' },
    ];
    for (const c of cases) {
      const res = await app.inject({ method: 'POST', url: c.url, payload: c.payload });
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        details: { fields: [{ field: c.field, code: 'text_nul' }] },
      });
    }
    expect(reached).toBe(0);
    const ok = await app.inject({ method: 'POST', url: '/echo/1', payload: { email: 'a@t.example' } });
    expect(ok.statusCode).toBe(200);
    await app.close();
  });
});
