import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { plainPinyin } from '@kouyu/core';
import { openTestDatabase, testDriver } from '../../test/app.js';
import type { Database } from '../client.js';
import {
  appMeta,
  hskSets,
  hskkQuestions,
  hskkTests,
  idioms,
  vocabCharacters,
  vocabWords,
} from '../schema.js';
import { dataDir } from './files.js';
import { loadHskkTests } from './hskk.js';
import { loadHskSets } from './hsk.js';
import { loadIdioms } from './idioms.js';
import { loadVocabulary, syllabusEntries } from './vocab.js';
import { defaultSeedSteps, seedContent } from './index.js';

const silent = { info: () => undefined };
/** The vocabulary help's running totals: spec 000 §1 (HSK1 150, HSK2 300, HSK3 600), then the HSK 2.0 syllabus. */
const HSK2_HELP_TOTALS = [150, 300, 600, 1200, 2500, 5000];

describe(`content seed on ${testDriver}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it('loads every content set, and a second run changes nothing', async () => {
    const db = database.db;
    await seedContent(db, silent);
    const counts = async () => ({
      tests: (await db.select({ n: count() }).from(hskkTests))[0]?.n,
      questions: (await db.select({ n: count() }).from(hskkQuestions))[0]?.n,
      words: (await db.select({ n: count() }).from(vocabWords).where(eq(vocabWords.syllabus, 'hsk2')))[0]?.n,
      words3: (await db.select({ n: count() }).from(vocabWords).where(eq(vocabWords.syllabus, 'hsk3')))[0]?.n,
      characters: (
        await db.select({ n: count() }).from(vocabCharacters).where(eq(vocabCharacters.syllabus, 'hsk3'))
      )[0]?.n,
      idioms: (await db.select({ n: count() }).from(idioms))[0]?.n,
      sets: (await db.select({ n: count() }).from(hskSets))[0]?.n,
    });
    const first = await counts();
    expect(first).toMatchObject({ tests: 18, words: 5000, words3: 11105, characters: 3088, sets: 48 });
    // The vocabulary help's totals (spec 000 §1 for HSK 1-3, the HSK 2.0 syllabus beyond), level by level.
    const perLevel = await db
      .select({ level: vocabWords.level, n: count() })
      .from(vocabWords)
      .where(eq(vocabWords.syllabus, 'hsk2'))
      .groupBy(vocabWords.level)
      .orderBy(vocabWords.level);
    let total = 0;
    expect(perLevel.map((l) => (total += l.n))).toEqual(HSK2_HELP_TOTALS);
    const [pair] = await db.select().from(vocabWords).where(eq(vocabWords.written, '虽然……但是'));
    expect(pair).toMatchObject({ syllabus: 'hsk2', level: 2, simplified: '虽然', forms: ['但是'] });
    expect(first.idioms).toBeGreaterThan(5700);
    const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, 'seed:vocab'));
    expect(meta?.value).toMatch(/^[0-9a-f]{16}\.[0-9a-f]{16}$/);
    let ran = 0;
    await seedContent(
      db,
      silent,
      defaultSeedSteps().map((s) => ({ ...s, run: async (d) => ((ran += 1), s.run(d)) })),
    );
    expect(ran).toBe(0);
    // Forced re-run: upserts keep ids and counts.
    const [before] = await db.select({ id: idioms.id }).from(idioms).where(eq(idioms.chengyu, '画蛇添足'));
    for (const step of defaultSeedSteps()) await step.run(db);
    expect(await counts()).toEqual(first);
    const [after] = await db.select({ id: idioms.id }).from(idioms).where(eq(idioms.chengyu, '画蛇添足'));
    expect(after?.id).toBe(before?.id);
  }, 120_000);
});

describe('content quality', () => {
  const { tests } = loadHskkTests();
  const vocab = loadVocabulary();
  const known = (maxLevel: number) =>
    new Set(vocab.levels.filter((l) => l.level <= maxLevel).flatMap((l) => l.words.map((w) => w.simplified)));

  it('has 6 HSKK tests per level in the official format', () => {
    const shape = { basic: [15, 10, 2], intermediate: [10, 2, 2], advanced: [3, 1, 2] } as const;
    for (const level of ['basic', 'intermediate', 'advanced'] as const) {
      const own = tests.filter((t) => t.level === level);
      expect(own).toHaveLength(6);
      for (const t of own) expect(t.parts.map((p) => p.questions.length)).toEqual(shape[level]);
      expect(own.filter((t) => t.is_try).map((t) => t.number)).toEqual([1]);
      expect(own.some((t) => t.is_official)).toBe(true);
      expect(own.some((t) => !t.is_official && !t.is_try)).toBe(true);
    }
  });

  it('gives every question its audio text, and every repeat/read-aloud item its reference', () => {
    for (const t of tests)
      for (const p of t.parts)
        for (const q of p.questions) {
          expect(q.audio_text.trim(), `${t.id}/${p.part}/${q.number}`).not.toBe('');
          if (['repeat', 'read_aloud', 'retell'].includes(q.question_type))
            expect(q.reference_text?.trim()).toBeTruthy();
          if (['open', 'answer', 'picture', 'retell'].includes(q.question_type))
            expect(q.key_points?.length).toBeGreaterThan(0);
        }
  });

  it('has every picture it points to, and unique ids', () => {
    const ids = tests.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of tests)
      for (const p of t.parts)
        for (const q of p.questions)
          for (const url of q.image_urls ?? []) {
            const file = path.join(dataDir, url.replace('/content/', ''));
            expect(existsSync(file), url).toBe(true);
          }
  });

  it('keeps basic and intermediate texts within their HSK vocabulary', () => {
    const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
    for (const [level, max] of [
      ['basic', 2],
      ['intermediate', 4],
    ] as const) {
      const words = known(max);
      const chars = new Set([...words].flatMap((w) => Array.from(w)));
      for (const t of tests.filter((x) => x.level === level)) {
        const text = t.parts
          .flatMap((p) => p.questions.map((q) => `${q.audio_text}${q.reference_text ?? ''}`))
          .join('');
        const tokens = [...segmenter.segment(text)].filter(
          (s) => s.isWordLike && /\p{Script=Han}/u.test(s.segment),
        );
        const outside = tokens.filter(
          (s) => !words.has(s.segment) && !Array.from(s.segment).every((c) => chars.has(c)),
        );
        expect(
          outside.length / tokens.length,
          `${t.id}: ${outside.map((s) => s.segment).join(' ')}`,
        ).toBeLessThan(0.03);
      }
    }
  });

  it('lists as many HSK 2.0 entries per level as the vocabulary help says, a pair such as 虽然……但是 being one', () => {
    const entries = syllabusEntries(vocab);
    let total = 0;
    expect(entries.map((l) => (total += l.words.length))).toEqual(HSK2_HELP_TOTALS);
    expect(entries.map((l) => l.words.length)).toEqual([150, 150, 300, 600, 1300, 2500]);
    const level2 = entries[1]?.words ?? [];
    const pair = level2.find((w) => w.written === '虽然……但是');
    expect(pair).toMatchObject({ simplified: '虽然', forms: ['但是'], level: 2 });
    expect(pair?.ru).toMatch(/\p{Script=Cyrillic}/u);
    // 但是 is no entry of its own any more; 因为 and 所以 stay two, as the syllabus lists them.
    expect(level2.filter((w) => w.simplified === '但是')).toHaveLength(0);
    expect(level2.filter((w) => ['因为', '所以'].includes(w.simplified))).toHaveLength(2);
    // The dictionary rows the examiner reads keep both words at HSK 2.
    expect(vocab.levels[1]?.words.filter((w) => ['虽然', '但是'].includes(w.simplified))).toHaveLength(2);
  });

  it('has the HSK 2.0 word lists with Russian glosses for every word', () => {
    // One dictionary row per word: the pair 虽然……但是 is two here, folded into one entry at the seed.
    expect(vocab.levels.map((l) => l.words.length)).toEqual([150, 151, 300, 600, 1300, 2500]);
    for (const l of vocab.levels) {
      const seen = new Set<string>();
      for (const w of l.words) {
        expect(seen.has(w.simplified), `duplicate ${w.simplified} in HSK ${l.level}`).toBe(false);
        seen.add(w.simplified);
        expect(w.ru, `${w.simplified} has no Russian`).toMatch(/\p{Script=Cyrillic}/u);
        expect(plainPinyin(w.pinyin)).toBe(plainPinyin(w.pinyin_num));
      }
    }
  });

  it('has 300 curated idioms in three languages whose pinyin agrees with the dictionary', () => {
    const data = loadIdioms();
    expect(data.curated).toHaveLength(300);
    expect(new Set(data.curated.map((c) => c.chengyu)).size).toBe(300);
    const categoryIds = new Set(data.categories.map((c) => c.id));
    const cedict = new Map(data.cedict.map((e) => [e.simplified, e]));
    let compared = 0;
    for (const c of data.curated) {
      expect(categoryIds.has(c.category), c.chengyu).toBe(true);
      const entry = cedict.get(c.chengyu);
      // Toneless comparison: the curated pinyin marks 一/不 sandhi, the dictionary does not.
      if (entry) {
        compared += 1;
        expect(plainPinyin(c.pinyin), c.chengyu).toBe(plainPinyin(entry.pinyin_num));
      }
    }
    expect(compared).toBeGreaterThan(200);
    expect(data.cedict.length).toBeGreaterThan(5700);
  });

  it('has 2 listening and 2 reading HSK 2.0 sets per level, 2 writing sets for levels 3-6, answers included', () => {
    const { sets } = loadHskSets();
    for (let level = 1; level <= 6; level++) {
      const own = sets.filter((s) => s.level === level && s.syllabus === 'hsk2');
      expect(own.filter((s) => s.section === 'listening')).toHaveLength(2);
      expect(own.filter((s) => s.section === 'reading')).toHaveLength(2);
      expect(own.filter((s) => s.section === 'writing')).toHaveLength(level >= 3 ? 2 : 0);
    }
    const itemIds = sets.flatMap((s) => s.items.map((i) => i.id));
    expect(new Set(itemIds).size).toBe(itemIds.length);
    for (const s of sets)
      for (const item of s.items) expect('answer' in item || 'model_answer' in item, item.id).toBe(true);
  });
});
