import { desc, eq, max, sql } from 'drizzle-orm';
import { PRACTICE_MODES, accuracyPercent, isMastered, paginate, streakDays } from '@kouyu/core';
import type { IdiomRecord, IdiomSummary, Pagination, PracticeMode } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { idiomRecords, idioms } from '../db/schema.js';

const isMode = (value: string): value is PracticeMode => PRACTICE_MODES.some((m) => m === value);

const recordColumns = {
  id: idiomRecords.id,
  idiomId: idiomRecords.idiomId,
  mode: idiomRecords.mode,
  correct: idiomRecords.correct,
  answer: idiomRecords.answer,
  createdAt: idiomRecords.createdAt,
  chengyu: idioms.chengyu,
  pinyin: idioms.pinyin,
};
interface RecordRow {
  id: number;
  idiomId: number;
  mode: string;
  correct: boolean;
  answer: string | null;
  createdAt: Date;
  chengyu: string;
  pinyin: string;
}

function toRecord(r: RecordRow): IdiomRecord {
  return {
    id: r.id,
    idiom_id: r.idiomId,
    // Only the routes write records, with a checked mode.
    mode: isMode(r.mode) ? r.mode : 'meaning',
    correct: r.correct,
    answer: r.answer,
    created_at: r.createdAt.toISOString(),
    chengyu: r.chengyu,
    pinyin: r.pinyin,
  };
}

/** Saves a judged attempt. */
export async function saveRecord(
  db: Db,
  userId: number,
  attempt: { idiomId: number; mode: PracticeMode; correct: boolean; answer: string },
): Promise<IdiomRecord> {
  const [saved] = await db
    .insert(idiomRecords)
    .values({ userId, ...attempt })
    .returning({ id: idiomRecords.id });
  if (!saved) throw new Error('idiom record not saved');
  const [row] = await db
    .select(recordColumns)
    .from(idiomRecords)
    .innerJoin(idioms, eq(idioms.id, idiomRecords.idiomId))
    .where(eq(idiomRecords.id, saved.id));
  if (!row) throw new Error('idiom record not found after saving');
  return toRecord(row);
}

/** The user's attempts, newest first. */
export async function listRecords(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ data: IdiomRecord[]; pagination: Pagination }> {
  const [rows, total] = await Promise.all([
    db
      .select(recordColumns)
      .from(idiomRecords)
      .innerJoin(idioms, eq(idioms.id, idiomRecords.idiomId))
      .where(eq(idiomRecords.userId, userId))
      .orderBy(desc(idiomRecords.createdAt), desc(idiomRecords.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(idiomRecords, eq(idiomRecords.userId, userId)),
  ]);
  return { data: rows.map(toRecord), pagination: paginate(page, pageSize, total) };
}

/** The day (`YYYY-MM-DD`) of an instant for a client `tzOffset` minutes behind UTC (Date.getTimezoneOffset). */
export function localDay(at: Date, tzOffset: number): string {
  return new Date(at.getTime() - tzOffset * 60_000).toISOString().slice(0, 10);
}

/** Attempts, accuracy per mode, the streak of practice days and the idioms mastered. */
export async function summarise(
  db: Db,
  userId: number,
  tzOffset: number,
  now = new Date(),
): Promise<IdiomSummary> {
  const mine = eq(idiomRecords.userId, userId);
  const [byMode, perIdiom, days, [last]] = await Promise.all([
    db
      .select({
        mode: idiomRecords.mode,
        attempts: sql<number>`count(*)`.mapWith(Number),
        correct: sql<number>`count(*) filter (where ${idiomRecords.correct})`.mapWith(Number),
      })
      .from(idiomRecords)
      .where(mine)
      .groupBy(idiomRecords.mode),
    db
      .select({
        correct: sql<number>`count(*) filter (where ${idiomRecords.correct})`.mapWith(Number),
        lastCorrect: sql<boolean>`(array_agg(${idiomRecords.correct} order by ${idiomRecords.createdAt} desc, ${idiomRecords.id} desc))[1]`,
      })
      .from(idiomRecords)
      .where(mine)
      .groupBy(idiomRecords.idiomId),
    // Days in the client's time zone; a streak longer than a year is shown as a year.
    db
      .selectDistinct({
        day: sql<string>`to_char((${idiomRecords.createdAt} at time zone 'UTC') - make_interval(mins => ${tzOffset}), 'YYYY-MM-DD')`,
      })
      .from(idiomRecords)
      .where(mine)
      .orderBy(sql`1 desc`)
      .limit(366),
    db
      .select({ at: max(idiomRecords.createdAt) })
      .from(idiomRecords)
      .where(mine),
  ]);
  const tally = (mode: PracticeMode) => {
    const row = byMode.find((r) => r.mode === mode);
    const attempts = row?.attempts ?? 0;
    const correct = row?.correct ?? 0;
    return { attempts, correct, accuracy: accuracyPercent(correct, attempts) };
  };
  const meaning = tally('meaning');
  const missingChar = tally('missing_char');
  const attempts = meaning.attempts + missingChar.attempts;
  const correct = meaning.correct + missingChar.correct;
  return {
    attempts,
    correct,
    accuracy: accuracyPercent(correct, attempts),
    by_mode: { meaning, missing_char: missingChar },
    streak_days: streakDays(
      days.map((d) => d.day),
      localDay(now, tzOffset),
    ),
    mastered: perIdiom.filter((r) => isMastered(r.correct, r.lastCorrect)).length,
    idioms_practised: perIdiom.length,
    last_practised_at: last?.at ? new Date(last.at).toISOString() : null,
  };
}
