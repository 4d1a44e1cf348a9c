import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { HSK_LEVELS } from '@kouyu/core';
import type { HskkLevel } from '@kouyu/core';
import { HAN, hskkLevel, round2, targetLevels } from './measure.js';
import type { AnswerInput, VocabLookup, VocabularyMeasure } from './types.js';

/** Where the HSK word lists live, next to the seed data (copied beside the build too). */
export const VOCAB_DIR = fileURLToPath(new URL('../../db/seed/data/vocab/', import.meta.url));

const listSchema = z.array(z.object({ simplified: z.string(), level: z.number().int() }));

export type VocabSource =
  { lookup: (word: string) => number | undefined; note?: undefined } | { lookup: null; note: string };

let loading: Promise<VocabSource> | null = null;

/** The HSK lists as one lookup, loaded once on first use; a missing file makes the measure unavailable, not an error. */
export function loadHskVocabulary(dir: string = VOCAB_DIR): Promise<VocabSource> {
  if (dir !== VOCAB_DIR) return readLists(dir);
  loading ??= readLists(dir);
  return loading;
}

async function readLists(dir: string): Promise<VocabSource> {
  const files = HSK_LEVELS.map((n) => `${dir}hsk${n}.json`);
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length > 0)
    return {
      lookup: null,
      note: `HSK word lists not found (${missing.length} of ${files.length} files missing in ${dir})`,
    };
  const levels = new Map<string, number>();
  try {
    for (const file of files) {
      for (const item of listSchema.parse(JSON.parse(await readFile(file, 'utf8')))) {
        // A word listed at two levels counts at the lower one: the learner met it there first.
        const known = levels.get(item.simplified);
        if (known === undefined || item.level < known) levels.set(item.simplified, item.level);
      }
    }
  } catch (err) {
    return {
      lookup: null,
      note: `HSK word lists unreadable: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  return { lookup: (word) => levels.get(word) };
}

/** Turns the caller's map or function into a lookup. */
export function toLookup(vocab: VocabLookup): (word: string) => number | undefined {
  return typeof vocab === 'function' ? vocab : (word) => vocab.get(word);
}

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const LONGEST_WORD = 4;
// Words at the task's own level: a few in every answer show range; basic answers need only known words.
const LEVEL_SHARE_TARGET: Record<HskkLevel, number> = { basic: 0.6, intermediate: 0.12, advanced: 0.08 };
const VARIETY_TARGET = 0.55;

/** Splits Chinese text into words, re-cutting unknown segments by longest match against the lists. */
function words(
  text: string,
  lookup: (word: string) => number | undefined,
): { word: string; level: number | undefined }[] {
  const out: { word: string; level: number | undefined }[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike || !HAN.test(segment)) continue;
    const level = lookup(segment);
    if (level !== undefined || segment.length === 1) {
      out.push({ word: segment, level });
      continue;
    }
    const chars = [...segment];
    for (let i = 0; i < chars.length;) {
      let len = Math.min(LONGEST_WORD, chars.length - i);
      while (len > 1 && lookup(chars.slice(i, i + len).join('')) === undefined) len--;
      const word = chars.slice(i, i + len).join('');
      out.push({ word, level: lookup(word) });
      i += len;
    }
  }
  return out;
}

/** Vocabulary level and variety from the HSK lists; without lists, only variety and a note. */
export function measureVocabulary(
  input: AnswerInput,
  lookup: ((word: string) => number | undefined) | null,
  note?: string,
): VocabularyMeasure {
  const target = targetLevels(input.level);
  const list = words(input.answer_text, lookup ?? (() => undefined));
  const unique = new Set(list.map((w) => w.word)).size;
  const byLevel: Record<string, number> = {};
  let known = 0;
  let atTarget = 0;
  for (const w of list) {
    if (w.level === undefined) continue;
    known++;
    byLevel[String(w.level)] = (byLevel[String(w.level)] ?? 0) + 1;
    if (w.level >= target[0]) atTarget++;
  }
  const base = {
    words: list.length,
    unique,
    known,
    by_level: byLevel,
    at_target: atTarget,
    target_levels: target,
  };
  if (list.length === 0)
    return { available: lookup !== null, ...(note ? { note } : {}), ...base, score: null };
  const variety = Math.min(1, unique / list.length / VARIETY_TARGET);
  if (!lookup) return { available: false, note: note ?? 'no HSK word lists', ...base, score: null };
  const levelFit = Math.min(1, atTarget / list.length / LEVEL_SHARE_TARGET[hskkLevel(input.level)]);
  return { available: true, ...base, score: round2(0.5 * variety + 0.5 * levelFit) };
}

/** Words of the model answers at the task's level that the answer did not use (a concrete next step). */
export function suggestWords(
  input: AnswerInput,
  lookup: ((word: string) => number | undefined) | null,
  max: number,
): string[] {
  if (!lookup) return [];
  const [lo, hi] = targetLevels(input.level);
  const used = new Set(words(input.answer_text, lookup).map((w) => w.word));
  const out: string[] = [];
  for (const model of input.model_answers ?? []) {
    for (const w of words(model, lookup)) {
      if (
        w.level !== undefined &&
        w.level >= lo &&
        w.level <= hi &&
        w.word.length > 1 &&
        !used.has(w.word) &&
        !out.includes(w.word)
      )
        out.push(w.word);
      if (out.length >= max) return out;
    }
  }
  return out;
}
