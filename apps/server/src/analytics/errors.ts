import type { FastifyInstance } from 'fastify';
import { analyticsDay } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { bumpCount } from './counts.js';

/** How often counted API errors are written to the database. */
export const ERROR_FLUSH_MS = 10_000;

/**
 * Failed API calls counted by error code (spec 000 §7: non-401 errors are logged to analytics).
 * Counts gather in memory and are written every few seconds, so a flood of refused requests costs
 * one upsert per code and day, not one per request.
 */
export class ErrorCounter {
  private pending = new Map<string, number>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  /** Counts one failed call. */
  add(code: string, at = new Date()): void {
    const key = `${analyticsDay(at)}|${code}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  /** Writes what has gathered; concurrent calls wait for the same write. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.pending;
      this.pending = new Map();
      for (const [key, count] of batch) {
        const [day = '', code = ''] = key.split('|');
        try {
          await bumpCount(this.db, 'error', code, count, new Date(`${day}T12:00:00Z`));
        } catch (err) {
          console.error(
            `analytics: error counts not written: ${err instanceof Error ? err.message : String(err)}`,
          );
        }
      }
    });
    return this.flushing;
  }
}

const CODE_RE = /"code"\s*:\s*"([a-z0-9_]{1,64})"/;

/** The error code of a JSON error body, else a code named after the status. */
export function errorCodeOf(payload: unknown, status: number): string {
  const text =
    typeof payload === 'string'
      ? payload.slice(0, 4096)
      : Buffer.isBuffer(payload)
        ? payload.toString('utf8', 0, 4096)
        : '';
  return CODE_RE.exec(text)?.[1] ?? `http_${status}`;
}

/** Counts every API answer with status 400 or above except 401 (a normal step of the refresh dance). */
export function countApiErrors(app: FastifyInstance, counter: ErrorCounter): void {
  // A callback hook: it runs on every answer, and an async one costs a promise each time.
  app.addHook('onSend', function errorAnalytics(req, reply, payload, done) {
    const status = reply.statusCode;
    if (status >= 400 && status !== 401 && req.url.startsWith('/api/'))
      counter.add(errorCodeOf(payload, status));
    done(null, payload);
  });
  const timer = setInterval(() => void counter.flush(), ERROR_FLUSH_MS);
  timer.unref();
  // preClose runs before any onClose hook, so the database is still open for the last write.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await counter.flush();
  });
}
