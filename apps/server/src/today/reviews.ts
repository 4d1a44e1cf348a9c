/**
 * The review side of today's plan: answers per day (they count towards the goal) and the cards due now.
 * Read straight from the review tables; today's plan needs counts, not the scheduler.
 */
import { sql } from 'drizzle-orm';
import { TODAY_SECONDS_PER_REVIEW, addDays } from '@kouyu/core';
import type { Db } from '../db/client.js';
import type { DayRow } from './activity.js';

const rowsOf = <T>(result: unknown): T[] => {
  // node-postgres answers { rows }, PGlite too; both are arrays of plain objects.
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows))
    return result.rows;
  return [];
};

// TODO(today): read through the review module's tables once they land; until then a missing table is no review.
const present = new Set<string>();
async function hasTable(db: Db, name: string): Promise<boolean> {
  if (present.has(name)) return true;
  const r = rowsOf<{ t: string | null }>(await db.execute(sql`select to_regclass(${name})::text as t`));
  if (r[0]?.t) present.add(name);
  return present.has(name);
}

/** Review answers per local day in `tz` since `from`. */
export async function reviewAnswersByDay(
  db: Db,
  userId: number,
  tz: string,
  from: string,
): Promise<DayRow[]> {
  if (!(await hasTable(db, 'review_log'))) return [];
  const since = new Date(Date.parse(`${addDays(from, -1)}T00:00:00Z`));
  const result = await db.execute(sql`
    select to_char((answered_at at time zone ${tz})::date, 'YYYY-MM-DD') as day,
           count(*) * ${TODAY_SECONDS_PER_REVIEW} as seconds,
           count(*) as items
      from review_log
     where user_id = ${userId} and answered_at >= ${since.toISOString()}
       and (answered_at at time zone ${tz})::date >= ${from}::date
     group by 1`);
  return rowsOf<DayRow>(result);
}

/** Cards due at `at` (new cards included). */
export async function reviewsDue(db: Db, userId: number, at: Date): Promise<number> {
  if (!(await hasTable(db, 'review_cards'))) return 0;
  const result = await db.execute(
    sql`select count(*)::int as n from review_cards where user_id = ${userId} and due <= ${at.toISOString()}`,
  );
  const n = rowsOf<{ n: number }>(result)[0]?.n;
  return typeof n === 'number' ? n : 0;
}
