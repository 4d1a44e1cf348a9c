import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { idempotencyKey, once } from './idempotency.js';
import { openKv } from './kv.js';

const request = (headers: Record<string, string> = {}): Pick<FastifyRequest, 'headers'> => ({ headers });

describe('idempotency', () => {
  it('keys by the client’s header when sent, else by the content, whatever its key order', () => {
    const a = idempotencyKey(request(), 'result', 1, { x: 1, y: [1, { b: 2, a: 1 }] });
    expect(idempotencyKey(request(), 'result', 1, { y: [1, { a: 1, b: 2 }], x: 1 })).toBe(a);
    expect(idempotencyKey(request(), 'result', 2, { x: 1, y: [1, { b: 2, a: 1 }] })).not.toBe(a);
    expect(idempotencyKey(request(), 'review', 1, { x: 1, y: [1, { b: 2, a: 1 }] })).not.toBe(a);
    const sent = idempotencyKey(request({ 'idempotency-key': 'run-12345678' }), 'result', 1, { x: 1 });
    expect(sent).toBe(idempotencyKey(request({ 'idempotency-key': 'run-12345678' }), 'result', 1, { x: 2 }));
    // A key too short to be unique is not trusted: the content decides.
    expect(idempotencyKey(request({ 'idempotency-key': 'x' }), 'result', 1, { x: 1 })).toBe(
      idempotencyKey(request(), 'result', 1, { x: 1 }),
    );
  });

  it('runs a write once for concurrent and later copies, and keeps nothing of a failed one', async () => {
    const { kv } = await openKv(undefined);
    let runs = 0;
    const write = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { id: runs };
    };
    const answers = await Promise.all([once(kv, 'k1', write), once(kv, 'k1', write), once(kv, 'k1', write)]);
    expect(runs).toBe(1);
    expect(answers.map((a) => a.body.id)).toEqual([1, 1, 1]);
    expect(answers.filter((a) => a.replay)).toHaveLength(2);
    expect((await once(kv, 'k1', write)).replay).toBe(true);
    await expect(
      once(kv, 'k2', async () => {
        throw new AppError(400, 'validation_failed');
      }),
    ).rejects.toThrow(AppError);
    expect((await once(kv, 'k2', write)).replay).toBe(false);
    await kv.close();
  });
});
