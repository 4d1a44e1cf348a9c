import { z } from 'zod';
import { plainPinyin } from '@kouyu/core';
import type { Db } from '../client.js';
import { idiomCategories, idioms } from '../schema.js';
import { excluded, inBatches, readData } from './files.js';
import type { SeedStep } from './index.js';

const localised = z.object({ en: z.string().min(1), zh: z.string().min(1), ru: z.string().min(1) });

export const categorySchema = z.object({ id: z.string().min(1), name: localised });
export const curatedIdiomSchema = z.object({
  chengyu: z.string().min(2),
  pinyin: z.string().min(1),
  category: z.string().min(1),
  hsk: z.boolean(),
  hsk_level: z.number().int().min(1).max(6).optional(),
  meaning: localised,
  literal: z.object({ en: z.string() }).partial().passthrough().optional(),
  example: z.object({
    zh: z.string().min(1),
    pinyin: z.string().min(1),
    en: z.string().min(1),
    ru: z.string().min(1),
  }),
  origin: z.object({ en: z.string() }).partial().passthrough().optional(),
});
export const cedictIdiomSchema = z.object({
  simplified: z.string().min(1),
  traditional: z.string().min(1),
  pinyin: z.string().min(1),
  pinyin_num: z.string().min(1),
  en: z.string().min(1),
});

/** Categories, the curated idioms and the CC-CEDICT idiom list, parsed and checked. */
export function loadIdioms() {
  const curated = readData('idioms');
  const cedict = readData('cedict', (n) => n === 'idioms.json');
  const categories = z
    .array(categorySchema)
    .parse(curated.files.find((f) => f.name === 'categories.json')?.json);
  const list = curated.files
    .filter((f) => f.name.startsWith('idioms-'))
    .flatMap((f) => z.array(curatedIdiomSchema).parse(f.json));
  // A few idioms have two dictionary entries (two readings): keep the first reading, join the glosses.
  const merged = new Map<string, z.infer<typeof cedictIdiomSchema>>();
  for (const e of z.array(cedictIdiomSchema).parse(cedict.files[0]?.json)) {
    const seen = merged.get(e.simplified);
    merged.set(e.simplified, seen ? { ...seen, en: `${seen.en}; ${e.en}` } : e);
  }
  return {
    categories,
    curated: list,
    cedict: [...merged.values()],
    version: `${curated.version}-${cedict.version}`,
  };
}

export const idiomsSeed = (): SeedStep => {
  const data = loadIdioms();
  return {
    key: 'idioms',
    version: data.version,
    async run(db: Db) {
      const gloss = new Map(data.cedict.map((e) => [e.simplified, e]));
      const curatedNames = new Set(data.curated.map((c) => c.chengyu));
      const rows = [
        ...data.curated.map((c) => ({
          chengyu: c.chengyu,
          traditional: gloss.get(c.chengyu)?.traditional ?? null,
          pinyin: c.pinyin,
          pinyinPlain: plainPinyin(c.pinyin),
          curated: true,
          categoryId: c.category,
          hsk: c.hsk,
          hskLevel: c.hsk_level ?? null,
          en: gloss.get(c.chengyu)?.en ?? c.meaning.en,
          meaning: c.meaning,
          literal: c.literal ?? null,
          example: c.example,
          origin: c.origin ?? null,
        })),
        ...data.cedict
          .filter((e) => !curatedNames.has(e.simplified))
          .map((e) => ({
            chengyu: e.simplified,
            traditional: e.traditional,
            pinyin: e.pinyin,
            pinyinPlain: plainPinyin(e.pinyin_num),
            curated: false,
            categoryId: null,
            hsk: false,
            hskLevel: null,
            en: e.en,
            meaning: null,
            literal: null,
            example: null,
            origin: null,
          })),
      ];
      await db.transaction(async (tx) => {
        for (const [position, c] of data.categories.entries()) {
          await tx
            .insert(idiomCategories)
            .values({ id: c.id, position, name: c.name })
            .onConflictDoUpdate({ target: idiomCategories.id, set: { position, name: c.name } });
        }
        await inBatches(rows, 500, async (batch) => {
          await tx
            .insert(idioms)
            .values(batch)
            .onConflictDoUpdate({
              target: idioms.chengyu,
              set: {
                traditional: excluded('traditional'),
                pinyin: excluded('pinyin'),
                pinyinPlain: excluded('pinyin_plain'),
                curated: excluded('curated'),
                categoryId: excluded('category_id'),
                hsk: excluded('hsk'),
                hskLevel: excluded('hsk_level'),
                en: excluded('en'),
                meaning: excluded('meaning'),
                literal: excluded('literal'),
                example: excluded('example'),
                origin: excluded('origin'),
              },
            });
        });
      });
      return `${data.categories.length} idiom categories, ${data.curated.length} curated idioms, ${rows.length} idioms in all`;
    },
  };
};
