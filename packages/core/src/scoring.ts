/**
 * Pure helpers for scoring spoken answers: text normalisation, character alignment against a
 * reference, and the score bands. The server's examiner uses them; the web app may show bands.
 */

import { readNumerals } from './numerals.js';

/** What the client sends for an empty answer (spec 001 §5); it is scored as no answer at all. */
export const NO_ANSWER_PLACEHOLDER = '(No answer provided)';

/** Lowest score of the "high" band (HSKK: accurate / relevant, fluent, few pauses). */
export const SCORE_BAND_HIGH_MIN = 80;
/** Lowest score of the "mid" band (HSKK: partial / mostly relevant with pauses and errors). */
export const SCORE_BAND_MID_MIN = 50;

export type ScoreBand = 'high' | 'mid' | 'low';

/** The HSKK-style band of a 0-100 score. */
export function scoreBand(score: number): ScoreBand {
  if (score >= SCORE_BAND_HIGH_MIN) return 'high';
  if (score >= SCORE_BAND_MID_MIN) return 'mid';
  return 'low';
}

/** Rounds and clamps a score into 0-100. */
export function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, Math.round(score)));
}

// Punctuation, symbols and spacing carry nothing a speech recogniser heard.
const NOT_SPOKEN = /[\p{P}\p{S}\p{Z}\s]/gu;

/**
 * The spoken characters of a text: NFKC, numerals as said (3点 → 三点), lower-case, no punctuation,
 * symbols or spaces; the empty-answer placeholder is empty.
 */
export function spokenChars(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === NO_ANSWER_PLACEHOLDER) return [];
  return [...readNumerals(trimmed.normalize('NFKC')).toLowerCase().replace(NOT_SPOKEN, '')];
}

export type AlignmentOp =
  | { op: 'match'; ref: string; hyp: string }
  | { op: 'homophone'; ref: string; hyp: string }
  | { op: 'substitute'; ref: string; hyp: string }
  | { op: 'delete'; ref: string }
  | { op: 'insert'; hyp: string };

export interface AlignmentCounts {
  /** Characters of the reference. */
  reference: number;
  match: number;
  homophone: number;
  substitute: number;
  /** Reference characters the answer left out. */
  delete: number;
  /** Answer characters that are not in the reference. */
  insert: number;
}

// A homophone costs less than a wrong character, so the alignment prefers to pair characters that
// sound the same (an ASR writing 在 for 再) over treating them as one missing and one extra.
const COST_HOMOPHONE = 0.4;
const COST_EDIT = 1;
const EPSILON = 1e-9;
const FROM_DIAG = 0;
const FROM_UP = 1;
const FROM_LEFT = 2;

/**
 * Aligns answer characters to reference characters by weighted edit distance; `soundsAlike(i, j)`
 * says whether reference char i and answer char j share a reading (e.g. toneless pinyin).
 */
export function alignChars(
  ref: readonly string[],
  hyp: readonly string[],
  soundsAlike: (refIndex: number, hypIndex: number) => boolean = () => false,
): AlignmentOp[] {
  const cols = hyp.length + 1;
  const size = (ref.length + 1) * cols;
  const cost = new Float64Array(size);
  // Among paths of equal cost, the one pairing the most characters reads truest ("北 missing,
  // 啊 extra" rather than "北 said as 京, 京 said as 啊").
  const paired = new Float64Array(size);
  const from = new Uint8Array(size);
  const pairCost = (i: number, j: number): number => {
    if (ref[i] === hyp[j]) return 0;
    return soundsAlike(i, j) ? COST_HOMOPHONE : COST_EDIT;
  };
  for (let i = 1; i <= ref.length; i++) {
    cost[i * cols] = i * COST_EDIT;
    from[i * cols] = FROM_UP;
  }
  for (let j = 1; j <= hyp.length; j++) {
    cost[j] = j * COST_EDIT;
    from[j] = FROM_LEFT;
  }
  for (let i = 1; i <= ref.length; i++) {
    for (let j = 1; j <= hyp.length; j++) {
      const here = i * cols + j;
      const diag = (i - 1) * cols + j - 1;
      const pc = pairCost(i - 1, j - 1);
      let bestCost = (cost[diag] ?? 0) + pc;
      let bestPaired = (paired[diag] ?? 0) + (pc < COST_EDIT ? 1 : 0);
      let best = FROM_DIAG;
      for (const dir of [FROM_UP, FROM_LEFT]) {
        const prev = dir === FROM_UP ? here - cols : here - 1;
        const c = (cost[prev] ?? 0) + COST_EDIT;
        const p = paired[prev] ?? 0;
        if (c < bestCost - EPSILON || (c < bestCost + EPSILON && p > bestPaired)) {
          bestCost = c;
          bestPaired = p;
          best = dir;
        }
      }
      cost[here] = bestCost;
      paired[here] = bestPaired;
      from[here] = best;
    }
  }
  const ops: AlignmentOp[] = [];
  let i = ref.length;
  let j = hyp.length;
  while (i > 0 || j > 0) {
    const dir = from[i * cols + j];
    const r = ref[i - 1];
    const h = hyp[j - 1];
    if (dir === FROM_DIAG && r !== undefined && h !== undefined) {
      const pc = pairCost(i - 1, j - 1);
      ops.push(
        pc === 0
          ? { op: 'match', ref: r, hyp: h }
          : pc < COST_EDIT
            ? { op: 'homophone', ref: r, hyp: h }
            : { op: 'substitute', ref: r, hyp: h },
      );
      i--;
      j--;
    } else if (dir === FROM_UP && r !== undefined) {
      ops.push({ op: 'delete', ref: r });
      i--;
    } else if (h !== undefined) {
      ops.push({ op: 'insert', hyp: h });
      j--;
    } else {
      break;
    }
  }
  return ops.reverse();
}

/** Counts each kind of alignment step. */
export function countAlignment(ops: readonly AlignmentOp[]): AlignmentCounts {
  const counts: AlignmentCounts = {
    reference: 0,
    match: 0,
    homophone: 0,
    substitute: 0,
    delete: 0,
    insert: 0,
  };
  for (const step of ops) {
    counts[step.op] += 1;
    if (step.op !== 'insert') counts.reference += 1;
  }
  return counts;
}

// Longest first, so zh/ch/sh are not read as z/c/s.
const PINYIN_INITIALS = 'zh ch sh b p m f d t n l g k h j q x r z c s y w'.split(' ');

/**
 * A pinyin syllable without its tone, split into initial and final: lower-case, tone marks and
 * digits dropped, ü written as v (and the u after j, q, x, y read as ü).
 */
export function splitSyllable(syllable: string): { initial: string; final: string } {
  const plain = syllable
    .toLowerCase()
    .normalize('NFD')
    .replace(/u\u0308|u:/g, 'v')
    .replace(/[\u0300-\u036f1-5]/g, '');
  const initial = PINYIN_INITIALS.find((i) => plain.startsWith(i)) ?? '';
  let final = plain.slice(initial.length);
  if ('jqxy'.includes(initial) && initial !== '' && final.startsWith('u')) final = `v${final.slice(1)}`;
  return { initial, final };
}

/**
 * A homophone: two syllables with the same initial and the same final, tones aside (在 zài / 再 zài).
 * jiě / jiā (姐 / 家) and miàn / mín (面 / 民) differ by their final and are not homophones.
 */
export function sameSyllable(a: string, b: string): boolean {
  const x = splitSyllable(a);
  const y = splitSyllable(b);
  return x.final !== '' && x.initial === y.initial && x.final === y.final;
}
