import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appMeta } from '../db/schema.js';

/** How often a loaded content set checks whether a newer seed replaced it. */
export const CONTENT_RECHECK_MS = 30_000;

/**
 * A content set (words, idioms) read from the database once and kept in memory: searched on every
 * keystroke, it changes only when the seed loads a new version, which is checked every 30 s. The
 * database stays the one source; this is a copy of what it holds.
 */
export class ContentCache<T> {
  private value: T | null = null;
  private version: string | null = null;
  private checkedAt = 0;
  private pending: Promise<T> | null = null;

  constructor(
    private readonly db: Db,
    /** The seed step (`vocab`, `idioms`) whose version the content follows. */
    private readonly seedKey: string,
    private readonly load: (db: Db) => Promise<T>,
    private readonly recheckMs = CONTENT_RECHECK_MS,
  ) {}

  /** The content, loading or reloading it when needed; concurrent callers share one load. */
  get(): Promise<T> {
    if (this.value !== null && Date.now() - this.checkedAt < this.recheckMs)
      return Promise.resolve(this.value);
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async refresh(): Promise<T> {
    const [row] = await this.db
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(eq(appMeta.key, `seed:${this.seedKey}`));
    const version = row?.value ?? null;
    let value = this.value;
    if (value === null || version !== this.version) {
      value = await this.load(this.db);
      this.value = value;
      this.version = version;
    }
    this.checkedAt = Date.now();
    return value;
  }
}
