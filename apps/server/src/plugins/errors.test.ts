import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailSchema } from '@kouyu/core';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { errors } from '../lib/errors.js';
import { openTestDatabase, testConfig } from '../test/app.js';

describe('error envelope', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({
      config: testConfig({ RATE_LIMIT_PER_MINUTE: '3' }),
      database,
      webDist: null,
      logger: false,
      kvPrefix: `kouyu-test:errors-${Date.now()}:`,
    });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post('/api/v1/t/validate', { schema: { body: z.object({ email: emailSchema }) } }, async () => ({
      ok: true,
    }));
    typed.get('/api/v1/t/boom', async () => {
      throw new Error('secret internals: password=hunter2');
    });
    typed.get('/api/v1/t/conflict', async () => {
      throw errors.conflict('email_exists');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('turns validation failures into 400 with the rule message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/t/validate', payload: { email: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'validation_failed',
      message: 'Please enter a valid email address',
      details: { fields: [{ field: 'email', code: 'email_invalid' }] },
    });
  });

  it('hides internals of unknown errors', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/t/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toEqual({
      success: false,
      code: 'internal',
      message: 'Something went wrong on our side. Please try again.',
    });
  });

  it('keeps catalogue errors as they are', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/t/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, code: 'email_exists', message: 'Email already exists' });
  });

  it('rate limits the API with a 429 that carries a cooldown', async () => {
    // An address of its own: the other tests here have spent the shared bucket.
    const get = () => app.inject({ method: 'GET', url: '/api/v1/t/conflict', remoteAddress: '10.0.0.9' });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await get());
    expect(answers.map((a) => a.statusCode)).toContain(429);
    // The quota is told with the refusal only, not on every answer (decision 016: headers per read).
    expect(answers[0]?.statusCode).toBe(409);
    expect(answers[0]?.headers['x-ratelimit-remaining']).toBeUndefined();
    const res = await get();
    expect(res.json()).toMatchObject({ success: false, code: 'rate_limited' });
    expect(res.json().cooldown).toBeGreaterThan(0);
    expect(res.headers['x-ratelimit-limit']).toBe('3');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
