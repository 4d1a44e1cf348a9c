import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';

/** The seed data folder (copied next to the compiled code by the build). */
export const dataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data');

/** Parsed JSON files of a data subfolder, in name order, with a content hash for the seed version. */
export function readData(sub: string, filter: (name: string) => boolean = (n) => n.endsWith('.json')) {
  const dir = path.join(dataDir, sub);
  const names = readdirSync(dir).filter(filter).sort();
  const hash = createHash('sha256');
  const files = names.map((name) => {
    const text = readFileSync(path.join(dir, name), 'utf8');
    hash.update(name).update(text);
    return { name, json: JSON.parse(text) as unknown };
  });
  return { files, version: hash.digest('hex').slice(0, 16) };
}

/** Runs `fn` on consecutive slices of `items`. */
export async function inBatches<T>(items: T[], size: number, fn: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await fn(items.slice(i, i + size));
}

/** The proposed value of a column in an upsert (`excluded.<column>`). */
export function excluded(column: string) {
  return sql.raw(`excluded.${column}`);
}
