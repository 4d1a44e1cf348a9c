import { z } from 'zod';
import { HSK_LEVELS, plainPinyin } from '@kouyu/core';
import type { Db } from '../client.js';
import { vocabWords } from '../schema.js';
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

/** Every HSK word list with its Russian glosses, parsed and checked. */
export function loadVocabulary() {
  const { files, version } = readData('vocab', (n) => /^(ru-)?hsk\d\.json$/.test(n));
  const byName = new Map(files.map((f) => [f.name, f.json]));
  const levels = HSK_LEVELS.map((level) => {
    const words = z.array(vocabEntrySchema).parse(byName.get(`hsk${level}.json`));
    const ru = z.record(z.string(), z.string().min(1)).parse(byName.get(`ru-hsk${level}.json`));
    return { level, words: words.map((w) => ({ ...w, ru: ru[w.simplified] ?? '' })) };
  });
  return { levels, version };
}

export const vocabSeed = (): SeedStep => {
  const { levels, version } = loadVocabulary();
  return {
    key: 'vocab',
    version,
    async run(db: Db) {
      const rows = levels.flatMap(({ level, words }) =>
        words.map((w, position) => ({
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
          pos: w.pos ?? null,
        })),
      );
      await db.transaction(async (tx) => {
        await inBatches(rows, 500, async (batch) => {
          await tx
            .insert(vocabWords)
            .values(batch)
            .onConflictDoUpdate({
              target: [vocabWords.level, vocabWords.simplified],
              set: {
                position: excluded('position'),
                traditional: excluded('traditional'),
                pinyin: excluded('pinyin'),
                pinyinNum: excluded('pinyin_num'),
                pinyinPlain: excluded('pinyin_plain'),
                en: excluded('en'),
                ru: excluded('ru'),
                measureWords: excluded('measure_words'),
                pos: excluded('pos'),
              },
            });
        });
      });
      return `${rows.length} HSK words`;
    },
  };
};
