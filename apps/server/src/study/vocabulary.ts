import { asc } from 'drizzle-orm';
import { HSK_LEVELS, glossLanguage, paginate } from '@kouyu/core';
import type { Language, Pagination, VocabWord } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { vocabWords } from '../db/schema.js';
import { ContentCache } from './content-cache.js';
import { foldText, searchEntries } from './search.js';
import type { Searchable } from './search.js';

type WordRow = typeof vocabWords.$inferSelect;

interface WordEntry {
  row: WordRow;
  en: Searchable;
  ru: Searchable;
}

/** A word as the API sends it: `meaning` is the gloss of the UI language. */
export function toWord(row: WordRow, language: Language): VocabWord {
  return {
    id: row.id,
    level: row.level,
    position: row.position,
    simplified: row.simplified,
    traditional: row.traditional,
    pinyin: row.pinyin,
    pinyin_num: row.pinyinNum,
    meaning: glossLanguage(language) === 'ru' && row.ru ? row.ru : row.en,
    en: row.en,
    ru: row.ru,
    measure_words: row.measureWords.map((m) => ({ simplified: m.simplified, pinyin: m.pinyin })),
    pos: row.pos,
  };
}

async function loadWords(db: Db): Promise<WordEntry[]> {
  const rows = await db.select().from(vocabWords).orderBy(asc(vocabWords.level), asc(vocabWords.position));
  return rows.map((row) => {
    const chars = [row.simplified, row.traditional];
    const pinyin = row.pinyinNum;
    return {
      row,
      en: { chars, pinyin, gloss: foldText(row.en) },
      ru: { chars, pinyin, gloss: foldText(row.ru) },
    };
  });
}

export interface WordsQuery {
  level?: number | undefined;
  search?: string | undefined;
  language: Language;
  page: number;
  page_size: number;
}

/** The HSK words, searched in memory (see ContentCache): a level in book order, or ranked search results. */
export class VocabularyIndex {
  private readonly cache: ContentCache<WordEntry[]>;

  constructor(db: Db) {
    this.cache = new ContentCache(db, 'vocab', loadWords);
  }

  /** A page of words: a level in book order, or a search (every level when none is given). */
  async list(q: WordsQuery): Promise<{ data: VocabWord[]; pagination: Pagination }> {
    const all = await this.cache.get();
    const inLevel = q.level ? all.filter((w) => w.row.level === q.level) : all;
    const gloss = glossLanguage(q.language);
    const found = q.search
      ? searchEntries(
          inLevel,
          q.search,
          (w) => w[gloss],
          (a, b) => a.row.level - b.row.level || a.row.position - b.row.position,
        )
      : inLevel;
    const start = (q.page - 1) * q.page_size;
    return {
      data: found.slice(start, start + q.page_size).map((w) => toWord(w.row, q.language)),
      pagination: paginate(q.page, q.page_size, found.length),
    };
  }

  /** Words per HSK level (every level listed, empty ones with 0). */
  async levels(): Promise<{ level: number; count: number }[]> {
    const all = await this.cache.get();
    return HSK_LEVELS.map((level) => ({ level, count: all.filter((w) => w.row.level === level).length }));
  }
}
