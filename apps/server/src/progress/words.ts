/**
 * Words known by HSK level: a word of the level's list counts once one of the learner's review cards for
 * it (a word, character or HSK card with the same hanzi) is in the review state with a stability of at
 * least WORD_KNOWN_STABILITY_DAYS, so a word guessed right once does not count yet.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { PROGRESS_HSK_LEVELS, WORD_KNOWN_STABILITY_DAYS } from '@kouyu/core';
import type { ProgressResponse } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { reviewCards, vocabWords } from '../db/schema.js';

/** Known and total words per HSK level for `userId`, in one query. */
export async function wordsKnown(db: Db, userId: number): Promise<ProgressResponse['words_known']> {
  const rows = await db
    .select({
      level: vocabWords.level,
      total: sql<number>`count(distinct ${vocabWords.id})::int`,
      known: sql<number>`(count(distinct ${vocabWords.id}) filter (where ${reviewCards.id} is not null))::int`,
    })
    .from(vocabWords)
    .leftJoin(
      reviewCards,
      and(
        eq(reviewCards.userId, userId),
        eq(reviewCards.hanzi, vocabWords.simplified),
        eq(reviewCards.state, 'review'),
        gte(reviewCards.stability, WORD_KNOWN_STABILITY_DAYS),
      ),
    )
    .where(eq(vocabWords.syllabus, 'hsk2'))
    .groupBy(vocabWords.level);
  const byLevel = new Map(rows.map((r) => [r.level, r]));
  return PROGRESS_HSK_LEVELS.map((level) => ({
    level,
    known: byLevel.get(level)?.known ?? 0,
    total: byLevel.get(level)?.total ?? 0,
  }));
}
