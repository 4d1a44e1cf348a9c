/**
 * The review side of today's plan: answers per day (they count towards the goal) and the cards due now,
 * read through the review module so "due" means the same on the review page and here.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { TODAY_SECONDS_PER_REVIEW } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { reviewLog } from '../db/schema.js';
import { dueCards } from '../review/cards.js';
import { inDays, localDayOf } from './days.js';
import type { DayRow } from './activity.js';

/** Review answers (every one kept, applied or late) per local day in `tz` since `from`. */
export async function reviewAnswersByDay(
  db: Db,
  userId: number,
  tz: string,
  from: string,
): Promise<DayRow[]> {
  const rows = await db
    .select({ day: localDayOf(reviewLog.answeredAt, tz), n: count() })
    .from(reviewLog)
    .where(and(eq(reviewLog.userId, userId), inDays(reviewLog.answeredAt, tz, from)))
    .groupBy(sql`1`);
  return rows.map((r) => ({ day: r.day, seconds: r.n * TODAY_SECONDS_PER_REVIEW, items: r.n }));
}

/** Cards due at `at`: started cards whose time came, and new ones within today's allowance. */
export async function reviewsDue(db: Db, userId: number, at: Date): Promise<number> {
  return (await dueCards(db, userId, at, 1)).count;
}
