/**
 * The learner's progress series (decision 029), one aggregate query per series: each groups the window's
 * rows by the learner's calendar day in SQL, so the answer's size follows the days, not the attempts.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { HSK_SECTIONS, HSKK_PARTS, addDays, dayInZone } from '@kouyu/core';
import type { HskSection, ProgressPoint, ProgressResponse } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { feedbackRecords, hskAttempts, hskSets, hskkQuestions, testResults } from '../db/schema.js';
import { wordsKnown } from './words.js';

/** The window of a progress answer: its first and last day in `tz`, and an instant safely before the first. */
export interface ProgressWindow {
  tz: string;
  from: string;
  to: string;
  /** A lower bound on created_at that lets the per-user indexes do the work (a day before `from` anywhere). */
  since: Date;
}

/** The window of `days` days ending today (in `tz`) at `now`. */
export function progressWindow(now: Date, days: number, tz: string): ProgressWindow {
  const to = dayInZone(now, tz);
  const from = addDays(to, -(days - 1));
  return { tz, from, to, since: new Date(Date.parse(`${addDays(from, -1)}T00:00:00Z`)) };
}

/** created_at as the learner's calendar day. */
const dayOf = (column: AnyPgColumn, tz: string): SQL<string> =>
  sql<string>`to_char((${column} at time zone ${tz})::date, 'YYYY-MM-DD')`;

/** Rows of the window only: the indexed bound first, then the exact day bound in the learner's zone. */
const inWindow = (column: AnyPgColumn, w: ProgressWindow): SQL | undefined =>
  and(gte(column, w.since), sql`(${column} at time zone ${w.tz})::date >= ${w.from}::date`);

const point = (row: { day: string; score: number | string | null; count: number }): ProgressPoint => ({
  day: row.day,
  score: Math.round(Number(row.score ?? 0) * 10) / 10,
  count: row.count,
});

/** Average answer score per HSKK part per day, from the saved runs (part runs and full tests alike). */
async function hskkSeries(db: Db, userId: number, w: ProgressWindow): Promise<ProgressResponse['hskk']> {
  const answer = sql`jsonb_array_elements(${testResults.answers})`;
  const rows = await db
    .select({
      day: dayOf(testResults.createdAt, w.tz),
      part: hskkQuestions.part,
      score: sql<string>`avg((a.elem->>'score')::numeric)`,
      count: sql<number>`count(*)::int`,
    })
    .from(testResults)
    .innerJoin(sql`${answer} as a(elem)`, sql`true`)
    .innerJoin(hskkQuestions, sql`${hskkQuestions.id} = (a.elem->>'question_id')::int`)
    .where(
      and(
        eq(testResults.userId, userId),
        inWindow(testResults.createdAt, w),
        sql`jsonb_typeof(a.elem->'score') = 'number'`,
      ),
    )
    // By position: the time zone is a parameter, and two parameters never count as one expression.
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`);
  return HSKK_PARTS.map((part) => ({ part, points: rows.filter((r) => r.part === part).map(point) }));
}

/** Average percent per HSK skill per day, from the scored practice attempts. */
async function hskSeries(db: Db, userId: number, w: ProgressWindow): Promise<ProgressResponse['hsk']> {
  const rows = await db
    .select({
      day: dayOf(hskAttempts.createdAt, w.tz),
      skill: sql<HskSection>`${hskSets.section}`,
      score: sql<string>`avg(100.0 * ${hskAttempts.score} / nullif(${hskAttempts.maxScore}, 0))`,
      count: sql<number>`count(*)::int`,
    })
    .from(hskAttempts)
    .innerJoin(hskSets, eq(hskSets.id, hskAttempts.setId))
    .where(and(eq(hskAttempts.userId, userId), inWindow(hskAttempts.createdAt, w)))
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`);
  return HSK_SECTIONS.map((skill) => ({ skill, points: rows.filter((r) => r.skill === skill).map(point) }));
}

/** Share of syllables heard in the right tone per day, from the voice measures kept with each feedback. */
async function toneSeries(db: Db, userId: number, w: ProgressWindow): Promise<ProgressResponse['tones']> {
  const tones = sql`${feedbackRecords.measures}->'fluency'->'voice'->'tones'`;
  const rows = await db
    .select({
      day: dayOf(feedbackRecords.createdAt, w.tz),
      right: sql<number>`sum((${tones}->>'right')::int)::int`,
      judged: sql<number>`sum((${tones}->>'judged')::int)::int`,
    })
    .from(feedbackRecords)
    .where(
      and(
        eq(feedbackRecords.userId, userId),
        inWindow(feedbackRecords.createdAt, w),
        sql`jsonb_typeof(${tones}->'judged') = 'number'`,
      ),
    )
    .groupBy(sql`1`)
    .having(sql`sum((${tones}->>'judged')::int) > 0`)
    .orderBy(sql`1`);
  return rows.map((r) => ({
    day: r.day,
    accuracy: Math.round((1000 * Math.min(r.right, r.judged)) / r.judged) / 1000,
    judged: r.judged,
  }));
}

/** Every series of the learner's progress over the window `w`. */
export async function progressOf(db: Db, userId: number, w: ProgressWindow): Promise<ProgressResponse> {
  const [hskk, hsk, tones, words] = await Promise.all([
    hskkSeries(db, userId, w),
    hskSeries(db, userId, w),
    toneSeries(db, userId, w),
    wordsKnown(db, userId),
  ]);
  return { success: true, from: w.from, to: w.to, hskk, hsk, tones, words_known: words };
}
