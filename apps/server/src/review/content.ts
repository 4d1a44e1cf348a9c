/**
 * What a card shows besides its hanzi, taken from our own content: the HSK word list gives pinyin and
 * meaning, the idiom table an idiom's, and pinyin-pro (already the voice analysis' reader) a character's
 * reading in the sentence it came from.
 */
import { eq, inArray } from 'drizzle-orm';
import { pinyin } from 'pinyin-pro';
import { SYLLABUS_UNSPECIFIED, markedPinyin, syllabusOr, toneOf } from '@kouyu/core';
import type { ReviewMeaning, Syllabus, Tone } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { idioms, users, vocabWords } from '../db/schema.js';

export interface Facts {
  pinyin: string | null;
  tone: Tone | null;
  meaning: ReviewMeaning | null;
  wordId?: number;
  idiomId?: number;
}

/** The UI shows the English gloss to zh readers too (the word list has no Chinese definitions), as vocabulary does. */
function meaningOf(en: string, ru: string | null | undefined): ReviewMeaning {
  return { en, zh: en, ru: ru || en };
}

/** The syllabus a learner studies (HSK 2.0 for a user the database no longer has). */
export async function learnerSyllabus(db: Db, userId: number): Promise<Syllabus> {
  const [row] = await db.select({ syllabus: users.syllabus }).from(users).where(eq(users.id, userId));
  return syllabusOr(row?.syllabus, SYLLABUS_UNSPECIFIED);
}

/**
 * HSK words by simplified form: the entry of the learner's syllabus first (the lowest level's when a word
 * is listed twice), so a card reads the word as the learner's list does; words only the other syllabus
 * lists get its entry.
 */
export async function wordFacts(
  db: Db,
  words: readonly string[],
  syllabus: Syllabus = SYLLABUS_UNSPECIFIED,
): Promise<Map<string, Facts>> {
  const out = new Map<string, Facts>();
  if (words.length === 0) return out;
  const rows = await db
    .select({
      id: vocabWords.id,
      syllabus: vocabWords.syllabus,
      level: vocabWords.level,
      simplified: vocabWords.simplified,
      pinyin: vocabWords.pinyin,
      pinyinNum: vocabWords.pinyinNum,
      en: vocabWords.en,
      ru: vocabWords.ru,
    })
    .from(vocabWords)
    .where(inArray(vocabWords.simplified, [...new Set(words)]));
  const rank = (s: string) => (s === syllabus ? 0 : 1);
  rows.sort((a, b) => rank(a.syllabus) - rank(b.syllabus) || a.level - b.level);
  for (const r of rows) {
    if (out.has(r.simplified)) continue;
    const single = [...r.simplified].length === 1;
    out.set(r.simplified, {
      pinyin: r.pinyin,
      tone: single ? toneOf(r.pinyinNum.trim()) : null,
      meaning: meaningOf(r.en, r.ru),
      wordId: r.id,
    });
  }
  return out;
}

/** Idioms by their characters. */
export async function idiomFacts(db: Db, chengyu: readonly string[]): Promise<Map<string, Facts>> {
  const out = new Map<string, Facts>();
  if (chengyu.length === 0) return out;
  const rows = await db
    .select({
      id: idioms.id,
      chengyu: idioms.chengyu,
      pinyin: idioms.pinyin,
      en: idioms.en,
      meaning: idioms.meaning,
    })
    .from(idioms)
    .where(inArray(idioms.chengyu, [...new Set(chengyu)]));
  for (const r of rows) {
    out.set(r.chengyu, {
      pinyin: r.pinyin,
      tone: null,
      meaning: r.meaning ?? meaningOf(r.en, null),
      idiomId: r.id,
    });
  }
  return out;
}

/** Each character's numbered reading in its sentence (polyphones read in context), by position. */
export function readingsInContext(text: string): (string | null)[] {
  return pinyin(text, { type: 'all', toneType: 'num', v: true }).map((item) =>
    item.isZh && /^[a-z]+[0-5]?$/.test(item.pinyin) ? item.pinyin : null,
  );
}

/** Pinyin and tone of one character as read in `context` at `index`, or on its own. */
export function charReading(
  char: string,
  context?: { text: string; index: number },
): Pick<Facts, 'pinyin' | 'tone'> {
  const numbered =
    (context ? readingsInContext(context.text)[context.index] : null) ?? readingsInContext(char)[0] ?? null;
  return numbered ? { pinyin: markedPinyin(numbered), tone: toneOf(numbered) } : { pinyin: null, tone: null };
}
