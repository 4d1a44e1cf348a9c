import { describe, expect, it } from 'vitest';
import { hskSections, isFreeTextType } from '@kouyu/core';
import { loadHskSets } from '../db/seed/hsk.js';
import { iconsOf, maxScoreOf, spokenTexts, storedItemSchema } from './content.js';
import { buildIconSvgs, iconUrl, ICONS_VERSION } from './icons.js';

const { sets } = loadHskSets();
const parsed = sets.map((s) => ({ ...s, items: s.items.map((i) => storedItemSchema.parse(i)) }));

describe('HSK content', () => {
  it('has listening and reading sets for every level and writing for levels 3-6', () => {
    for (const level of [1, 2, 3, 4, 5, 6]) {
      const sections = new Set(parsed.filter((s) => s.level === level).map((s) => s.section));
      expect([...sections].sort()).toEqual(hskSections(level).sort());
    }
  });

  it('parses every item with its typed schema, with unique ids and answers among the options', () => {
    const ids = new Set<string>();
    for (const set of parsed) {
      expect(set.id).toBe(`hsk${set.level}-${set.section}-${set.number}`);
      for (const item of set.items) {
        expect(ids.has(item.id), item.id).toBe(false);
        ids.add(item.id);
        expect(item.id.startsWith(`${set.id}-`), item.id).toBe(true);
        if ('options' in item)
          expect(
            item.options.map((o) => o.key),
            item.id,
          ).toContain(item.answer);
        if (item.type === 'sentence_ordering') {
          expect([...item.answer].sort().join(''), item.id).toBe(
            item.sentences
              .map((s) => s.key)
              .sort()
              .join(''),
          );
        }
        if (item.type === 'sentence_reorder') {
          // The words, in some order, make the answer (punctuation aside).
          const letters = (s: string) => [...s.replace(/[\p{P}\s]/gu, '')].sort().join('');
          expect(letters(item.words.join('')), item.id).toBe(letters(item.answer));
        }
        if (isFreeTextType(item.type) && 'min_chars' in item)
          expect(item.min_chars).toBeLessThan(item.max_chars);
      }
    }
  });

  it('speaks every listening item and nothing in reading or writing', () => {
    for (const set of parsed) {
      const texts = spokenTexts(set.items);
      if (set.section === 'listening') expect(texts.length, set.id).toBeGreaterThanOrEqual(set.items.length);
      else expect(texts, set.id).toEqual([]);
    }
  });

  it('finds every pictured icon in the served icon set', async () => {
    const names = [...new Set(parsed.flatMap((s) => iconsOf(s.items)))];
    expect(names.length).toBeGreaterThan(20);
    const svgs = await buildIconSvgs([...names, 'no-such-icon']);
    expect([...svgs.keys()].sort()).toEqual(names.sort());
    for (const svg of svgs.values())
      expect(svg).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*viewBox="0 0 32 32">.*<\/svg>$/s,
      );
    expect(iconUrl('cat')).toBe(`/api/v1/hsk/icons/cat.svg?v=${ICONS_VERSION}`);
  });

  it('weighs written tasks more than objective items', () => {
    const hsk5 = parsed.find((s) => s.id === 'hsk5-writing-1');
    // 5 reordered sentences at 1 point and 2 short essays at 10.
    expect(hsk5 && maxScoreOf(hsk5.items)).toBe(25);
  });
});
