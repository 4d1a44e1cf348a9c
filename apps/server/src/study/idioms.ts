import { and, asc, eq, inArray } from 'drizzle-orm';
import { paginate } from '@kouyu/core';
import type { Idiom, Language, Pagination } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { idiomCategories, idioms, userIdioms } from '../db/schema.js';
import { ContentCache } from './content-cache.js';
import { foldText, searchEntries } from './search.js';
import type { Searchable } from './search.js';

export type IdiomRow = typeof idioms.$inferSelect;
type Names = { en: string; zh: string; ru: string };
type Category = { id: string; position: number; name: Names };

export interface IdiomEntry {
  row: IdiomRow;
  category: Category | null;
  /** Search fields per UI language. */
  search: Record<Language, Searchable>;
}

export interface IdiomContent {
  categories: Category[];
  /** Every idiom, by id. */
  byId: Map<number, IdiomEntry>;
  /** Every idiom text, to tell whether a string is a real idiom. */
  texts: Set<string>;
  /** Curated idioms in category order. */
  curated: IdiomEntry[];
  all: IdiomEntry[];
}

const localised = (text: Partial<Names> | null, language: Language) => {
  const own = text?.[language];
  if (own) return { text: own, language };
  return text?.en ? { text: text.en, language: 'en' as const } : null;
};

/** The meaning of an idiom in the UI language (CC-CEDICT idioms have an English gloss only). */
export function meaningOf(row: Pick<IdiomRow, 'meaning' | 'en'>, language: Language): string {
  return row.meaning?.[language] ?? row.en;
}

/** An idiom as the API sends it, in the UI language. */
export function toIdiom(entry: IdiomEntry, language: Language, favourite: boolean): Idiom {
  const { row, category } = entry;
  return {
    id: row.id,
    chengyu: row.chengyu,
    traditional: row.traditional,
    pinyin: row.pinyin,
    curated: row.curated,
    category: category ? { id: category.id, name: category.name[language] } : null,
    hsk_level: row.hskLevel,
    meaning: meaningOf(row, language),
    en: row.en,
    literal: localised(row.literal, language),
    example: row.example
      ? {
          zh: row.example.zh,
          pinyin: row.example.pinyin,
          translation: language === 'ru' ? row.example.ru : row.example.en,
        }
      : null,
    origin: localised(row.origin, language),
    is_favourite: favourite,
  };
}

async function loadIdioms(db: Db): Promise<IdiomContent> {
  const [categories, rows] = await Promise.all([
    db.select().from(idiomCategories).orderBy(asc(idiomCategories.position)),
    db.select().from(idioms).orderBy(asc(idioms.id)),
  ]);
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const all = rows.map((row): IdiomEntry => {
    const chars = row.traditional ? [row.chengyu, row.traditional] : [row.chengyu];
    const pinyin = row.pinyin;
    // English readers and Chinese readers typing Latin letters search the English meanings.
    const en = { chars, pinyin, gloss: foldText([row.meaning?.en, row.en].filter(Boolean).join('; ')) };
    return {
      row,
      category: row.categoryId ? (categoryById.get(row.categoryId) ?? null) : null,
      search: {
        en,
        zh: { ...en, meaningZh: row.meaning?.zh ?? '' },
        ru: { chars, pinyin, gloss: foldText(row.meaning?.ru ?? '') },
      },
    };
  });
  const curated = all
    .filter((e) => e.row.curated)
    .sort((a, b) => (a.category?.position ?? 1e9) - (b.category?.position ?? 1e9) || a.row.id - b.row.id);
  return {
    categories,
    byId: new Map(all.map((e) => [e.row.id, e])),
    texts: new Set(all.map((e) => e.row.chengyu)),
    curated,
    all,
  };
}

/** Which of these idioms the user keeps as favourites. */
export async function favouriteIds(db: Db, userId: number | null, ids: number[]): Promise<Set<number>> {
  if (userId === null || ids.length === 0) return new Set();
  const rows = await db
    .select({ id: userIdioms.idiomId })
    .from(userIdioms)
    .where(and(eq(userIdioms.userId, userId), inArray(userIdioms.idiomId, ids)));
  return new Set(rows.map((r) => r.id));
}

export interface IdiomsListQuery {
  page: number;
  page_size: number;
  category?: string | undefined;
  search?: string | undefined;
  language: Language;
}

/** The idioms, searched in memory (see ContentCache). */
export class IdiomIndex {
  private readonly cache: ContentCache<IdiomContent>;

  constructor(private readonly db: Db) {
    this.cache = new ContentCache(db, 'idioms', loadIdioms);
  }

  /** The loaded content (practice questions are built from it). */
  content(): Promise<IdiomContent> {
    return this.cache.get();
  }

  /** A page: the curated idioms by category, or the ranked results of a search over every idiom. */
  async list(q: IdiomsListQuery, userId: number | null): Promise<{ data: Idiom[]; pagination: Pagination }> {
    const c = await this.cache.get();
    // A category narrows to curated idioms (only they have one).
    const pool = q.category
      ? c.curated.filter((e) => e.category?.id === q.category)
      : q.search
        ? c.all
        : c.curated;
    const found = q.search
      ? searchEntries(
          pool,
          q.search,
          (e) => e.search[q.language],
          (a, b) =>
            Number(b.row.curated) - Number(a.row.curated) ||
            a.row.chengyu.length - b.row.chengyu.length ||
            a.row.id - b.row.id,
        )
      : pool;
    const start = (q.page - 1) * q.page_size;
    const page = found.slice(start, start + q.page_size);
    const favourites = await favouriteIds(
      this.db,
      userId,
      page.map((e) => e.row.id),
    );
    return {
      data: page.map((e) => toIdiom(e, q.language, favourites.has(e.row.id))),
      pagination: paginate(q.page, q.page_size, found.length),
    };
  }

  /** One idiom, or null. */
  async find(id: number, language: Language, userId: number | null): Promise<Idiom | null> {
    const entry = (await this.cache.get()).byId.get(id);
    if (!entry) return null;
    const favourites = await favouriteIds(this.db, userId, [id]);
    return toIdiom(entry, language, favourites.has(id));
  }

  /** The categories in their order, localised, with the number of curated idioms in each. */
  async categories(language: Language) {
    const c = await this.cache.get();
    return c.categories.map((cat) => ({
      id: cat.id,
      name: cat.name[language],
      count: c.curated.filter((e) => e.category?.id === cat.id).length,
    }));
  }
}
