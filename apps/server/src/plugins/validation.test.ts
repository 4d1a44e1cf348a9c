import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withEmptyQueryKept } from './validation.js';

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
