import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { plainPinyin } from '@kouyu/core';
import { HSK3_LEVEL_FILES, hsk2Characters, loadHsk3Vocabulary, loadVocabulary } from './vocab.js';

/** The 2025 lists the data was built from, when this checkout has them beside it. */
const LISTS = [
  path.resolve(import.meta.dirname, '../../../../../shared/hsk-2025'),
  path.resolve(import.meta.dirname, '../../../../../../shared/hsk-2025'),
  path.resolve(import.meta.dirname, '../../../../../../../shared/hsk-2025'),
].find((d) => existsSync(path.join(d, 'words.tsv')));
const lines = (file: string) =>
  readFileSync(path.join(LISTS ?? '', file), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

// The counts the syllabus's README gives for the lists (words and characters new at each level).
const WORDS = [300, 204, 507, 1019, 1638, 1815, 5622];
const CHARACTERS = [246, 125, 284, 441, 431, 413, 1148];

describe('HSK 3.0 vocabulary (2025 syllabus)', () => {
  const hsk2 = loadVocabulary();
  const hsk3 = loadHsk3Vocabulary(hsk2);

  it('has every word of every level once per line of its list, with pinyin and an English gloss', () => {
    expect(hsk3.levels.map((l) => l.words.length)).toEqual(WORDS);
    expect(hsk3.characters.map((c) => c.characters.length)).toEqual(CHARACTERS);
    for (const l of hsk3.levels)
      for (const w of l.words) {
        expect(w.level, w.simplified).toBe(l.level);
        expect(w.en.length, w.simplified).toBeGreaterThan(0);
        expect(plainPinyin(w.pinyin), w.simplified).toBe(plainPinyin(w.pinyin_num));
      }
  });

  it.runIf(LISTS)('follows the list files line by line', () => {
    HSK3_LEVEL_FILES.forEach((name, i) => {
      const list = lines(`${name}.txt`);
      const words = hsk3.levels[i]?.words ?? [];
      expect(words.length, name).toBe(list.length);
      list.forEach((line, j) => {
        const w = words[j];
        const written = line.replace(/\d+$/, '');
        expect(w?.written ?? w?.simplified, `${name}:${j + 1}`).toBe(written);
        expect(w?.sense, `${name}:${j + 1}`).toBe(Number(/(\d+)$/.exec(line)?.[1] ?? 0));
      });
      const hanzi = lines(`hanzi-${name.slice('level-'.length)}.txt`);
      expect(hsk3.characters[i]?.characters).toEqual(hanzi);
    });
  });

  it('gives a word listed twice in one level its two readings', () => {
    const level2 = hsk3.levels[1]?.words.filter((w) => w.simplified === '过') ?? [];
    expect(level2.map((w) => `${w.pinyin} ${w.pos}`)).toEqual(['guò 动', 'guo 助']);
    const level1 = hsk3.levels[0]?.words ?? [];
    expect(level1.find((w) => w.written === '没（有）')).toMatchObject({ simplified: '没有', forms: ['没'] });
    expect(level1.map((w) => w.simplified)).toContain('你好');
    // The list's pinyin wins over its zhuyin where they disagree (教 jiāo, ㄐㄧㄠˋ).
    expect(hsk3.levels[1]?.words.find((w) => w.simplified === '教')?.pinyin).toBe('jiāo');
  });

  it('shows the sense of the word’s HSK part of speech first, in both syllabuses', () => {
    const first = (
      words: { simplified: string; en: string; pos?: string | undefined }[],
      word: string,
      pos?: string,
    ) => words.find((w) => w.simplified === word && (!pos || w.pos?.startsWith(pos)))?.en.split('; ')[0];
    const all2 = hsk2.levels.flatMap((l) => l.words);
    const all3 = hsk3.levels.flatMap((l) => l.words);
    expect(first(all2, '被')).toMatch(/^used to indicate passive voice/);
    expect(first(all2, '跟')).toBe('with');
    expect(first(all2, '才')).toBe('then and only then');
    expect(first(all3, '才', '副')).toBe('then and only then');
    // As a noun (level 5), 才 is "ability".
    expect(first(all3, '才', '名')).toBe('ability');
  });

  it('has Russian for every word of levels 1-6, never another reading’s', () => {
    const words = hsk3.levels.slice(0, 6).flatMap((l) => l.words);
    const without = words.filter((w) => !w.ru);
    // Level 7-9 has no Russian yet: it shows English with a note (ruMissing).
    expect(without.map((w) => `${w.simplified} ${w.pinyin}`)).toEqual([]);
    expect(words.find((w) => w.simplified === '学生')?.ru).toMatch(/\p{Script=Cyrillic}/u);
    // 还 huán (level 3) is not 还 hái.
    const huan = hsk3.levels[2]?.words.find((w) => w.simplified === '还');
    const hai = hsk2.levels[1]?.words.find((w) => w.simplified === '还');
    expect(huan?.pinyin).toBe('huán');
    expect(huan?.ru === '' || huan?.ru !== hai?.ru).toBe(true);
    // 种 zhòng (to plant) is not 种 zhǒng (a kind).
    expect(words.find((w) => w.simplified === '种' && w.pinyin === 'zhòng')?.ru).toMatch(/сажать/);
  });

  it('derives HSK 2.0 characters from the words, each at the first level that uses it', () => {
    const chars = hsk2Characters(hsk2.levels);
    const all = chars.flatMap((c) => c.characters);
    expect(new Set(all).size).toBe(all.length);
    expect(chars[0]?.characters.slice(0, 3)).toEqual(['的', '我', '你']);
  });
});
