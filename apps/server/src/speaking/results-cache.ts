import type { JsonText } from '../plugins/content-response.js';

const caches = new Set<ResultPages>();

/**
 * Serialised pages of learners' results lists, per learner, for the embedded database only. There
 * one process owns the database, so forgetting a learner's pages on every write of their results
 * (`forgetResults`, called by `submitResult`) keeps every copy exact; with PostgreSQL another
 * instance may write, and the pages are not kept (the query then runs in the database server, not
 * in this process). A page depends on the learner's results, their feedback records (written before
 * a result names them, never changed after), the test names (seeded content) and what the reader
 * may see; the caller puts the last, the query and the language in the key.
 */
export class ResultPages {
  /** Learner id → page key → JSON text; both in least recently used order. */
  private readonly pages = new Map<number, Map<string, JsonText>>();
  /** Counts `forget` calls; a page read is stamped with the count when it started. */
  private writes = 0;
  /** Learner id → the count at their last `forget`: a page read before it is not kept. */
  private readonly forgotten = new Map<number, number>();
  /** Pages read before this count are not kept (the `forgotten` marks were dropped then). */
  private floor = 0;

  constructor(
    private readonly maxLearners = 2000,
    private readonly maxPagesPerLearner = 8,
  ) {
    caches.add(this);
  }

  /** The stamp to pass to `set` for a page about to be read. */
  stamp(): number {
    return this.writes;
  }

  get(userId: number, key: string): JsonText | undefined {
    const mine = this.pages.get(userId);
    const text = mine?.get(key);
    if (mine && text !== undefined) {
      this.pages.delete(userId);
      this.pages.set(userId, mine);
      mine.delete(key);
      mine.set(key, text);
    }
    return text;
  }

  /** True while `text` is the page kept under `key` (not forgotten, not pushed out). */
  holds(userId: number, key: string, text: JsonText): boolean {
    return this.pages.get(userId)?.get(key) === text;
  }

  /** Keeps a page read from `stamp` on, unless the learner's results were written since. */
  set(userId: number, key: string, text: JsonText, stamp: number): void {
    if (stamp < this.floor || (this.forgotten.get(userId) ?? 0) > stamp) return;
    let mine = this.pages.get(userId);
    if (mine) this.pages.delete(userId);
    else mine = new Map();
    this.pages.set(userId, mine);
    mine.set(key, text);
    if (mine.size > this.maxPagesPerLearner) {
      const oldest = mine.keys().next();
      if (!oldest.done) mine.delete(oldest.value);
    }
    if (this.pages.size > this.maxLearners) {
      const oldest = this.pages.keys().next();
      if (!oldest.done) this.pages.delete(oldest.value);
    }
  }

  forget(userId: number): void {
    this.writes++;
    this.pages.delete(userId);
    this.forgotten.set(userId, this.writes);
    if (this.forgotten.size > this.maxLearners * 4) {
      this.forgotten.clear();
      this.floor = this.writes;
    }
  }

  /** Stops taking part in `forgetResults` (the app closed). */
  close(): void {
    this.pages.clear();
    caches.delete(this);
  }
}

/** Forgets a learner's kept result pages in every cache of this process: call it after writing their results. */
export function forgetResults(userId: number): void {
  for (const cache of caches) cache.forget(userId);
}
