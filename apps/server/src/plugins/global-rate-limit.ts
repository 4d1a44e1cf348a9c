import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { KeptLimitStore } from './kept-limit-store.js';
import type { Counted, Store } from './kept-limit-store.js';
import type { Kv } from './kv.js';

export type { Counted } from './kept-limit-store.js';

/** The API's limit per address, for a path that answers without the hook to count in the same store. */
export interface ApiLimit {
  max: number;
  take(key: string, cb: (err: Error | null, res: Counted) => void): void;
}

type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;

// @fastify/rate-limit's default number of addresses its in-memory store keeps (least recently used out).
const LOCAL_KEYS = 5000;

export interface GlobalRateLimitOptions {
  max: number;
  timeWindow: number;
  /** Shared counts across instances; without it the instance counts in memory, kept in `kv`. */
  redis?: Redis | null;
  /** Where the in-memory counts are kept across a restart when there is no Redis. */
  kv: Kv;
  /** The Redis key prefix: the one @fastify/rate-limit's global limit used, so counts carry over. */
  nameSpace: string;
  /** Requests that count (the API); others pass untouched. */
  applies: (req: FastifyRequest) => boolean;
  keyOf: (req: FastifyRequest) => string;
  /** The refusal, given the time until the window resets. */
  refusal: (ttlMs: number) => Error;
}

/**
 * The limit on all API calls per address. It counts in @fastify/rate-limit's own stores (the same
 * windows and, with Redis, the same keys as that plugin's global limit) but from one callback hook:
 * the plugin's hook is an async function with four awaits, a chain of promises on every request even
 * when the in-memory store answers at once, which the profile of a cached read showed as a few per
 * cent of it (decision 016). Here the in-memory count is synchronous; only Redis waits.
 * Routes with a `config.rateLimit` of their own are left to the plugin, as its global limit left them:
 * their limit replaces this one (a learner's saves are counted per learner, not per school address).
 * Returns the limit, for the answer replay to count the requests it answers in the same store.
 */
export function registerGlobalRateLimit(app: FastifyInstance, opts: GlobalRateLimitOptions): ApiLimit {
  let store: Store;
  if (opts.redis) store = new RedisStore(false, false, opts.redis, opts.nameSpace);
  else {
    const kept = new KeptLimitStore(opts.kv, LOCAL_KEYS);
    // Before the database closes (onClose), the last counts are written.
    app.addHook('preClose', (done) => {
      kept.close().then(() => done(), done);
    });
    store = kept;
  }
  const { max, timeWindow } = opts;
  app.addHook('onRequest', function apiLimit(req, reply, done) {
    if (!opts.applies(req) || req.routeOptions.config?.rateLimit !== undefined) {
      done();
      return;
    }
    store.incr(
      opts.keyOf(req),
      (err, res) => {
        if (err) {
          done(err);
          return;
        }
        if (res.current <= max) {
          done();
          return;
        }
        const seconds = Math.ceil(res.ttl / 1000);
        reply.headers({
          'x-ratelimit-limit': max,
          'x-ratelimit-remaining': 0,
          'x-ratelimit-reset': seconds,
          'retry-after': seconds,
        });
        done(opts.refusal(res.ttl));
      },
      timeWindow,
      max,
    );
  });
  return { max, take: (key, cb) => store.incr(key, cb, timeWindow, max) };
}
