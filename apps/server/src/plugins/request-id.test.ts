import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIds } from './request-id.js';

const req = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage;

describe('request ids', () => {
  it('keeps a plain id the caller gave, and makes one otherwise', () => {
    const next = requestIds();
    expect(next(req({ 'x-request-id': 'edge-42_a' }))).toBe('edge-42_a');
    expect(next(req({ 'x-request-id': 'no spaces; please' }))).toMatch(/^[0-9a-f]{16}-[0-9a-z]+$/);
    expect(next(req({ 'x-request-id': 'x'.repeat(65) }))).toMatch(/^[0-9a-f]{16}-[0-9a-z]+$/);
  });

  it('never gives the same id twice, in one process or across two', () => {
    const one = requestIds();
    const two = requestIds();
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      seen.add(one(req()));
      seen.add(two(req()));
    }
    expect(seen.size).toBe(10_000);
  });
});
