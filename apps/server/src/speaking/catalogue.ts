import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LEVEL_IDS, cardLock, paginate, placeholderTests, plusStatus } from '@kouyu/core';
import type { AccessTest, HskkLevel, Language, Pagination, TestListItem, Viewer } from '@kouyu/core';
import type { UserRow } from '../accounts/users.js';
import type { Db } from '../db/client.js';
import { hskkParts, hskkQuestions, hskkTests } from '../db/schema.js';
import { ContentCache } from '../study/content-cache.js';

export type TestRow = typeof hskkTests.$inferSelect;

const LEVEL_PARAMS = {
  basic: 'basic',
  intermediate: 'intermediate',
  advanced: 'advanced',
  '1': 'basic',
  '2': 'intermediate',
  '3': 'advanced',
} as const satisfies Record<string, HskkLevel>;

/** The `:level` of a test list: a level name or its id 1-3. */
export const levelParamSchema = z
  .enum(['basic', 'intermediate', 'advanced', '1', '2', '3'])
  .transform((v) => LEVEL_PARAMS[v]);

/** Who is looking: signed in or not, and an official member with active Plus or not. */
export function viewerOf(user: UserRow | null): Viewer {
  if (!user) return { signedIn: false, official: false };
  return { signedIn: true, official: plusStatus(user.isOfficial, user.paymentExpiration).hasActivePlus };
}

/** The fields the shared access rule reads. */
export function accessTest(row: TestRow): AccessTest {
  return {
    id: row.id,
    is_official: row.isOfficial,
    is_try: row.isTry,
    is_fake: false,
    available_parts: row.availableParts,
  };
}

/** A test card in the viewer's language, with its lock. */
export function toListItem(row: TestRow, lang: Language, viewer: Viewer): TestListItem {
  return {
    id: row.id,
    test_id: row.id,
    test_name: row.testName[lang],
    description: row.description[lang],
    level_id: row.levelId,
    test_type: row.testType,
    difficulty: row.difficulty,
    time_limit: row.timeLimit,
    is_official: row.isOfficial,
    is_try: row.isTry,
    available_parts: [...row.availableParts].sort((a, b) => a - b),
    is_fake: false,
    lock: cardLock(accessTest(row), viewer),
  };
}

export interface TestList {
  data: TestListItem[];
  pagination: Pagination;
}

/**
 * A level's tests in number order: signed-in users get server pages; guests the whole list padded
 * with placeholders as one page (the client pages it and names the placeholders).
 */
export async function listTests(
  db: Db,
  level: HskkLevel,
  viewer: Viewer,
  opts: { page: number; limit: number; lang: Language },
): Promise<TestList> {
  const where = eq(hskkTests.level, level);
  const order = [asc(hskkTests.number), asc(hskkTests.id)];
  if (viewer.signedIn) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(hskkTests)
      .where(where);
    const rows = await db
      .select()
      .from(hskkTests)
      .where(where)
      .orderBy(...order)
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit);
    return {
      data: rows.map((r) => toListItem(r, opts.lang, viewer)),
      pagination: paginate(opts.page, opts.limit, Number(counted?.n ?? 0)),
    };
  }
  const rows = await db
    .select()
    .from(hskkTests)
    .where(where)
    .orderBy(...order);
  const real = rows.map((r) => toListItem(r, opts.lang, viewer));
  const fakes = placeholderTests(rows.length, LEVEL_IDS[level]).map((p): TestListItem => ({
    ...p,
    test_name: '',
    description: '',
    test_type: 'practice',
    difficulty: rows[0]?.difficulty ?? '',
    lock: cardLock(p, viewer),
  }));
  const data = [...real, ...fakes];
  return { data, pagination: paginate(1, Math.max(1, data.length), data.length) };
}

/** Every test's name in each language, by id. */
export type TestNames = ReadonlyMap<number, Record<Language, string>>;

// One copy per database (tests open several), following the HSKK seed's version like the other content.
const namesByDb = new WeakMap<Db, ContentCache<TestNames>>();

/**
 * The tests' names, from an in-memory copy of the seeded content (see ContentCache): the results list
 * names each result's test, and asking the database for names it already holds was a second query
 * on every page of results.
 */
export function testNames(db: Db): Promise<TestNames> {
  let cache = namesByDb.get(db);
  if (!cache) {
    cache = new ContentCache(db, 'hskk', async (d) => {
      const rows = await d.select({ id: hskkTests.id, name: hskkTests.testName }).from(hskkTests);
      return new Map(rows.map((r) => [r.id, r.name]));
    });
    namesByDb.set(db, cache);
  }
  return cache.get();
}

/** One test by id, or undefined. */
export async function findTest(db: Db, id: number): Promise<TestRow | undefined> {
  const [row] = await db.select().from(hskkTests).where(eq(hskkTests.id, id));
  return row;
}

export interface PartSummary {
  part: number;
  instructions: string;
  question_count: number;
}

/** The parts of a test with their instructions in `lang` and how many questions each has. */
export async function testParts(db: Db, testId: number, lang: Language): Promise<PartSummary[]> {
  const parts = await db
    .select()
    .from(hskkParts)
    .where(eq(hskkParts.testId, testId))
    .orderBy(asc(hskkParts.part));
  const counts = await db
    .select({ part: hskkQuestions.part, n: sql<number>`count(*)::int` })
    .from(hskkQuestions)
    .where(eq(hskkQuestions.testId, testId))
    .groupBy(hskkQuestions.part);
  const byPart = new Map(counts.map((c) => [c.part, Number(c.n)]));
  return parts.map((p) => ({
    part: p.part,
    instructions: p.instructions[lang],
    question_count: byPart.get(p.part) ?? 0,
  }));
}
