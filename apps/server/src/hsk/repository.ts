import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { HSK_LEVELS } from '@kouyu/core';
import type { HskLevels, HskSection, Syllabus } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { hskAttempts, hskSets, vocabWords } from '../db/schema.js';
import { parseSet } from './content.js';
import type { HskSetContent } from './content.js';
import { storedResultSchema } from './results.js';
import type { StoredResult } from './results.js';
import { now } from '../lib/clock.js';

/** Database reads and writes of HSK sets and attempts. */

/** One set with its items, or null. */
export async function findSet(db: Db, id: string): Promise<HskSetContent | null> {
  const [row] = await db.select().from(hskSets).where(eq(hskSets.id, id));
  return row ? parseSet(row) : null;
}

/** The sets of a level's section in a syllabus, by number. */
export async function setsOf(
  db: Db,
  syllabus: Syllabus,
  level: number,
  section: HskSection,
): Promise<HskSetContent[]> {
  const rows = await db
    .select()
    .from(hskSets)
    .where(and(eq(hskSets.syllabus, syllabus), eq(hskSets.level, level), eq(hskSets.section, section)))
    .orderBy(asc(hskSets.number));
  return rows.map(parseSet);
}

/** Per level 1-6: the syllabus's sets per section, and its words new at the level and up to it. */
export async function levelOverview(db: Db, syllabus: Syllabus): Promise<HskLevels['data']> {
  const [sets, words] = await Promise.all([
    db
      .select({ level: hskSets.level, section: hskSets.section, n: count() })
      .from(hskSets)
      .where(eq(hskSets.syllabus, syllabus))
      .groupBy(hskSets.level, hskSets.section),
    db
      .select({ level: vocabWords.level, n: count() })
      .from(vocabWords)
      .where(eq(vocabWords.syllabus, syllabus))
      .groupBy(vocabWords.level),
  ]);
  let total = 0;
  return HSK_LEVELS.map((level) => {
    const own = words.find((w) => w.level === level)?.n ?? 0;
    total += own;
    const of = (section: HskSection) => sets.find((s) => s.level === level && s.section === section)?.n ?? 0;
    return {
      level,
      sections: { listening: of('listening'), reading: of('reading'), writing: of('writing') },
      words: { new: own, total },
    };
  });
}

/** The user's latest attempt at each of these sets (none for a guest). */
export async function latestAttempts(
  db: Db,
  userId: number | null,
  setIds: readonly string[],
): Promise<Map<string, { id: number; score: number; maxScore: number; createdAt: Date }>> {
  const out = new Map<string, { id: number; score: number; maxScore: number; createdAt: Date }>();
  if (userId === null || setIds.length === 0) return out;
  const rows = await db
    .select({
      id: hskAttempts.id,
      setId: hskAttempts.setId,
      score: hskAttempts.score,
      maxScore: hskAttempts.maxScore,
      createdAt: hskAttempts.createdAt,
    })
    .from(hskAttempts)
    .where(and(eq(hskAttempts.userId, userId), inArray(hskAttempts.setId, [...setIds])))
    .orderBy(desc(hskAttempts.createdAt), desc(hskAttempts.id));
  for (const r of rows) if (!out.has(r.setId)) out.set(r.setId, r);
  return out;
}

export interface SavedAttempt {
  id: number;
  setId: string;
  score: number;
  maxScore: number;
  result: StoredResult;
  createdAt: Date;
}

/** Stores a scored attempt. */
export async function saveAttempt(
  db: Db,
  values: {
    userId: number;
    setId: string;
    answers: Record<string, unknown>;
    score: number;
    maxScore: number;
    result: StoredResult;
  },
): Promise<SavedAttempt> {
  // Stamped with the study path's clock, so today's plan and the progress charts count it on the learner's day.
  const [row] = await db
    .insert(hskAttempts)
    .values({ ...values, createdAt: now() })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { ...row, result: storedResultSchema.parse(row.result) };
}

/** One of the user's attempts, or null (also for another user's). */
export async function findAttempt(db: Db, userId: number, id: number): Promise<SavedAttempt | null> {
  const [row] = await db
    .select()
    .from(hskAttempts)
    .where(and(eq(hskAttempts.id, id), eq(hskAttempts.userId, userId)));
  return row ? { ...row, result: storedResultSchema.parse(row.result) } : null;
}

/** A page of the user's attempts, newest first, with the set each belongs to. */
export async function attemptsPage(db: Db, userId: number, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        attempt: hskAttempts,
        set: { level: hskSets.level, section: hskSets.section, number: hskSets.number, title: hskSets.title },
      })
      .from(hskAttempts)
      .innerJoin(hskSets, eq(hskSets.id, hskAttempts.setId))
      .where(eq(hskAttempts.userId, userId))
      .orderBy(desc(hskAttempts.createdAt), desc(hskAttempts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(hskAttempts).where(eq(hskAttempts.userId, userId)),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      attempt: { ...r.attempt, result: storedResultSchema.parse(r.attempt.result) },
      set: r.set,
    })),
  };
}
