/**
 * The plan's new words: the first words of the learner's syllabus and level, in the list's order, that
 * the learner has no review card for yet (a word met in review or added to it counts as met).
 */
import { and, asc, eq, notExists } from 'drizzle-orm';
import { TODAY_NEW_WORDS, levelLabel } from '@kouyu/core';
import type { Language, TodaySettings, TodayTask } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { reviewCards, vocabWords } from '../db/schema.js';

export async function newWordsTask(
  db: Db,
  userId: number,
  settings: TodaySettings,
  language: Language,
): Promise<TodayTask | null> {
  const rows = await db
    .select({
      simplified: vocabWords.simplified,
      pinyin: vocabWords.pinyin,
      en: vocabWords.en,
      ru: vocabWords.ru,
    })
    .from(vocabWords)
    .where(
      and(
        eq(vocabWords.syllabus, settings.syllabus),
        eq(vocabWords.level, settings.hsk_level),
        notExists(
          db
            .select({ id: reviewCards.id })
            .from(reviewCards)
            .where(and(eq(reviewCards.userId, userId), eq(reviewCards.hanzi, vocabWords.simplified))),
        ),
      ),
    )
    .orderBy(asc(vocabWords.position))
    .limit(TODAY_NEW_WORDS);
  // Nothing new left at the level (or no list seeded): no task rather than one that cannot be done.
  if (rows.length === 0) return null;
  const level = levelLabel(settings.syllabus, settings.hsk_level);
  return {
    kind: 'words',
    title_key: 'today.tasks.words',
    href: `/vocabulary/${level}?syllabus=${settings.syllabus}`,
    done: false,
    words: rows.map((r) => ({
      simplified: r.simplified,
      pinyin: r.pinyin,
      meaning: language === 'ru' && r.ru ? r.ru : (r.en.split('; ')[0] ?? r.en),
    })),
  };
}
