/**
 * Words known by HSK level: a word of the level's list counts once the learner's review card for it is
 * in the review state with a stability of at least WORD_KNOWN_STABILITY_DAYS.
 */
import { sql } from 'drizzle-orm';
import { PROGRESS_HSK_LEVELS } from '@kouyu/core';
import type { ProgressResponse } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { vocabWords } from '../db/schema.js';

/** Known and total words per HSK level for `userId`, in one query. */
export async function wordsKnown(db: Db, _userId: number): Promise<ProgressResponse['words_known']> {
  // Review cards are not stored yet: every level's list counts, none of its words known.
  const rows = await db
    .select({ level: vocabWords.level, total: sql<number>`count(distinct ${vocabWords.id})::int` })
    .from(vocabWords)
    .groupBy(vocabWords.level);
  const byLevel = new Map(rows.map((r) => [r.level, r]));
  return PROGRESS_HSK_LEVELS.map((level) => ({ level, known: 0, total: byLevel.get(level)?.total ?? 0 }));
}
