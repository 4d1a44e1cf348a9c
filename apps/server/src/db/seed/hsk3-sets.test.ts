import { describe, expect, it } from 'vitest';
import { hskSections } from '@kouyu/core';
import { loadHskSets } from './hsk.js';
import { loadHsk3Vocabulary, loadVocabulary } from './vocab.js';

const { sets } = loadHskSets();
const hsk3 = sets.filter((s) => s.syllabus === 'hsk3');
const vocabulary = loadHsk3Vocabulary();

/** Every Chinese text a learner reads or hears in the items (explanations and prompts aside). */
function chineseOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) chineseOf(v, out);
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value))
      if (!['id', 'explanation', 'prompt', 'key_points', 'alt', 'speaker', 'pinyin'].includes(key))
        chineseOf(v, out);
  return out;
}

/** The characters of the 2025 lists up to a level: its character lists and the characters of its words. */
function charactersUpTo(level: number): Set<string> {
  const chars = new Set(vocabulary.characters.filter((c) => c.level <= level).flatMap((c) => c.characters));
  for (const l of vocabulary.levels.filter((l) => l.level <= level))
    for (const w of l.words) for (const c of w.simplified) chars.add(c);
  return chars;
}

describe('HSK 3.0 practice sets', () => {
  it('has a listening and a reading set per level 1-6 and a writing set for levels 3-6', () => {
    for (let level = 1; level <= 6; level++) {
      const sections = hsk3.filter((s) => s.level === level).map((s) => s.section);
      expect([...new Set(sections)].sort(), `HSK 3.0 level ${level}`).toEqual(hskSections(level).sort());
    }
  });

  it('tags every set with its syllabus, HSK 2.0 sets keeping their numbers below 100', () => {
    for (const s of sets) expect(s.syllabus === 'hsk3', s.id).toBe(s.number > 100);
  });

  it('writes only characters of the 2025 lists up to the set level', () => {
    for (const s of hsk3) {
      const known = charactersUpTo(s.level);
      const unknown = new Set(
        chineseOf(s.items)
          .join('')
          .match(/\p{Script=Han}/gu)
          ?.filter((c) => !known.has(c)),
      );
      expect([...unknown], s.id).toEqual([]);
    }
  });

  it('uses words the 2025 list brings to levels 1-2, not only HSK 2.0 ones', () => {
    const hsk2 = loadVocabulary();
    for (const level of [1, 2]) {
      const text = chineseOf(hsk3.filter((s) => s.level === level).map((s) => s.items)).join('');
      const old = new Set(
        hsk2.levels.filter((l) => l.level <= level).flatMap((l) => l.words.map((w) => w.simplified)),
      );
      const fresh = (vocabulary.levels.find((l) => l.level === level)?.words ?? [])
        .map((w) => w.simplified)
        .filter((w) => [...w].length > 1 && !old.has(w) && text.includes(w));
      expect(new Set(fresh).size, `HSK 3.0 level ${level}: ${fresh.join(' ')}`).toBeGreaterThanOrEqual(5);
    }
  });

  it('follows the 2025 HSK 6: as many listening as reading items, no faulty sentences, two essays', () => {
    const six = (section: string) => hsk3.find((s) => s.level === 6 && s.section === section);
    expect(six('listening')?.items.length).toBe(six('reading')?.items.length);
    expect(hsk3.flatMap((s) => s.items).filter((i) => i.type === 'error_sentence')).toEqual([]);
    expect(six('writing')?.items.map((i) => i.type)).toEqual(['short_essay', 'short_essay']);
  });
});
