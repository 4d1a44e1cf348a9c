import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client.js';
import { appMeta } from '../schema.js';
import { hskkSeed } from './hskk.js';
import { vocabSeed } from './vocab.js';
import { idiomsSeed } from './idioms.js';
import { hskSeed } from './hsk.js';

/** A content set the seed loads once per version. */
export interface SeedStep {
  key: string;
  version: string;
  run(db: Db): Promise<string>;
}

/** The content sets, in dependency order. */
export function defaultSeedSteps(): SeedStep[] {
  return [hskkSeed(), vocabSeed(), idiomsSeed(), hskSeed()];
}

/** Loads every content set whose version differs from the recorded one; safe to run at every start. */
export async function seedContent(
  db: Db,
  log: Pick<FastifyBaseLogger, 'info'>,
  steps: SeedStep[] = defaultSeedSteps(),
) {
  for (const step of steps) {
    const key = `seed:${step.key}`;
    const [current] = await db.select().from(appMeta).where(eq(appMeta.key, key));
    if (current?.value === step.version) continue;
    const summary = await step.run(db);
    await db
      .insert(appMeta)
      .values({ key, value: step.version })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: step.version, updatedAt: new Date() } });
    log.info({ step: step.key, version: step.version }, `seeded ${summary}`);
  }
}
