import { and, count, desc, eq } from 'drizzle-orm';
import { handwritingAnalysisSchema, paginate } from '@kouyu/core';
import type { DictationSession, Pagination } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { dictationSessions } from '../db/schema.js';
import type { PendingAnalysis } from './analyses.js';

type SessionRow = typeof dictationSessions.$inferSelect;

/** A stored session as the API returns it. */
export function toSession(row: SessionRow): DictationSession {
  const analysis = handwritingAnalysisSchema.safeParse(row.analysis);
  return {
    id: row.id,
    words: row.words,
    interval_s: row.intervalS,
    recognized_text: row.recognizedText,
    analysis: analysis.success ? analysis.data : null,
    score: row.score,
    has_image: row.imageKey !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function columns(words: string[], intervalS: number, pending: PendingAnalysis) {
  return {
    words,
    intervalS,
    imageKey: pending.image_key,
    recognizedText: pending.recognized_text,
    // The column is typed as a plain JSON object; the schema above reads it back.
    analysis: { ...pending.analysis },
    score: pending.analysis.score,
  };
}

/** Saves a new session of a user with the analysis the server kept. */
export async function createSession(
  db: Db,
  userId: number,
  words: string[],
  intervalS: number,
  pending: PendingAnalysis,
): Promise<DictationSession> {
  const [row] = await db
    .insert(dictationSessions)
    .values({ userId, ...columns(words, intervalS, pending) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toSession(row);
}

/** Replaces a user's own session; null when it is not theirs or does not exist. */
export async function updateSession(
  db: Db,
  userId: number,
  id: number,
  words: string[],
  intervalS: number,
  pending: PendingAnalysis,
): Promise<DictationSession | null> {
  const [row] = await db
    .update(dictationSessions)
    .set({ ...columns(words, intervalS, pending), updatedAt: new Date() })
    .where(and(eq(dictationSessions.id, id), eq(dictationSessions.userId, userId)))
    .returning();
  return row ? toSession(row) : null;
}

/** The photo a user's own session shows; undefined when the session is not theirs or does not exist. */
export async function sessionImage(
  db: Db,
  userId: number,
  id: number,
): Promise<{ imageKey: string | null } | undefined> {
  const [row] = await db
    .select({ imageKey: dictationSessions.imageKey })
    .from(dictationSessions)
    .where(and(eq(dictationSessions.id, id), eq(dictationSessions.userId, userId)));
  return row;
}

/** A user's own session, or null. */
export async function findSession(db: Db, userId: number, id: number): Promise<DictationSession | null> {
  const [row] = await db
    .select()
    .from(dictationSessions)
    .where(and(eq(dictationSessions.id, id), eq(dictationSessions.userId, userId)));
  return row ? toSession(row) : null;
}

/** A page of a user's sessions, newest first. */
export async function listSessions(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ data: DictationSession[]; pagination: Pagination }> {
  const mine = eq(dictationSessions.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(dictationSessions)
      .where(mine)
      .orderBy(desc(dictationSessions.createdAt), desc(dictationSessions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(dictationSessions).where(mine),
  ]);
  return { data: rows.map(toSession), pagination: paginate(page, pageSize, Number(total?.n ?? 0)) };
}
