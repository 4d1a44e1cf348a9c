import { asc } from 'drizzle-orm';
import { SYLLABUS_LEVELS, SYLLABUS_UNSPECIFIED, glossLanguage, levelLabel, paginate } from '@kouyu/core';
import type { ChangedWord, Language, Pagination, Syllabus, VocabWord } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { vocabCharacters, vocabWords } from '../db/schema.js';
import { ContentCache } from './content-cache.js';
import { foldText, searchEntries } from './search.js';
import type { Searchable } from './search.js';

type WordRow = typeof vocabWords.$inferSelect;
type Levels = { hsk2: number | null; hsk3: number | null };

interface WordEntry {
  row: WordRow;
  en: Searchable;
  ru: Searchable;
}

interface Content {
  words: Record<Syllabus, WordEntry[]>;
  /** A word's lowest level in each syllabus, by simplified form. */
  levels: Map<string, Levels>;
  characters: Record<Syllabus, Map<number, string[]>>;
}

/**
 * A word as the API sends it: `meaning` is the gloss of the UI language. The syllabus fields are added
 * only when the query named a syllabus, so a call without one answers as it always did.
 */
export function toWord(row: WordRow, language: Language, levels?: Levels): VocabWord {
  const word: VocabWord = {
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
  if (!levels) return word;
  return {
    ...word,
    syllabus: row.syllabus,
    levels,
    level_note: row.levelNote,
    sense: row.sense,
    written: row.written,
  };
}

async function loadContent(db: Db): Promise<Content> {
  const [rows, chars] = await Promise.all([
    db
      .select()
      .from(vocabWords)
      .orderBy(asc(vocabWords.syllabus), asc(vocabWords.level), asc(vocabWords.position)),
    db
      .select()
      .from(vocabCharacters)
      .orderBy(asc(vocabCharacters.syllabus), asc(vocabCharacters.level), asc(vocabCharacters.position)),
  ]);
  const content: Content = {
    words: { hsk2: [], hsk3: [] },
    levels: new Map(),
    characters: { hsk2: new Map(), hsk3: new Map() },
  };
  for (const row of rows) {
    const chars = [row.simplified, row.traditional, ...row.forms];
    const pinyin = row.pinyinNum;
    content.words[row.syllabus].push({
      row,
      en: { chars, pinyin, gloss: foldText(row.en) },
      ru: { chars, pinyin, gloss: foldText(row.ru) },
    });
    // A pair entry's other words (虽然……但是 gives 但是) are words of its level too.
    for (const word of [row.simplified, ...row.forms]) {
      const levels = content.levels.get(word) ?? { hsk2: null, hsk3: null };
      const seen = levels[row.syllabus];
      if (seen === null || row.level < seen) levels[row.syllabus] = row.level;
      content.levels.set(word, levels);
    }
  }
  for (const c of chars) {
    const list = content.characters[c.syllabus].get(c.level) ?? [];
    list.push(c.character);
    content.characters[c.syllabus].set(c.level, list);
  }
  return content;
}

export interface WordsQuery {
  syllabus?: Syllabus | undefined;
  level?: number | undefined;
  search?: string | undefined;
  language: Language;
  page: number;
  page_size: number;
}

/** The HSK words of both syllabuses, searched in memory (see ContentCache). */
export class VocabularyIndex {
  private readonly cache: ContentCache<Content>;

  constructor(db: Db) {
    this.cache = new ContentCache(db, 'vocab', loadContent);
  }

  /**
   * A page of words: a level in book order, or a search (every level when none is given). A search that
   * names a syllabus looks through both: the syllabus's own words first at equal closeness, then the
   * words only the other syllabus has.
   */
  async list(q: WordsQuery): Promise<{ data: VocabWord[]; pagination: Pagination }> {
    const content = await this.cache.get();
    const syllabus = q.syllabus ?? SYLLABUS_UNSPECIFIED;
    const own = content.words[syllabus];
    let pool = q.level ? own.filter((w) => w.row.level === q.level) : own;
    if (q.search && q.syllabus && !q.level) {
      const other = q.syllabus === 'hsk2' ? content.words.hsk3 : content.words.hsk2;
      const ownWords = new Set(own.flatMap((w) => [w.row.simplified, ...w.row.forms]));
      const onlyOther = new Set<string>();
      const extra = other.filter((w) => {
        const key = `${w.row.simplified}|${w.row.pinyinNum}`;
        if (ownWords.has(w.row.simplified) || onlyOther.has(key)) return false;
        onlyOther.add(key);
        return true;
      });
      pool = [...own, ...extra];
    }
    const gloss = glossLanguage(q.language);
    const found = q.search
      ? searchEntries(
          pool,
          q.search,
          (w) => w[gloss],
          (a, b) =>
            Number(a.row.syllabus !== syllabus) - Number(b.row.syllabus !== syllabus) ||
            a.row.level - b.row.level ||
            a.row.position - b.row.position,
        )
      : pool;
    const start = (q.page - 1) * q.page_size;
    const levelsOf = (w: WordEntry) =>
      q.syllabus ? (content.levels.get(w.row.simplified) ?? { hsk2: null, hsk3: null }) : undefined;
    return {
      data: found.slice(start, start + q.page_size).map((w) => toWord(w.row, q.language, levelsOf(w))),
      pagination: paginate(q.page, q.page_size, found.length),
    };
  }

  /** Words (and, with a syllabus, characters) per level; every level listed, empty ones with 0. */
  async levels(
    syllabus?: Syllabus,
  ): Promise<{ level: number; count: number; label?: string; characters?: number }[]> {
    const content = await this.cache.get();
    const s = syllabus ?? SYLLABUS_UNSPECIFIED;
    const words = content.words[s];
    return SYLLABUS_LEVELS[s].map((level) => {
      const count = words.filter((w) => w.row.level === level).length;
      if (!syllabus) return { level, count };
      return {
        level,
        count,
        label: levelLabel(s, level),
        characters: content.characters[s].get(level)?.length ?? 0,
      };
    });
  }

  /** HSK 3.0 level `level` (1-6) against HSK 2.0: words added, moved from another level, dropped. */
  async changes(level: number, language: Language) {
    const content = await this.cache.get();
    const gloss = (row: WordRow) => (glossLanguage(language) === 'ru' && row.ru ? row.ru : row.en);
    const levelsOf = (w: string) => content.levels.get(w) ?? { hsk2: null, hsk3: null };
    const view = (row: WordRow) => ({
      simplified: row.simplified,
      pinyin: row.pinyin,
      meaning: gloss(row).split('; ')[0] ?? '',
      levels: levelsOf(row.simplified),
    });
    const seen = new Set<string>();
    const added: ChangedWord[] = [];
    const moved: ChangedWord[] = [];
    for (const { row } of content.words.hsk3) {
      if (row.level !== level || seen.has(row.simplified)) continue;
      seen.add(row.simplified);
      const old = levelsOf(row.simplified).hsk2;
      if (old === null) added.push(view(row));
      else if (old !== level) moved.push(view(row));
    }
    const inHsk3 = new Set(
      content.words.hsk3.filter((w) => w.row.level <= 6).flatMap((w) => [w.row.simplified, ...w.row.forms]),
    );
    const dropped = content.words.hsk2
      .filter((w) => w.row.level === level && !inHsk3.has(w.row.simplified))
      .map((w) => view(w.row));
    return { level, added, moved, dropped };
  }

  /** The characters new at a level of a syllabus, in the list's order. */
  async characters(syllabus: Syllabus, level: number): Promise<string[]> {
    const content = await this.cache.get();
    return content.characters[syllabus].get(level) ?? [];
  }
}
