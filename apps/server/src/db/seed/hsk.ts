import { z } from 'zod';
import { SYLLABUSES } from '@kouyu/core';
import type { Db } from '../client.js';
import { hskSets } from '../schema.js';
import { readData } from './files.js';
import type { SeedStep } from './index.js';

const localised = z.object({ en: z.string().min(1), zh: z.string().min(1), ru: z.string().min(1) });

export const hskSetSchema = z.object({
  id: z.string().regex(/^hsk[1-6]-(listening|reading|writing)-\d+$/),
  /** HSK 2.0 sets keep the old format; HSK 3.0 sets follow the 2025 syllabus (docs/content.md). */
  syllabus: z.enum(SYLLABUSES),
  level: z.number().int().min(1).max(6),
  section: z.enum(['listening', 'reading', 'writing']),
  number: z.number().int().positive(),
  title: localised,
  time_limit: z.number().int().positive(),
  instructions: localised,
  items: z.array(z.object({ id: z.string().min(1), type: z.string().min(1) }).passthrough()).min(1),
});

/** Every HSK practice set, parsed and checked. */
export function loadHskSets() {
  const { files, version } = readData('hsk');
  return { sets: files.map((f) => hskSetSchema.parse(f.json)), version };
}

export const hskSeed = (): SeedStep => {
  const { sets, version } = loadHskSets();
  return {
    key: 'hsk',
    version,
    async run(db: Db) {
      await db.transaction(async (tx) => {
        for (const s of sets) {
          const row = {
            id: s.id,
            syllabus: s.syllabus,
            level: s.level,
            section: s.section,
            number: s.number,
            title: s.title,
            instructions: s.instructions,
            timeLimit: s.time_limit,
            items: s.items,
          };
          await tx.insert(hskSets).values(row).onConflictDoUpdate({ target: hskSets.id, set: row });
        }
      });
      return `${sets.length} HSK practice sets`;
    },
  };
};
