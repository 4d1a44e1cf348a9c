import { and, between, eq, sql } from 'drizzle-orm';
import { analyticsDay } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { analyticsCounts } from '../db/schema.js';

export type CountKind = (typeof analyticsCounts.$inferSelect)['kind'];

/** Adds `by` to the counter of `kind`/`name` on the day of `at` (one upsert, safe under concurrent calls). */
export async function bumpCount(
  db: Db,
  kind: CountKind,
  name: string,
  by = 1,
  at = new Date(),
): Promise<void> {
  await db
    .insert(analyticsCounts)
    .values({ day: analyticsDay(at), kind, name, count: by })
    .onConflictDoUpdate({
      target: [analyticsCounts.day, analyticsCounts.kind, analyticsCounts.name],
      set: { count: sql`${analyticsCounts.count} + ${by}` },
    });
}

/** Counters of `kind` between two days (inclusive, YYYY-MM-DD), oldest first. */
export async function readCounts(
  db: Db,
  kind: CountKind,
  from: string,
  to: string,
): Promise<{ day: string; name: string; count: number }[]> {
  return db
    .select({ day: analyticsCounts.day, name: analyticsCounts.name, count: analyticsCounts.count })
    .from(analyticsCounts)
    .where(and(eq(analyticsCounts.kind, kind), between(analyticsCounts.day, from, to)))
    .orderBy(analyticsCounts.day, analyticsCounts.name);
}
