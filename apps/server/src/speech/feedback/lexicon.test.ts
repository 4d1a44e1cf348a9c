import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEXICON_FILE, lexicon, makeLexicon, relatedness } from './lexicon.js';

// The built lexicon (scripts/content/build-lexicon.mjs: CC-CEDICT glosses → WordNet hypernyms, HSK
// 2025 parts of speech) knows the kinds the examiner relies on.
describe('lexicon', () => {
  const lex = lexicon();

  it('knows sports, drinks, family and places as kinds of what their class words name', () => {
    for (const sport of ['跑步', '游泳', '踢足球', '打篮球'])
      expect(lex.isA(sport, '运动'), sport).toBe(true);
    for (const drink of ['茶', '咖啡', '牛奶']) expect(lex.isA(drink, '饮料'), drink).toBe(true);
    for (const kin of ['妹妹', '妈妈', '哥哥']) expect(lex.isA(kin, '家人'), kin).toBe(true);
    for (const place of ['图书馆', '公园', '医院', '学校']) expect(lex.isA(place, '地方'), place).toBe(true);
    // A noun is read by its noun senses: 同学 is a classmate, not "to study at the same school".
    expect(lex.isA('同学', '人')).toBe(true);
    expect(lex.isA('同学', '爱好')).toBe(false);
    // People the glosses miss are listed as members of their class (a roommate, a deskmate, a class head).
    for (const who of ['室友', '同桌', '班长', '男生', '女生']) expect(lex.isA(who, '人'), who).toBe(true);
  });

  it('relates a word to a class word by that class alone', () => {
    expect(relatedness(lex, '咖啡', '饮料')).toBe(1);
    // 米饭 and drinks are both food, but 饮料 names drinks.
    expect(relatedness(lex, '米饭', '饮料')).toBe(0);
  });

  it('does not put words into kinds they are not', () => {
    expect(lex.isA('面条', '运动')).toBe(false);
    expect(lex.isA('米饭', '饮料')).toBe(false);
    expect(lex.isA('猫', '家人')).toBe(false);
    expect(lex.isA('我', '地方')).toBe(false);
    expect(lex.isA('跑步', '地方')).toBe(false);
  });

  it('gives compounds it lacks their head (绿茶 is a tea) and keeps parts of speech', () => {
    expect(lex.isA('喝咖啡', '饮料')).toBe(true);
    expect(lex.entry('漂亮')?.pos).toMatch(/^a/);
    expect(lex.entry('图书馆')?.pos).toMatch(/^n/);
  });

  it('relates a word to a topic word by kind, not by characters', () => {
    expect(relatedness(lex, '跑步', '运动')).toBe(1);
    expect(relatedness(lex, '咖啡', '茶')).toBeGreaterThan(0);
    expect(relatedness(lex, '咖啡', '跑步')).toBe(0);
    // Times frame questions (有时间的时候): 明天 is not on their topic.
    expect(relatedness(lex, '明天', '时间')).toBe(0);
  });

  it('is small, committed data with its sources credited', () => {
    const text = readFileSync(LEXICON_FILE, 'utf8');
    expect(text.length).toBeLessThan(400_000);
    const attribution = readFileSync(
      new URL('../../db/seed/data/lexicon/ATTRIBUTION.md', import.meta.url),
      'utf8',
    );
    expect(attribution).toContain('WordNet');
    expect(attribution).toContain('CC-CEDICT');
    expect(attribution).toContain('CC BY-SA 4.0');
  });

  it('refuses data of another shape', () => {
    expect(() => makeLexicon({ version: 2, classes: {}, words: {} })).toThrow();
    const tiny = makeLexicon({ version: 1, classes: { drink: ['饮料'] }, words: { 茶: 'n drink' } });
    expect(tiny.isA('茶', '饮料')).toBe(true);
    expect(tiny.isA('红茶', 'drink')).toBe(true);
    expect(tiny.names('饮料')).toBe('drink');
  });
});
