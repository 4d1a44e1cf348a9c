/**
 * The syllables a reference text asks for: pinyin-pro reads each character in context (polyphones, 一 and
 * 不 sandhi, neutral tones), core applies the third-tone sandhi.
 */
import { pinyin } from 'pinyin-pro';
import { applyThirdToneSandhi } from '@kouyu/core';
import type { ExpectedSyllable, WrittenSyllable } from '@kouyu/core';
import { readNumbersInText } from '../tts/text.js';

/** Punctuation and spaces that end a clause (3-3 sandhi stops there, a pause is expected). */
const CLAUSE_BREAK = /[\s，,。.!！?？;；:：、…—–-]/u;

/** Expected syllables of `text`, numbers read as said; empty when the text holds no Chinese. */
export function expectedSyllables(text: string): ExpectedSyllable[] {
  const prepared = readNumbersInText(text.normalize('NFKC'));
  const written: WrittenSyllable[] = [];
  let clause = 0;
  let sawBreak = false;
  for (const item of pinyin(prepared, { type: 'all', toneType: 'num', v: true })) {
    if (item.isZh && /^[a-z]+[0-5]?$/.test(item.pinyin)) {
      if (sawBreak && written.length > 0) clause++;
      sawBreak = false;
      written.push({ char: item.origin, pinyin: item.pinyin, clause });
    } else if (CLAUSE_BREAK.test(item.origin)) {
      sawBreak = true;
    }
  }
  return applyThirdToneSandhi(written);
}
