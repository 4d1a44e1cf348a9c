import { pinyin } from 'pinyin-pro';
import {
  HSKK_HSK_RANGE,
  HSKK_LEVELS,
  alignChars,
  countAlignment,
  sameSyllable,
  spokenChars,
} from '@kouyu/core';
import type { AlignmentOp, HskkLevel } from '@kouyu/core';
import type { AnswerInput, ReferenceMeasure } from './types.js';

/** HSKK level of the task; an HSK written level maps to the HSKK level covering it. */
export function hskkLevel(level: AnswerInput['level']): HskkLevel {
  if (typeof level === 'string') return level;
  return HSKK_LEVELS.find((l) => level <= HSKK_HSK_RANGE[l][1]) ?? 'advanced';
}

/** The HSK levels whose words the task expects. */
export function targetLevels(level: AnswerInput['level']): [number, number] {
  if (typeof level === 'number') return [level, level];
  const [lo, hi] = HSKK_HSK_RANGE[level];
  return [lo, hi];
}

export const HAN = /\p{Script=Han}/u;

/** Toneless reading of each character in context (one per character). */
export function syllables(chars: readonly string[]): string[] {
  const read = pinyin(chars.join(''), { toneType: 'none', type: 'array' });
  return read.length === chars.length ? read : chars.map((c) => pinyin(c, { toneType: 'none' }));
}

export interface ReferenceResult {
  ops: AlignmentOp[];
  measure: ReferenceMeasure;
}

/** Aligns the answer to the reference, telling homophones (same toneless syllable) from wrong characters. */
export function measureReference(reference: readonly string[], answer: readonly string[]): ReferenceResult {
  // Each character's reading in its own sentence: a rare reading of a polyphone (家 as jie) must not
  // make 姐 and 家 sound alike; a homophone has the same initial and final (core sameSyllable).
  const refRead = syllables(reference);
  const ansRead = syllables(answer);
  const soundsAlike = (i: number, j: number): boolean => {
    const r = refRead[i];
    const a = ansRead[j];
    if (!r || !a || !HAN.test(reference[i] ?? '') || !HAN.test(answer[j] ?? '')) return false;
    return sameSyllable(r, a);
  };
  const ops = alignChars(reference, answer, soundsAlike);
  const c = countAlignment(ops);
  const measure: ReferenceMeasure = {
    chars: c.reference,
    correct: c.match,
    homophones: c.homophone,
    wrong: c.substitute,
    missing: c.delete,
    extra: c.insert,
    reproduced: c.reference === 0 ? 0 : round2((c.match + c.homophone) / c.reference),
  };
  return { ops, measure };
}

export function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let k = 0; k < needle.length; k++) if (haystack[i + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}

// A key point may list alternatives: "运动/锻炼" is hit by either word.
const ALTERNATIVES = /[/|｜、]/;
// Hitting three quarters of a passage's key points already shows it was retold.
const KEY_POINT_SATURATION = 0.75;

/**
 * Key points of a retold passage said (by characters or toneless pinyin, so the recogniser's
 * homophones count) and left out. A key point is hit when one of its alternatives, or most of its
 * content, is in the answer.
 */
export function measureKeyPoints(
  points: readonly string[],
  answer: readonly string[],
): { score: number | null; hit: string[]; missed: string[] } {
  const answerText = answer.join('');
  const answerSyllables = syllables(answer);
  const hit: string[] = [];
  const missed: string[] = [];
  for (const point of points) {
    const found = point.split(ALTERNATIVES).some((alt) => {
      const chars = spokenChars(alt);
      if (chars.length === 0) return false;
      if (answerText.includes(chars.join('')) || containsRun(answerSyllables, syllables(chars))) return true;
      // A long point ("茶最早被当作药") is paraphrased: most of its character pairs will do.
      if (chars.length < 4) return false;
      let pairs = 0;
      let found = 0;
      for (let i = 0; i + 1 < chars.length; i++) {
        pairs++;
        if (answerText.includes(`${chars[i]}${chars[i + 1]}`)) found++;
      }
      return found / pairs >= 0.5;
    });
    (found ? hit : missed).push(point);
  }
  const score = points.length
    ? round2(Math.min(1, hit.length / Math.max(1, Math.ceil(points.length * KEY_POINT_SATURATION))))
    : null;
  return { score, hit, missed };
}

/** Rounds to two decimals so measures read cleanly and stay deterministic across runs. */
export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
