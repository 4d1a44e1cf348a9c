import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hanziDataSchema, hanziParams } from '@kouyu/core';
import type { HanziData } from '@kouyu/core';
import { ResponseCache, SELF_COMPRESSED } from '../../../plugins/content-response.js';
import { errors } from '../../../lib/errors.js';

// The package holds one JSON file per character (about 9,500, 47 MB): each is read when first asked
// for, never all at boot. Resolved through the server's own dependencies, so `npm ci` (and the image,
// which keeps production dependencies) brings the data.
const DATA_DIR = path.dirname(createRequire(import.meta.url).resolve('hanzi-writer-data/package.json'));

// Enough for every HSK 1-6 character a busy server is asked for; one entry is about 2-5 KB.
const CACHED_CHARACTERS = 600;

/** The stroke data of one character from the package, or null when it has none. */
export async function readHanziData(char: string, dir = DATA_DIR): Promise<HanziData | null> {
  try {
    // `char` is one Han character (checked by the params schema), so it cannot leave the folder.
    return hanziDataSchema.parse(JSON.parse(await readFile(path.join(dir, `${char}.json`), 'utf8')));
  } catch (err) {
    if (err instanceof Error && 'code' in err && err.code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Stroke order of one character for Hanzi Writer (decision 029), served by us rather than a CDN.
 * Public content: guests too. The answer never changes for a URL, so it is cached for a year.
 */
export const hanziRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new ResponseCache(CACHED_CHARACTERS);

  app.get(
    '/:char',
    { ...SELF_COMPRESSED, schema: { params: hanziParams, response: { 200: hanziDataSchema } } },
    (req, reply) =>
      cache.send(
        req,
        reply,
        req.params.char,
        hanziDataSchema,
        async () => {
          const data = await readHanziData(req.params.char);
          if (!data) throw errors.notFound('hanzi_not_found');
          return { value: data, cache: true };
        },
        { shared: true, immutable: true },
      ),
  );
};
