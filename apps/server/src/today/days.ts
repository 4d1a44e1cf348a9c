/** The learner's calendar day in SQL: a timestamp column read in their time zone. */
import { and, gte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { addDays } from '@kouyu/core';

type CreatedAt = AnyPgColumn;

/** created_at as the learner's calendar day `YYYY-MM-DD`. */
export const localDayOf = (column: CreatedAt, tz: string): SQL<string> =>
  sql<string>`to_char((${column} at time zone ${tz})::date, 'YYYY-MM-DD')`;

/** Rows from the learner's day `from` on: an indexed bound first, then the exact local-day bound. */
export const inDays = (column: CreatedAt, tz: string, from: string): SQL | undefined =>
  and(
    gte(column, new Date(Date.parse(`${addDays(from, -1)}T00:00:00Z`))),
    sql`(${column} at time zone ${tz})::date >= ${from}::date`,
  );
