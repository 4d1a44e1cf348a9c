import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { idioms, vocabWords } from '../../db/schema.js';
import { hskkSeed } from '../../db/seed/hskk.js';
import { hskSeed } from '../../db/seed/hsk.js';
import { seedContent } from '../../db/seed/index.js';
import { openTestDatabase, testConfig, testDriver } from '../../test/app.js';
import { createAudioPregeneration, pregenerateAudio, pregenerationTexts } from './pregenerate.js';
import type { PregenerationText } from './pregenerate.js';
import { ttsServiceFor } from './service.js';

const log = { info: () => undefined, warn: () => undefined };

async function collect(texts: AsyncIterable<PregenerationText>): Promise<PregenerationText[]> {
  const out: PregenerationText[] = [];
  for await (const t of texts) out.push(t);
  return out;
}

const word = (level: number, position: number, simplified: string) => ({
  level,
  position,
  simplified,
  traditional: simplified,
  pinyin: '',
  pinyinNum: '',
  pinyinPlain: '',
  en: '',
  ru: '',
});
const idiom = (chengyu: string, curated: boolean) => ({
  chengyu,
  pinyin: '',
  pinyinPlain: '',
  curated,
  en: '',
});

describe(`audio pre-generation on ${testDriver}`, () => {
  let database: Database;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-pregen-'));
    await seedContent(database.db, log, [hskkSeed(), hskSeed()]);
    // A few rows of the other kinds: a word listed at two levels, and an idiom that is not curated.
    await database.db
      .insert(vocabWords)
      .values([word(1, 1, '你好'), word(1, 2, '谢谢'), word(2, 1, '你好'), word(2, 2, '银行')]);
    await database.db
      .insert(idioms)
      .values([idiom('画蛇添足', true), idiom('一心一意', false), idiom('守株待兔', true)]);
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists question audio first, then HSK listening scripts, HSK words and curated idioms, each text once', async () => {
    const texts = await collect(pregenerationTexts(database.db, { perKind: 4 }));
    expect(texts.map((t) => t.kind)).toEqual([
      'question',
      'question',
      'question',
      'question',
      'listening',
      'listening',
      'listening',
      'listening',
      'word',
      'word',
      'word',
      'idiom',
      'idiom',
    ]);
    expect(texts.slice(0, 2).map((t) => t.text)).toEqual(['我家有四个人。', '我爸爸是医生。']);
    expect(texts.filter((t) => t.kind === 'word' || t.kind === 'idiom').map((t) => t.text)).toEqual([
      '你好',
      '谢谢',
      '银行',
      '画蛇添足',
      '守株待兔',
    ]);
    const all = await collect(pregenerationTexts(database.db));
    expect(all.filter((t) => t.kind === 'question').length).toBeGreaterThan(200);
    expect(new Set(all.map((t) => t.text)).size).toBe(all.length);
  });

  it('synthesises a few rows into the cache, then finds them there', async () => {
    const tts = ttsServiceFor(testConfig({ DATA_DIR: dataDir }));
    const first = await pregenerateAudio(pregenerationTexts(database.db, { perKind: 2 }), tts, { log });
    expect(first).toMatchObject({ total: 8, made: 8, cached: 0, failed: 0, stopped: false });
    for (const text of ['我家有四个人。', '你好', '画蛇添足']) {
      const hit = await tts.cache.lookup(tts.key(text).hash);
      expect(hit?.durationMs).toBeGreaterThan(200);
    }
    const second = await pregenerateAudio(pregenerationTexts(database.db, { perKind: 2 }), tts, { log });
    expect(second).toMatchObject({ total: 8, made: 0, cached: 8, stopped: false });
  });

  it('stops when aborted, and when the engine keeps failing', async () => {
    const tts = ttsServiceFor(testConfig({ DATA_DIR: dataDir }));
    const aborted = new AbortController();
    aborted.abort();
    expect(
      await pregenerateAudio(pregenerationTexts(database.db), tts, { log, signal: aborted.signal }),
    ).toMatchObject({ total: 0, stopped: true });

    // CosyVoice without a key fails every synthesis.
    const down = ttsServiceFor(testConfig({ DATA_DIR: dataDir, TTS_ENGINE: 'cosyvoice' }));
    const warnings: string[] = [];
    const summary = await pregenerateAudio(pregenerationTexts(database.db), down, {
      log: { info: () => undefined, warn: (_obj: unknown, msg?: string) => void warnings.push(msg ?? '') },
    });
    expect(summary).toMatchObject({ total: 20, failed: 20, made: 0, stopped: true });
    expect(warnings.at(-1)).toMatch(/keeps failing/);
  });

  it('runs in the background of an app and stops when the app closes', async () => {
    const app = await buildApp({
      config: testConfig({ DATA_DIR: dataDir }),
      database,
      webDist: null,
      logger: false,
    });
    const job = createAudioPregeneration(app);
    await app.ready();
    const running = job.start();
    expect(job.start()).toBe(running);
    await app.close();
    const summary = await running;
    expect(summary.stopped).toBe(true);
    expect(summary.total).toBeLessThan(200);
  });
});
