import { DICTATION_WORDS_FREE, DICTATION_WORDS_PLUS } from './constants.js';
import { dictationWordError } from './validation.js';
import type { ValidationKey } from './validation.js';

/** Seconds between two spoken words the user may choose (spec 000 §5 leaves the values open). */
export const DICTATION_INTERVALS_S = [3, 5, 8, 10, 15] as const;
export type DictationInterval = (typeof DICTATION_INTERVALS_S)[number];
export const DICTATION_INTERVAL_DEFAULT_S: DictationInterval = 5;
/** How long the server keeps an analysis for a later save (spec: never trust a client-sent score). */
export const DICTATION_ANALYSIS_TTL_MS = 30 * 60 * 1000;

/** The word limit of a list: 20 for Plus, 10 otherwise (spec 000 §5, §9). */
export function wordLimit(isPlus: boolean): number {
  return isPlus ? DICTATION_WORDS_PLUS : DICTATION_WORDS_FREE;
}

/** True for one of the offered intervals. */
export function isDictationInterval(value: number): value is DictationInterval {
  return DICTATION_INTERVALS_S.some((s) => s === value);
}

export type WordListIssue =
  | { key: ValidationKey; index: number }
  | { key: 'words_required'; index: null }
  | { key: 'too_many_words'; index: null; limit: number };

/** The first problem of a whole word list (at least one word, each valid and new, at most `limit`), or null. */
export function wordListIssue(words: readonly string[], limit: number): WordListIssue | null {
  if (words.length === 0) return { key: 'words_required', index: null };
  for (let i = 0; i < words.length; i++) {
    const key = dictationWordError(words[i] ?? '', words.slice(0, i));
    if (key) return { key, index: i };
  }
  return words.length > limit ? { key: 'too_many_words', index: null, limit } : null;
}

export interface SkippedWords {
  /** Not Chinese characters only, empty or over 50 characters. */
  invalid: number;
  /** Already in the list (or twice among the candidates). */
  duplicate: number;
  /** Valid and new, but the list was full. */
  over_limit: number;
}

export interface AddedWords {
  /** The whole list after adding. */
  words: string[];
  added: string[];
  skipped: SkippedWords;
}

/** Adds candidate words in order to a list under the word rules, counting what is skipped and why. */
export function addWords(
  existing: readonly string[],
  candidates: readonly string[],
  limit: number,
): AddedWords {
  const words = [...existing];
  const added: string[] = [];
  const skipped: SkippedWords = { invalid: 0, duplicate: 0, over_limit: 0 };
  for (const raw of candidates) {
    const word = raw.trim();
    const error = dictationWordError(word, words);
    if (error === 'word_duplicate') skipped.duplicate++;
    else if (error) skipped.invalid++;
    else if (words.length >= limit) skipped.over_limit++;
    else {
      words.push(word);
      added.push(word);
    }
  }
  return { words, added, skipped };
}

// Separators between printed words: whitespace, punctuation and symbols (、，。；·…).
const SEPARATORS = /[\p{P}\p{S}\p{Z}\s]+/u;
const NUMBERING = /^[0-9０-９]+$/u;

/** The candidate words of recognised text: split on whitespace and punctuation; bare list numbers are dropped. */
export function splitWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .split(SEPARATORS)
    .filter((token) => token !== '' && !NUMBERING.test(token));
}

/** One dictation's worth of a level's characters: which ones, their place (1-based) and where the next starts. */
export interface CharacterBatch {
  characters: string[];
  from: number;
  to: number;
  /** Where the next batch starts: back at 0 after the last one, so the level comes round again. */
  next: number;
}

/**
 * "Write this level's characters": the characters from `start`, as many as one dictation takes (the
 * learner's word limit), in the list's order.
 */
export function characterBatch(all: readonly string[], start: number, limit: number): CharacterBatch {
  const at = start >= 0 && start < all.length ? start : 0;
  const characters = all.slice(at, at + Math.max(1, limit));
  const end = at + characters.length;
  return { characters, from: characters.length ? at + 1 : 0, to: end, next: end >= all.length ? 0 : end };
}
