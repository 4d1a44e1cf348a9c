import type { Kv } from './kv.js';

/** What @fastify/rate-limit's stores give back for a key: the count in this window and its time left. */
export interface Counted {
  current: number;
  ttl: number;
}

/** @fastify/rate-limit's store contract (its stores ship without types). */
export interface Store {
  incr(key: string, cb: (err: Error | null, res: Counted) => void, timeWindow: number, max: number): void;
}

interface Window {
  count: number;
  resetAt: number;
  /** The limit it is counted against: only windows near it are worth keeping. */
  max: number;
  /** Requests counted here since the last write to the shared store. */
  unsaved: boolean;
}

/** How often the counts are written to the shared store. */
export const KEPT_LIMIT_FLUSH_MS = 1_000;

const KEY_PREFIX = 'api-limit:';

/** A window is kept once it has used 1/KEPT_FROM_SHARE of its limit. */
const KEPT_FROM_SHARE = 4;

/**
 * The API limit's counts per address without Redis: counted in memory, so the hook answers at once
 * (decision 016), and written to the shared store (the database's `Kv`) every second and on close, so
 * a restart does not hand every address a fresh window (decision 023). The first request of an
 * address after a start is answered at once and its kept count is added when it has been read.
 */
export class KeptLimitStore implements Store {
  private readonly windows = new Map<string, Window>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly kv: Kv,
    private readonly maxKeys = 5000,
    flushMs = KEPT_LIMIT_FLUSH_MS,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  incr(key: string, cb: (err: Error | null, res: Counted) => void, timeWindow: number, max: number): void {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w) {
      w = { count: 0, resetAt: now + timeWindow, max, unsaved: true };
      this.remember(key, w);
      void this.load(key, w);
    } else if (w.resetAt <= now) {
      w.count = 0;
      w.resetAt = now + timeWindow;
    }
    w.count += 1;
    w.unsaved = true;
    cb(null, { current: w.count, ttl: w.resetAt - now });
  }

  /** Adds the count a previous run of the server kept for this address, while its window lasts. */
  private async load(key: string, w: Window): Promise<void> {
    try {
      const kept = parseKept(await this.kv.get(KEY_PREFIX + key));
      if (kept && kept.resetAt > Date.now() && this.windows.get(key) === w) {
        w.count += kept.count;
        w.resetAt = Math.min(w.resetAt, kept.resetAt);
        w.unsaved = true;
      }
    } catch {
      // The store is unreachable: the address is counted from here, as without a kept count.
    }
  }

  private remember(key: string, w: Window): void {
    this.windows.set(key, w);
    if (this.windows.size <= this.maxKeys) return;
    const oldest = this.windows.keys().next();
    if (!oldest.done) this.windows.delete(oldest.value);
  }

  /**
   * Writes the counts that changed since the last write, of the addresses that used a quarter of their
   * limit or more: a restart gives the others a fresh window, which they were far from needing, and the
   * store is not written once a second for every reader.
   */
  async flush(): Promise<void> {
    const now = Date.now();
    const writes: Promise<void>[] = [];
    for (const [key, w] of this.windows) {
      if (w.resetAt <= now) {
        this.windows.delete(key);
        continue;
      }
      if (!w.unsaved || w.count * KEPT_FROM_SHARE < w.max) continue;
      w.unsaved = false;
      const value = JSON.stringify({ count: w.count, resetAt: w.resetAt });
      writes.push(this.kv.set(KEY_PREFIX + key, value, w.resetAt - now).catch(() => undefined));
    }
    await Promise.all(writes);
  }

  /** Stops the timer after a last write. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

function parseKept(text: string | null): { count: number; resetAt: number } | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null) return null;
    const count = Reflect.get(v, 'count');
    const resetAt = Reflect.get(v, 'resetAt');
    return typeof count === 'number' && typeof resetAt === 'number' ? { count, resetAt } : null;
  } catch {
    return null;
  }
}
