import { pinyin, polyphonic } from 'pinyin-pro';
import {
  HSKK_HSK_RANGE,
  HSKK_LEVELS,
  QUESTION_TIME_LIMIT_DEFAULT_S,
  alignChars,
  countAlignment,
  spokenChars,
} from '@kouyu/core';
import type { AlignmentOp, HskkLevel } from '@kouyu/core';
import type { AnswerInput, LengthMeasure, RateMeasure, ReferenceMeasure, RelevanceMeasure } from './types.js';

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

/** Toneless readings of each character: every reading for polyphones, so 行 matches both xing and hang. */
function readings(chars: readonly string[]): Set<string>[] {
  const all = polyphonic(chars.join(''), { toneType: 'none', type: 'array' });
  return chars.map((c, i) => new Set(HAN.test(c) ? (all[i] ?? [c]) : [c]));
}

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
  const refRead = readings(reference);
  const ansRead = readings(answer);
  const soundsAlike = (i: number, j: number): boolean => {
    const r = refRead[i];
    const a = ansRead[j];
    if (!r || !a || !HAN.test(reference[i] ?? '')) return false;
    for (const s of a) if (r.has(s)) return true;
    return false;
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

function bigrams(chars: readonly string[]): Set<string> {
  if (chars.length === 1) return new Set(chars);
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(`${chars[i]}${chars[i + 1]}`);
  return out;
}

/** Share of `source`'s character pairs found in `answer` (0-1). */
function pairRecall(source: readonly string[], answer: ReadonlySet<string>): number {
  const pairs = bigrams(source);
  if (pairs.size === 0) return 0;
  let hit = 0;
  for (const p of pairs) if (answer.has(p)) hit++;
  return hit / pairs.size;
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let k = 0; k < needle.length; k++) if (haystack[i + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}

// A key point may list alternatives: "运动/锻炼" is hit by either word.
const ALTERNATIVES = /[/|｜、]/;
// Saturation points: hitting three quarters of the key points, or sharing this share of a model
// answer's character pairs, already shows the answer is on the task.
const KEY_POINT_SATURATION = 0.75;
const MODEL_SATURATION = 0.4;
const QUESTION_SATURATION = 0.3;

/** Relevance to the key points (by characters or toneless pinyin), the model answers and the question. */
export function measureRelevance(input: AnswerInput, answer: readonly string[]): RelevanceMeasure {
  const answerText = answer.join('');
  const answerSyllables = syllables(answer);
  const answerPairs = bigrams(answer);
  const points = [
    ...new Set(
      [...(input.key_points ?? []), ...(input.image_texts ?? [])].map((p) => p.trim()).filter(Boolean),
    ),
  ];
  const hit: string[] = [];
  const missed: string[] = [];
  for (const point of points) {
    const found = point.split(ALTERNATIVES).some((alt) => {
      const chars = spokenChars(alt);
      if (chars.length === 0) return false;
      return answerText.includes(chars.join('')) || containsRun(answerSyllables, syllables(chars));
    });
    (found ? hit : missed).push(point);
  }
  const models = (input.model_answers ?? []).map(spokenChars).filter((m) => m.length > 0);
  const modelOverlap = models.length ? Math.max(...models.map((m) => pairRecall(m, answerPairs))) : null;
  const question = spokenChars(input.question_text ?? '');
  const questionOverlap = question.length ? pairRecall(question, answerPairs) : null;

  const parts: [number, number][] = [];
  if (points.length)
    parts.push([0.6, Math.min(1, hit.length / Math.max(1, Math.ceil(points.length * KEY_POINT_SATURATION)))]);
  if (modelOverlap !== null) parts.push([0.3, Math.min(1, modelOverlap / MODEL_SATURATION)]);
  if (questionOverlap !== null) parts.push([0.1, Math.min(1, questionOverlap / QUESTION_SATURATION)]);
  const weight = parts.reduce((s, [w]) => s + w, 0);
  const score = weight > 0 ? round2(parts.reduce((s, [w, v]) => s + w * v, 0) / weight) : null;
  return {
    score,
    key_points: points.length,
    key_points_hit: hit,
    key_points_missed: missed,
    model_overlap: modelOverlap === null ? null : round2(modelOverlap),
    question_overlap: questionOverlap === null ? null : round2(questionOverlap),
    ...(score === null
      ? { note: 'no key points, model answers or question text to judge relevance by' }
      : {}),
  };
}

/** Characters of content a learner at this level says per minute of a speaking task. */
const CONTENT_CHARS_PER_MINUTE: Record<HskkLevel, number> = { basic: 70, intermediate: 90, advanced: 110 };
/** Speaking time of HSKK part 3 (and the intermediate picture part), from the official format. */
const OPEN_TIME_S: Record<HskkLevel, number> = { basic: 90, intermediate: 120, advanced: 150 };
const PICTURE_TIME_S = 120;
// A short listen-and-answer reply fills only part of its time; a retell keeps about half the passage.
const ANSWER_FILL = 0.6;
/** Share of a passage a good retelling keeps. */
export const RETELL_SHARE = 0.5;
const FREE_TEXT_DEFAULT_CHARS = 20;

/** Answer length against what the task asks for. */
export function measureLength(
  input: AnswerInput,
  answer: readonly string[],
  reference: readonly string[],
): LengthMeasure {
  const level = hskkLevel(input.level);
  let expected: number;
  switch (input.question_type) {
    case 'repeat':
    case 'read_aloud':
      expected = reference.length;
      break;
    case 'retell':
      expected = reference.length * RETELL_SHARE;
      break;
    case 'free_text': {
      const models = (input.model_answers ?? []).map((m) => spokenChars(m).length).filter((n) => n > 0);
      expected = models.length ? models.reduce((a, b) => a + b, 0) / models.length : FREE_TEXT_DEFAULT_CHARS;
      break;
    }
    default: {
      const defaultTime =
        input.question_type === 'answer'
          ? QUESTION_TIME_LIMIT_DEFAULT_S
          : input.question_type === 'picture'
            ? PICTURE_TIME_S
            : OPEN_TIME_S[level];
      const fill = input.question_type === 'answer' ? ANSWER_FILL : 1;
      expected = ((input.time_limit_s ?? defaultTime) / 60) * CONTENT_CHARS_PER_MINUTE[level] * fill;
    }
  }
  const rounded = Math.max(1, Math.round(expected));
  return { chars: answer.length, expected: rounded, ratio: round2(answer.length / rounded) };
}

/** Speaking speed a learner at this level reaches when fluent, in characters per minute. */
const FLUENT_CHARS_PER_MINUTE: Record<HskkLevel, number> = { basic: 90, intermediate: 120, advanced: 150 };
// Under a second of audio says nothing about pace.
const MIN_DURATION_MS = 1000;

/** Characters per minute, when the recording's duration is known. */
export function measureRate(input: AnswerInput, answer: readonly string[]): RateMeasure {
  const target = FLUENT_CHARS_PER_MINUTE[hskkLevel(input.level)];
  const ms = input.duration_ms;
  if (ms === undefined || ms < MIN_DURATION_MS || answer.length === 0)
    return { chars_per_minute: null, target, score: null };
  const cpm = Math.round(answer.length / (ms / 60_000));
  return { chars_per_minute: cpm, target, score: round2(Math.min(1, cpm / target)) };
}

/** Rounds to two decimals so measures read cleanly and stay deterministic across runs. */
export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
