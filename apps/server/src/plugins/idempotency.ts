/**
 * One idempotency rule for the client's writes: a repeat of the same write is stored once and answered
 * with the first answer. The key is the client's `Idempotency-Key` header when it sends one; the spec's
 * wire formats carry none, so without it the key is the write's own content (its route, its caller and
 * a hash of its body), which an offline queue replaying a run, or a double tap, sends unchanged.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import type { Kv } from './kv.js';

/** How long a write's answer is kept for its repeats: longer than an offline queue waits to replay. */
export const IDEMPOTENCY_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a second copy waits for the first, still running, before it is told to retry. */
const WAIT_MS = 3_000;
const POLL_MS = 50;
const HEADER_KEY = /^[\x21-\x7e]{8,200}$/;

/** A stable text for any JSON value: object keys sorted, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The idempotency key of a write by `owner` to `scope`: the `Idempotency-Key` header (8 to 200 visible
 * characters) when sent, else a hash of `content` (the body, or the parts of it that make the write).
 */
export function idempotencyKey(
  req: Pick<FastifyRequest, 'headers'>,
  scope: string,
  owner: number | string,
  content: unknown,
): string {
  const header = req.headers['idempotency-key'];
  const sent = typeof header === 'string' && HEADER_KEY.test(header) ? `h:${header}` : null;
  const key = sent ?? `c:${createHash('sha256').update(canonical(content)).digest('base64url')}`;
  return `idem:${scope}:${owner}:${key}`;
}

/**
 * Runs `write` once per key and keeps its answer: a repeat gets the first answer back (and the header
 * `idempotent-replay: true`), a copy arriving while the first still runs waits for it. A write that
 * fails keeps nothing, so the client may send it again.
 */
export async function once<T>(
  kv: Kv,
  key: string,
  write: () => Promise<T>,
): Promise<{ body: T; replay: boolean }> {
  const kept = await kv.get(`${key}:done`);
  if (kept) return { body: JSON.parse(kept) as T, replay: true };
  // The first caller to count 1 runs the write; the count lives as long as a write may take.
  if ((await kv.incr(`${key}:run`, WAIT_MS * 10)) > 1) {
    const until = Date.now() + WAIT_MS;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const done = await kv.get(`${key}:done`);
      if (done) return { body: JSON.parse(done) as T, replay: true };
    }
    throw new AppError(409, 'request_in_progress');
  }
  try {
    const body = await write();
    await kv.set(`${key}:done`, JSON.stringify(body), IDEMPOTENCY_KEEP_MS);
    return { body, replay: false };
  } finally {
    await kv.del(`${key}:run`);
  }
}
