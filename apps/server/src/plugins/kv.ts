import { Redis } from 'ioredis';

/**
 * A small key-value store with expiry for counters and cooldowns: Redis when configured (shared by
 * every instance), otherwise process memory.
 */
export interface Kv {
  driver: 'memory' | 'redis';
  /** Increments a counter; the first increment starts its time-to-live. Returns the new value. */
  incr(key: string, ttlMs: number): Promise<number>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Milliseconds the key still lives, or 0. */
  ttl(key: string): Promise<number>;
  del(key: string): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

class MemoryKv implements Kv {
  readonly driver = 'memory' as const;
  private readonly items = new Map<string, { value: string; expires: number }>();

  private live(key: string) {
    const item = this.items.get(key);
    if (item && item.expires <= Date.now()) {
      this.items.delete(key);
      return undefined;
    }
    return item;
  }
  async incr(key: string, ttlMs: number) {
    const item = this.live(key);
    const value = (item ? Number(item.value) : 0) + 1;
    this.items.set(key, { value: String(value), expires: item?.expires ?? Date.now() + ttlMs });
    return value;
  }
  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async set(key: string, value: string, ttlMs: number) {
    this.items.set(key, { value, expires: Date.now() + ttlMs });
  }
  async ttl(key: string) {
    const item = this.live(key);
    return item ? Math.max(0, item.expires - Date.now()) : 0;
  }
  async del(key: string) {
    this.items.delete(key);
  }
  async ping() {
    return true;
  }
  async close() {
    this.items.clear();
  }
}

class RedisKv implements Kv {
  readonly driver = 'redis' as const;
  constructor(
    readonly redis: Redis,
    private readonly prefix: string,
  ) {}
  async incr(key: string, ttlMs: number) {
    const k = this.prefix + key;
    const results = await this.redis.multi().incr(k).pexpire(k, ttlMs, 'NX').exec();
    return Number(results?.[0]?.[1] ?? 0);
  }
  async get(key: string) {
    return this.redis.get(this.prefix + key);
  }
  async set(key: string, value: string, ttlMs: number) {
    await this.redis.set(this.prefix + key, value, 'PX', ttlMs);
  }
  async ttl(key: string) {
    return Math.max(0, await this.redis.pttl(this.prefix + key));
  }
  async del(key: string) {
    await this.redis.del(this.prefix + key);
  }
  async ping() {
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }
  async close() {
    await this.redis.quit();
  }
}

/** Opens the store: Redis at `url` when given, else memory. `prefix` isolates one deployment or test. */
export async function openKv(
  url: string | undefined,
  prefix = 'kouyu:',
): Promise<{ kv: Kv; redis: Redis | null }> {
  if (!url) return { kv: new MemoryKv(), redis: null };
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  await redis.connect();
  return { kv: new RedisKv(redis, prefix), redis };
}
