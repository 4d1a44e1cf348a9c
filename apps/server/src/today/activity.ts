/**
 * What a learner did per calendar day, read from the tables the features already write (speaking runs,
 * HSK attempts, dictation sessions, review answers): no separate hooks. Each table is grouped by the
 * learner's local day in SQL, so the answer's size follows the days, not the rows.
 */
import { and, eq, sql } from 'drizzle-orm';
import { TODAY_SECONDS_PER_HSK_ITEM } from '@kouyu/core';
import type { DayActivity } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { dictationSessions, hskAttempts, testResults } from '../db/schema.js';
import { reviewAnswersByDay } from './reviews.js';
import { inDays, localDayOf } from './days.js';

/** One row of a per-day sum. */
export interface DayRow {
  day: string;
  seconds: number | string | null;
  items: number | string | null;
}

/** Per-day sums of the kinds of practice since `from`, kept apart so today's tasks can tell them apart. */
export interface ActivityByKind {
  speaking: Map<string, DayActivity>;
  hsk: Map<string, DayActivity>;
  dictation: Map<string, DayActivity>;
  review: Map<string, DayActivity>;
}

const toMap = (rows: DayRow[]): Map<string, DayActivity> =>
  new Map(rows.map((r) => [r.day, { seconds: Number(r.seconds ?? 0), items: Number(r.items ?? 0) }]));

/** The learner's activity per local day in `tz` since the day `from`, by kind. */
export async function activityByKind(
  db: Db,
  userId: number,
  tz: string,
  from: string,
): Promise<ActivityByKind> {
  const speakingDay = localDayOf(testResults.createdAt, tz);
  const hskDay = localDayOf(hskAttempts.createdAt, tz);
  const dictationDay = localDayOf(dictationSessions.createdAt, tz);
  const [speaking, hsk, dictation, review] = await Promise.all([
    db
      .select({
        day: speakingDay,
        seconds: sql<string>`sum(coalesce(${testResults.completedTime}, 0))`,
        items: sql<string>`sum(jsonb_array_length(${testResults.answers}))`,
      })
      .from(testResults)
      .where(and(eq(testResults.userId, userId), inDays(testResults.createdAt, tz, from)))
      .groupBy(sql`1`),
    db
      .select({
        day: hskDay,
        // an attempt keeps its duration; one without it counts a minute an item
        seconds: sql<string>`sum(coalesce((${hskAttempts.result}->>'duration_s')::numeric, (select count(*) from jsonb_object_keys(${hskAttempts.answers})) * ${TODAY_SECONDS_PER_HSK_ITEM}))`,
        items: sql<string>`sum((select count(*) from jsonb_object_keys(${hskAttempts.answers})))`,
      })
      .from(hskAttempts)
      .where(and(eq(hskAttempts.userId, userId), inDays(hskAttempts.createdAt, tz, from)))
      .groupBy(sql`1`),
    db
      .select({
        day: dictationDay,
        seconds: sql<string>`sum(jsonb_array_length(${dictationSessions.words}) * ${dictationSessions.intervalS})`,
        items: sql<string>`sum(jsonb_array_length(${dictationSessions.words}))`,
      })
      .from(dictationSessions)
      .where(and(eq(dictationSessions.userId, userId), inDays(dictationSessions.createdAt, tz, from)))
      .groupBy(sql`1`),
    reviewAnswersByDay(db, userId, tz, from),
  ]);
  return { speaking: toMap(speaking), hsk: toMap(hsk), dictation: toMap(dictation), review: toMap(review) };
}

/** All kinds added up per day. */
export function totalByDay(a: ActivityByKind): Map<string, DayActivity> {
  const out = new Map<string, DayActivity>();
  for (const m of [a.speaking, a.hsk, a.dictation, a.review])
    for (const [day, v] of m) {
      const cur = out.get(day) ?? { seconds: 0, items: 0 };
      out.set(day, { seconds: cur.seconds + v.seconds, items: cur.items + v.items });
    }
  return out;
}
