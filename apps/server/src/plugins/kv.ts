import { Redis } from 'ioredis';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { kvEntries } from '../db/schema.js';

/**
 * A small key-value store with expiry for counters, locks and cooldowns: Redis when configured
 * (shared by every instance), otherwise the database's `kv_entries` table, so a restart forgets
 * nothing (decision 028, defect 5). Process memory only where no database is at hand (unit tests).
 */
export interface Kv {
  driver: 'memory' | 'redis' | 'database';
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

// Expired rows are swept now and then rather than on every read: reads ignore them anyway.
const SWEEP_EVERY_MS = 10 * 60_000;

/** The store in the database: one row per key; counters are atomic upserts. */
class DatabaseKv implements Kv {
  readonly driver = 'database' as const;
  private readonly sweeper: NodeJS.Timeout;
  constructor(
    private readonly db: Db,
    private readonly prefix: string,
  ) {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }
  async sweep() {
    try {
      await this.db.delete(kvEntries).where(lt(kvEntries.expiresAt, new Date()));
    } catch {
      // The database may be closing; the next sweep tries again.
    }
  }
  async incr(key: string, ttlMs: number) {
    const expires = new Date(Date.now() + ttlMs);
    // A live counter goes up and keeps its expiry; an expired one starts again at 1 with a new one.
    const [row] = await this.db
      .insert(kvEntries)
      .values({ key: this.prefix + key, value: '1', expiresAt: expires })
      .onConflictDoUpdate({
        target: kvEntries.key,
        set: {
          value: sql`case when ${kvEntries.expiresAt} <= now() then '1'
            else (${kvEntries.value}::bigint + 1)::text end`,
          expiresAt: sql`case when ${kvEntries.expiresAt} <= now() then excluded.expires_at else ${kvEntries.expiresAt} end`,
        },
      })
      .returning({ value: kvEntries.value });
    return Number(row?.value ?? 0);
  }
  private async row(key: string) {
    const rows = await this.db
      .select()
      .from(kvEntries)
      .where(sql`${kvEntries.key} = ${this.prefix + key} and ${kvEntries.expiresAt} > now()`);
    return rows[0];
  }
  async get(key: string) {
    return (await this.row(key))?.value ?? null;
  }
  async set(key: string, value: string, ttlMs: number) {
    const expiresAt = new Date(Date.now() + ttlMs);
    await this.db
      .insert(kvEntries)
      .values({ key: this.prefix + key, value, expiresAt })
      .onConflictDoUpdate({ target: kvEntries.key, set: { value, expiresAt } });
  }
  async ttl(key: string) {
    const row = await this.row(key);
    return row ? Math.max(0, row.expiresAt.getTime() - Date.now()) : 0;
  }
  async del(key: string) {
    await this.db.delete(kvEntries).where(sql`${kvEntries.key} = ${this.prefix + key}`);
  }
  async ping() {
    try {
      await this.db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  }
  async close() {
    clearInterval(this.sweeper);
  }
}

/**
 * Opens the store: Redis at `url` when given, else the database `db`, else memory. `prefix` isolates
 * one deployment or test.
 */
export async function openKv(
  url: string | undefined,
  prefix = 'kouyu:',
  db?: Db,
): Promise<{ kv: Kv; redis: Redis | null }> {
  if (!url) return { kv: db ? new DatabaseKv(db, prefix) : new MemoryKv(), redis: null };
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  await redis.connect();
  return { kv: new RedisKv(redis, prefix), redis };
}
