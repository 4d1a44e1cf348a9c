import type { FastifyBaseLogger } from 'fastify';
import type { Kv } from './kv.js';

/**
 * Takes the lease `job:<name>` for `ttlMs` when nobody holds it. The shared store (Redis with
 * REDIS_URL, else the database every instance uses) counts atomically: only the first taker sees 1,
 * so a job behind a lease runs on one instance of a deployment, not on each.
 */
export async function takeLease(kv: Kv, name: string, ttlMs: number): Promise<boolean> {
  return (await kv.incr(`job:${name}`, ttlMs)) === 1;
}

/** Keeps holding a taken lease (a long job) until `release` is called. */
export function holdLease(
  kv: Kv,
  name: string,
  ttlMs: number,
): { release: (keepMs?: number) => Promise<void> } {
  const timer = setInterval(() => void kv.set(`job:${name}`, '1', ttlMs).catch(() => undefined), ttlMs / 3);
  timer.unref();
  return {
    // A finished job may keep its lease a while, so an instance started just after does not redo it.
    release: async (keepMs = 0) => {
      clearInterval(timer);
      if (keepMs > 0) await kv.set(`job:${name}`, 'done', keepMs);
      else await kv.del(`job:${name}`);
    },
  };
}

/**
 * Runs `fn` every `everyMs` on whichever instance takes that round's lease (the lease lives a little
 * less than the interval, so the next round is free again). The first round runs after `firstMs`.
 * Returns a stop function.
 */
export function everyOnOneInstance(
  ctx: { kv: Kv; log: FastifyBaseLogger },
  name: string,
  everyMs: number,
  fn: () => Promise<void>,
  firstMs = everyMs,
): () => void {
  const round = async () => {
    try {
      if (!(await takeLease(ctx.kv, name, Math.max(1000, everyMs - 5000)))) {
        ctx.log.debug({ job: name }, 'background job left to another instance');
        return;
      }
      ctx.log.info({ job: name }, 'background job runs here');
      await fn();
    } catch (err) {
      ctx.log.warn({ err, job: name }, 'background job failed');
    }
  };
  let interval: NodeJS.Timeout | null = null;
  const first = setTimeout(() => {
    void round();
    interval = setInterval(() => void round(), everyMs);
    interval.unref();
  }, firstMs);
  first.unref();
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}
