import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICTATION_GUEST_WORDS_PER_DAY } from '@kouyu/core';
import { vocabWords } from '../db/schema.js';
import { createTestApp, testDriver } from '../test/app.js';
import type { TestApp } from '../test/app.js';
import { isDictionaryText } from './guest-words.js';

const WORDS = ['我', '爱', '你', '好', '中国', '人'];

// Spec 000 §6: guests may use dictation, without the extras.
describe(`a guest's dictation words on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: `/tmp/kouyu-guest-words-${process.pid}-${Date.now()}` });
    await t.app.database.db.insert(vocabWords).values(
      WORDS.map((simplified, position) => ({
        level: 1,
        position,
        simplified,
        traditional: simplified,
        pinyin: '-',
        pinyinNum: '-',
        pinyinPlain: '-',
        en: '-',
        ru: '-',
      })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const speak = (text: string, remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/speak?text=${encodeURIComponent(text)}&format=json`,
      remoteAddress,
    });

  it('takes a text made of dictionary entries, and only such a text', async () => {
    const db = t.app.database.db;
    expect(await isDictionaryText(db, '我爱你')).toBe(true);
    expect(await isDictionaryText(db, '中国人')).toBe(true);
    expect(await isDictionaryText(db, '你好')).toBe(true);
    expect(await isDictionaryText(db, '中')).toBe(false);
    expect(await isDictionaryText(db, '我爱猫')).toBe(false);
  });

  it('lets a guest hear words of their own, refusing what dictation itself refuses', async () => {
    for (const word of ['我爱你', '中国人', '你好']) {
      const res = await speak(word, '198.51.100.1');
      expect(res.statusCode, word).toBe(200);
      expect(res.json().mp3_url).toMatch(/^\/api\/v1\/audio\/cache\/[0-9a-f]{64}\/audio\.mp3$/);
    }
    // Latin letters, more than 50 characters, or not made of entries: signing in is the way on.
    for (const text of ['ni hao', '你'.repeat(51), '我爱猫']) {
      const res = await speak(text, '198.51.100.1');
      expect(res.statusCode, text).toBe(401);
      expect(res.json()).toMatchObject({ code: 'auth_token_missing' });
    }
  });

  it('counts a daily allowance per address, then asks the guest to sign in', async () => {
    const address = '198.51.100.2';
    for (let i = 0; i < DICTATION_GUEST_WORDS_PER_DAY; i++)
      expect((await speak('我爱你', address)).statusCode).toBe(200);
    const over = await speak('我爱你', address);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 'dictation_guest_limit',
      message: `You have heard today's ${DICTATION_GUEST_WORDS_PER_DAY} words as a guest. Sign in to go on.`,
    });
    // Another address has its own allowance; our own content is never counted.
    expect((await speak('我爱你', '198.51.100.3')).statusCode).toBe(200);
    expect((await speak('中国', address)).statusCode).toBe(200);
  });
});
