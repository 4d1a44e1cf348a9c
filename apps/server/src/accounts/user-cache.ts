import type { UserRow } from './users.js';

const caches = new Set<UserCache>();

interface Entry {
  row: UserRow | undefined;
  until: number;
}

/**
 * The user rows that signed-in requests look up, kept for a short time (USER_CACHE_MS) so that a
 * page of reads does not query the same row once per request (decision 016: the lookup was most of a
 * signed-in read's cost). Every write to a user forgets the row at once in this process
 * (`forgetUser`); another instance sees the change when its copy runs out, within USER_CACHE_MS.
 */
export class UserCache {
  private readonly rows = new Map<number, Entry>();
  private readonly loading = new Map<number, Promise<UserRow | undefined>>();
  /** Bumped by `forget`: a lookup that started before a write does not store the old row after it. */
  private readonly generations = new Map<number, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxRows = 10_000,
    private readonly clock: () => number = Date.now,
  ) {
    caches.add(this);
  }

  /** The row of `id`, from the cache while it is fresh, else from `load` (one load per id at a time). */
  async get(id: number, load: () => Promise<UserRow | undefined>): Promise<UserRow | undefined> {
    if (this.ttlMs <= 0) return load();
    const hit = this.rows.get(id);
    if (hit && hit.until > this.clock()) return hit.row;
    const pending = this.loading.get(id);
    if (pending) return pending;
    const generation = this.generations.get(id) ?? 0;
    const loaded = load().finally(() => this.loading.delete(id));
    this.loading.set(id, loaded);
    const row = await loaded;
    if ((this.generations.get(id) ?? 0) === generation) this.store(id, row);
    return row;
  }

  /**
   * The row of `id` while its copy is fresh, without a promise (`row` undefined: no such user); null
   * when it must be loaded through `get`.
   */
  peek(id: number): { row: UserRow | undefined } | null {
    if (this.ttlMs <= 0) return null;
    const hit = this.rows.get(id);
    return hit && hit.until > this.clock() ? { row: hit.row } : null;
  }

  /** Drops the row of `id`: the next request reads it from the database. */
  forget(id: number): void {
    this.rows.delete(id);
    this.loading.delete(id);
    this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
    if (this.generations.size > this.maxRows) this.generations.clear();
  }

  /** Drops every row (a bulk change such as a restore). */
  clear(): void {
    for (const id of [...this.rows.keys(), ...this.loading.keys()]) this.forget(id);
  }

  /** Stops taking part in `forgetUser` (the app closed). */
  close(): void {
    this.rows.clear();
    caches.delete(this);
  }

  private store(id: number, row: UserRow | undefined): void {
    this.rows.delete(id);
    this.rows.set(id, { row, until: this.clock() + this.ttlMs });
    // Oldest first out: a Map iterates in insertion order and a stored row is re-inserted.
    while (this.rows.size > this.maxRows) {
      const oldest = this.rows.keys().next();
      if (oldest.done) break;
      this.rows.delete(oldest.value);
    }
  }
}

/**
 * Forgets a user's cached row in every cache of this process. Call it after any write to the
 * `users` table (the row is keyed by id only, so a write through a transaction needs no app).
 */
export function forgetUser(id: number): void {
  for (const cache of caches) cache.forget(id);
}

/** Forgets every cached user row of this process (bulk deletes, restores). */
export function forgetAllUsers(): void {
  for (const cache of caches) cache.clear();
}
