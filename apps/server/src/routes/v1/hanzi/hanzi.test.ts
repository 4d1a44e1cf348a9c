import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hanziDataSchema, hanziOf } from '@kouyu/core';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { loadVocabulary } from '../../../db/seed/vocab.js';
import { readHanziData } from './index.js';

const dataDir = path.dirname(createRequire(import.meta.url).resolve('hanzi-writer-data/package.json'));

describe(`hanzi stroke data on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (char: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/hanzi/${encodeURIComponent(char)}`, headers });

  it('serves one character as Hanzi Writer reads it, cached for a year with an ETag', async () => {
    const res = await get('你');
    expect(res.statusCode, res.body).toBe(200);
    const data = hanziDataSchema.parse(res.json());
    expect(data.strokes).toHaveLength(7);
    expect(data.medians).toHaveLength(7);
    expect(data.medians[0]?.length).toBeGreaterThan(1);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['etag']).toMatch(/^"[\w-]+"$/);
    // A guest, a signed-in learner or a second asking get the same bytes.
    const again = await get('你');
    expect(again.body).toBe(res.body);
    expect(again.headers['etag']).toBe(res.headers['etag']);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('学');
    const etag = String(first.headers['etag']);
    const res = await get('学', { 'if-none-match': etag });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    expect((await get('习', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('answers 404 hanzi_not_found, not cached for long, for a character without data', async () => {
    expect(existsSync(path.join(dataDir, '𠀀.json'))).toBe(false);
    const res = await get('𠀀');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'hanzi_not_found' });
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it.each(['a', '学习', '你a', '1', ' ', '../package', '你/..', '😀', 'ア'])(
    'refuses %j: not exactly one Chinese character',
    async (text) => {
      const res = await get(text);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'validation_failed' });
    },
  );

  it('has stroke data for every character of the HSK vocabulary', () => {
    const chars = new Set(
      loadVocabulary().levels.flatMap((l) => l.words.flatMap((w) => hanziOf(w.simplified))),
    );
    expect(chars.size).toBeGreaterThan(2000);
    expect([...chars].filter((c) => !existsSync(path.join(dataDir, `${c}.json`)))).toEqual([]);
  });
});

describe('reading stroke data', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kouyu-hanzi-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a file only when asked, gives null when it is missing and refuses a malformed one', async () => {
    expect(await readHanziData('好', dir)).toBeNull();
    // Written after the first asking: nothing was loaded ahead of time.
    await writeFile(
      path.join(dir, '好.json'),
      JSON.stringify({
        strokes: ['M 0 0 Z'],
        medians: [
          [
            [0, 0],
            [9, 9],
          ],
        ],
      }),
    );
    expect(await readHanziData('好', dir)).toEqual({
      strokes: ['M 0 0 Z'],
      medians: [
        [
          [0, 0],
          [9, 9],
        ],
      ],
    });
    await writeFile(path.join(dir, '坏.json'), JSON.stringify({ strokes: 'no' }));
    await expect(readHanziData('坏', dir)).rejects.toThrow();
  });
});
