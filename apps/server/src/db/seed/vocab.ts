import { and, eq, gte } from 'drizzle-orm';
import { z } from 'zod';
import { HSK_LEVELS, SYLLABUS_LEVELS, hasHan, plainPinyin } from '@kouyu/core';
import type { Syllabus } from '@kouyu/core';
import type { Db } from '../client.js';
import { vocabCharacters, vocabWords } from '../schema.js';
import { excluded, inBatches, readData } from './files.js';
import type { SeedStep } from './index.js';

export const vocabEntrySchema = z.object({
  simplified: z.string().min(1),
  traditional: z.string().min(1),
  pinyin: z.string().min(1),
  pinyin_num: z.string().min(1),
  en: z.string().min(1),
  measure_words: z.array(z.object({ simplified: z.string(), pinyin: z.string() }).passthrough()).optional(),
  pos: z.string().optional(),
  level: z.number().int().min(1).max(6),
});

/** An HSK 3.0 entry as `scripts/content/build-hsk3.mjs` writes it (level 7: the 7-9 band). */
export const hsk3EntrySchema = vocabEntrySchema.extend({
  level: z.number().int().min(1).max(7),
  sense: z.number().int().min(0),
  level_note: z.string(),
  written: z.string().optional(),
  forms: z.array(z.string()).optional(),
  frequency: z.number(),
});
export type Hsk3Entry = z.infer<typeof hsk3EntrySchema>;

/** The level file names of HSK 3.0, in level order. */
export const HSK3_LEVEL_FILES = [
  'level-1',
  'level-2',
  'level-3',
  'level-4',
  'level-5',
  'level-6',
  'level-7-9',
];

const ruGlosses = z.record(z.string(), z.string().min(1));

const pairSchema = z.object({
  level: z.number().int().min(1).max(6),
  words: z.array(z.string().min(1)).min(2),
  written: z.string().min(1),
  pinyin: z.string().min(1),
  pinyin_num: z.string().min(1),
  en: z.string().min(1),
  ru: z.string().min(1),
});

/**
 * Every HSK 2.0 word list with its Russian glosses, parsed and checked: one dictionary row per word, as
 * the examiner's vocabulary measure reads them. `pairs` are the syllabus's entries of two words
 * (虽然……但是, decision 030), which the seed folds into one row.
 */
export function loadVocabulary() {
  const { files, version } = readData('vocab', (n) => /^((ru-)?hsk\d|pairs)\.json$/.test(n));
  const byName = new Map(files.map((f) => [f.name, f.json]));
  const levels = HSK_LEVELS.map((level) => {
    const words = z.array(vocabEntrySchema).parse(byName.get(`hsk${level}.json`));
    const ru = ruGlosses.parse(byName.get(`ru-hsk${level}.json`));
    return { level, words: words.map((w) => ({ ...w, ru: ru[w.simplified] ?? '' })) };
  });
  const pairs = z.array(pairSchema).parse(byName.get('pairs.json') ?? []);
  return { levels, pairs, version };
}

type Hsk2Levels = ReturnType<typeof loadVocabulary>['levels'];
type Hsk2Word = Hsk2Levels[number]['words'][number] & { written?: string; forms?: string[] };

/**
 * The entries of the HSK 2.0 syllabus: a pair's words become one entry headed by its first word, at the
 * place of whichever half the list has first, with the other words as `forms` (found by search, known
 * to the examiner and to dictation as they were).
 */
export function syllabusEntries({
  levels,
  pairs,
}: Pick<ReturnType<typeof loadVocabulary>, 'levels' | 'pairs'>) {
  return levels.map(({ level, words }) => {
    const own = pairs.filter((p) => p.level === level);
    const out: Hsk2Word[] = [];
    for (const w of words) {
      const pair = own.find((p) => p.words.includes(w.simplified));
      if (!pair) {
        out.push(w);
        continue;
      }
      if (out.some((e) => e.written === pair.written)) continue;
      const [head, ...rest] = pair.words;
      const first = words.find((x) => x.simplified === head);
      if (!first || rest.some((r) => !words.some((x) => x.simplified === r)))
        throw new Error(`HSK 2.0 pair ${pair.written}: a word is not in level ${level}`);
      const { pinyin, pinyin_num, en, ru, written } = pair;
      out.push({ ...first, pinyin, pinyin_num, en, ru, written, forms: rest });
    }
    return { level, words: out };
  });
}

/**
 * The HSK 3.0 lists with their characters. Russian: `hsk3/ru-hsk3.json` (`{"word|pinyin_num": "…"}`),
 * else the HSK 2.0 gloss of the same word and reading; '' where there is none yet (English is shown).
 */
export function loadHsk3Vocabulary(hsk2 = loadVocabulary()) {
  const { files, version } = readData('vocab/hsk3', (n) => /^(level-.*|characters|ru-hsk3)\.json$/.test(n));
  const byName = new Map(files.map((f) => [f.name, f.json]));
  const ru3 = ruGlosses.parse(byName.get('ru-hsk3.json') ?? {});
  const ru2 = new Map<string, { num: string; ru: string }[]>();
  for (const l of hsk2.levels)
    for (const w of l.words)
      if (w.ru) ru2.set(w.simplified, [...(ru2.get(w.simplified) ?? []), { num: w.pinyin_num, ru: w.ru }]);
  // The HSK 2.0 gloss of the same word and reading; a neutral tone on either side is the same reading
  // (学生 xué sheng / xué shēng), another tone is not (只 zhī is not 只 zhǐ).
  const sameReading = (a: string, b: string) => {
    const x = a.toLowerCase().split(' ');
    const y = b.toLowerCase().split(' ');
    return (
      x.length === y.length &&
      x.every((s, i) => {
        const t = y[i] ?? '';
        return s === t || (s.slice(0, -1) === t.slice(0, -1) && (s.endsWith('5') || t.endsWith('5')));
      })
    );
  };
  const hsk2Ru = (word: string, num: string) => ru2.get(word)?.find((c) => sameReading(c.num, num))?.ru;
  const levels = HSK3_LEVEL_FILES.map((name, i) => {
    const words = z.array(hsk3EntrySchema).parse(byName.get(`${name}.json`));
    return {
      level: i + 1,
      words: words.map((w) => {
        const key = `${w.simplified}|${w.pinyin_num}`;
        return { ...w, ru: ru3[key] ?? hsk2Ru(w.simplified, w.pinyin_num) ?? '' };
      }),
    };
  });
  const characters = z
    .array(z.object({ level: z.number().int(), characters: z.array(z.string().length(1)) }))
    .parse(byName.get('characters.json'));
  return { levels, characters, version };
}

/** HSK 2.0 has no character lists: a level's characters are those its words use first. */
export function hsk2Characters(levels: Hsk2Levels) {
  const seen = new Set<string>();
  return levels.map(({ level, words }) => {
    const characters: string[] = [];
    for (const w of words)
      for (const c of w.simplified)
        if (hasHan(c) && !seen.has(c)) {
          seen.add(c);
          characters.push(c);
        }
    return { level, characters };
  });
}

interface WordRowInput {
  level: number;
  simplified: string;
  traditional: string;
  pinyin: string;
  pinyin_num: string;
  en: string;
  ru: string;
  measure_words?: { simplified: string; pinyin: string }[] | undefined;
  pos?: string | undefined;
  sense?: number;
  level_note?: string;
  written?: string | undefined;
  forms?: string[] | undefined;
}

const toRows = (syllabus: Syllabus, levels: { level: number; words: WordRowInput[] }[]) =>
  levels.flatMap(({ level, words }) =>
    words.map((w, position) => ({
      syllabus,
      level,
      position,
      simplified: w.simplified,
      traditional: w.traditional,
      pinyin: w.pinyin,
      pinyinNum: w.pinyin_num,
      pinyinPlain: plainPinyin(w.pinyin_num),
      en: w.en,
      ru: w.ru,
      measureWords: (w.measure_words ?? []).map((m) => ({ simplified: m.simplified, pinyin: m.pinyin })),
      pos: w.pos || null,
      sense: w.sense ?? 0,
      levelNote: w.level_note ?? null,
      written: w.written ?? null,
      forms: w.forms ?? [],
    })),
  );

export const vocabSeed = (): SeedStep => {
  const hsk2 = loadVocabulary();
  const hsk3 = loadHsk3Vocabulary(hsk2);
  const bySyllabus = [
    { syllabus: 'hsk2' as const, levels: syllabusEntries(hsk2), characters: hsk2Characters(hsk2.levels) },
    { syllabus: 'hsk3' as const, levels: hsk3.levels, characters: hsk3.characters },
  ];
  return {
    key: 'vocab',
    version: `${hsk2.version}.${hsk3.version}`,
    async run(db: Db) {
      let words = 0;
      await db.transaction(async (tx) => {
        for (const { syllabus, levels, characters } of bySyllabus) {
          const rows = toRows(syllabus, levels);
          words += rows.length;
          await inBatches(rows, 500, async (batch) => {
            await tx
              .insert(vocabWords)
              .values(batch)
              .onConflictDoUpdate({
                target: [vocabWords.syllabus, vocabWords.level, vocabWords.position],
                set: Object.fromEntries(
                  (
                    [
                      ['simplified', 'simplified'],
                      ['traditional', 'traditional'],
                      ['pinyin', 'pinyin'],
                      ['pinyinNum', 'pinyin_num'],
                      ['pinyinPlain', 'pinyin_plain'],
                      ['en', 'en'],
                      ['ru', 'ru'],
                      ['measureWords', 'measure_words'],
                      ['pos', 'pos'],
                      ['sense', 'sense'],
                      ['levelNote', 'level_note'],
                      ['written', 'written'],
                      ['forms', 'forms'],
                    ] as const
                  ).map(([key, column]) => [key, excluded(column)]),
                ),
              });
          });
          // A list that got shorter leaves no word behind.
          for (const level of SYLLABUS_LEVELS[syllabus]) {
            const count = levels.find((l) => l.level === level)?.words.length ?? 0;
            await tx
              .delete(vocabWords)
              .where(
                and(
                  eq(vocabWords.syllabus, syllabus),
                  eq(vocabWords.level, level),
                  gte(vocabWords.position, count),
                ),
              );
          }
          await tx.delete(vocabCharacters).where(eq(vocabCharacters.syllabus, syllabus));
          const chars = characters.flatMap(({ level, characters: list }) =>
            list.map((character, position) => ({ syllabus, level, position, character })),
          );
          await inBatches(chars, 1000, (batch) => tx.insert(vocabCharacters).values(batch));
        }
      });
      return `${words} HSK words`;
    },
  };
};
