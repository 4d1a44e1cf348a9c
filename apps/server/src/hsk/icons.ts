import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { hskSets } from '../db/schema.js';
import { iconsOf, storedItemSchema } from './content.js';

/** Fluent Emoji Flat (MIT) pictures of the HSK items, served from this server as SVG, never from a CDN. */

const require = createRequire(import.meta.url);
const PACKAGE = '@iconify-json/fluent-emoji-flat';

export const ICON_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const iconSetSchema = z.object({
  width: z.number().default(16),
  height: z.number().default(16),
  icons: z.record(z.string(), z.object({ body: z.string() })),
  aliases: z.record(z.string(), z.object({ parent: z.string() }).passthrough()).default({}),
});

const packageSchema = z.object({ version: z.string() });

/** The icon package's version: part of every icon URL, so a long cache never serves an old picture. */
export const ICONS_VERSION: string = packageSchema.parse(require(`${PACKAGE}/package.json`)).version;

/** The URL of an icon's SVG. */
export function iconUrl(name: string): string {
  return `/api/v1/hsk/icons/${name}.svg?v=${ICONS_VERSION}`;
}

/** One SVG document per name, for `names` only: the 9 MB set is read once and dropped. */
export async function buildIconSvgs(names: Iterable<string>): Promise<Map<string, string>> {
  const set = iconSetSchema.parse(
    JSON.parse(await readFile(require.resolve(`${PACKAGE}/icons.json`), 'utf8')),
  );
  const out = new Map<string, string>();
  for (const name of names) {
    // Plain aliases only; a flipped or rotated alias would need a transform no item uses.
    const alias = set.aliases[name];
    const plain = alias && Object.keys(alias).length === 1 ? alias.parent : name;
    const icon = set.icons[plain];
    if (!icon) continue;
    out.set(
      name,
      `<svg xmlns="http://www.w3.org/2000/svg" width="${set.width}" height="${set.height}" viewBox="0 0 ${set.width} ${set.height}">${icon.body}</svg>`,
    );
  }
  return out;
}

const built = new WeakMap<Db, Promise<Map<string, string>>>();

/** The SVGs of every icon the stored sets use, built on first request (the seed runs before listening). */
export function contentIcons(db: Db): Promise<Map<string, string>> {
  let icons = built.get(db);
  if (!icons) {
    icons = (async () => {
      const rows = await db.select({ items: hskSets.items }).from(hskSets);
      const names = rows.flatMap((r) => iconsOf(z.array(storedItemSchema).parse(r.items)));
      return buildIconSvgs(names);
    })();
    // A failed build is retried on the next request rather than remembered.
    icons.catch(() => built.delete(db));
    built.set(db, icons);
  }
  return icons;
}
