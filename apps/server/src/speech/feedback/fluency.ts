/**
 * Length and pace against the time limit, hesitations in the transcript, and — when the voice
 * analysis heard the recording — pauses, speaking rate and tones from the audio itself.
 */
import { QUESTION_TIME_LIMIT_DEFAULT_S, spokenChars, toneVerdict } from '@kouyu/core';
import type { HskkLevel, VoiceReport } from '@kouyu/core';
import { hskkLevel, round2 } from './measure.js';
import { isFiller } from './segment.js';
import type { Token } from './segment.js';
import type { AnswerInput, FluencyMeasure, LengthMeasure, RateMeasure, VoiceMeasure } from './types.js';

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

/**
 * Characters that carry content: hesitations, a word said again right after itself and a clause
 * said again do not lengthen an answer.
 */
export function effectiveChars(tokens: readonly Token[]): number {
  let n = 0;
  const recent: string[] = [];
  for (const t of tokens) {
    if (t.tag === 'x' || isFiller(t)) continue;
    const chars = spokenChars(t.word).length;
    if (!recent.includes(t.word)) n += chars;
    recent.push(t.word);
    if (recent.length > 3) recent.shift();
  }
  return n;
}

/** Answer length against what the task asks for. */
export function measureLength(
  input: AnswerInput,
  chars: number,
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
  return { chars, expected: rounded, ratio: round2(chars / rounded) };
}

/** Speaking speed a learner at this level reaches when fluent, in characters per minute. */
const FLUENT_CHARS_PER_MINUTE: Record<HskkLevel, number> = { basic: 90, intermediate: 120, advanced: 150 };
// Under a second of audio says nothing about pace.
const MIN_DURATION_MS = 1000;

/** Characters per minute, when the recording's duration is known. */
export function measureRate(input: AnswerInput, chars: number): RateMeasure {
  const target = FLUENT_CHARS_PER_MINUTE[hskkLevel(input.level)];
  const ms = input.voice?.fluency.duration_ms ?? input.duration_ms;
  if (ms === undefined || ms < MIN_DURATION_MS || chars === 0)
    return { chars_per_minute: null, target, score: null };
  const cpm = Math.round(chars / (ms / 60_000));
  return { chars_per_minute: cpm, target, score: round2(Math.min(1, cpm / target)) };
}

// HSKK "few pauses": up to a fifth of silence reads as fluent; a long pause is one over two seconds.
const PAUSE_SHARE_FLUENT = 0.2;
const PAUSE_SHARE_HALTING = 0.6;
const LONG_PAUSE_MS = 2000;

/** Fluency and tones from the voice analysis of the recording. */
export function measureVoice(voice: VoiceReport, level: AnswerInput['level']): VoiceMeasure {
  const f = voice.fluency;
  const duration = f.duration_ms ?? f.speech_ms;
  const pauseShare = duration > 0 ? Math.max(0, 1 - f.speech_ms / duration) : 0;
  const pauses =
    1 -
    Math.min(1, Math.max(0, (pauseShare - PAUSE_SHARE_FLUENT) / (PAUSE_SHARE_HALTING - PAUSE_SHARE_FLUENT)));
  const target = FLUENT_CHARS_PER_MINUTE[hskkLevel(level)];
  const pace = Math.min(1, f.syllables_per_minute / target);
  const longPenalty = f.longest_pause_ms > LONG_PAUSE_MS ? 0.1 : 0;
  // Judged as the voice analysis judges (core toneVerdict); the neutral tone is light and short, so any
  // reading of it passes.
  const judged = (voice.syllables ?? []).filter((s) => toneVerdict(s) !== 'unsure');
  const right = judged.filter((s) => s.expected_tone === 5 || toneVerdict(s) === 'right');
  const wrong = judged.filter((s) => s.expected_tone !== 5 && toneVerdict(s) === 'wrong');
  return {
    syllables_per_minute: Math.round(f.syllables_per_minute),
    pause_share: round2(pauseShare),
    longest_pause_ms: Math.round(f.longest_pause_ms),
    score: round2(Math.max(0, 0.5 * pauses + 0.5 * pace - longPenalty)),
    tones:
      judged.length > 0
        ? {
            judged: judged.length,
            right: right.length,
            accuracy: round2(right.length / judged.length),
            wrong: wrong.slice(0, 6).map((s) => ({ char: s.char, pinyin: s.pinyin, heard: s.heard_tone })),
          }
        : null,
  };
}

const gap = (t: Token | undefined): boolean => !t || (t.tag === 'x' && t.word.trim() === '');
// A demonstrative or 就是 said alone between pauses is a hesitation (嗯 那个 起床), not 那个国家.
const HESITANT_WORD = /^(那个|这个|就是|然后)$/;

/**
 * Hesitations and self-repeats in the transcript, per spoken word (0 = none): fillers, a 那个 alone
 * between pauses, and a word broken off and said again (七 七点, 跟 跟我的, 工程 工程师).
 */
export function hesitation(tokens: readonly Token[]): number {
  const words = tokens.filter((t) => t.tag !== 'x');
  if (words.length === 0) return 0;
  let marks = 0;
  let count = 0;
  tokens.forEach((t, i) => {
    if (t.tag === 'x') {
      if (/…/.test(t.word)) marks++;
      return;
    }
    if (isFiller(t) || (HESITANT_WORD.test(t.word) && gap(tokens[i - 1]) && gap(tokens[i + 1]))) {
      count++;
      return;
    }
    // The next word said, over a pause at most, starts again with this one.
    const next = gap(tokens[i + 1]) && tokens[i + 1] ? tokens[i + 2] : tokens[i + 1];
    if (next && next.tag !== 'x' && /\p{Script=Han}/u.test(t.word) && next.word.startsWith(t.word)) count++;
  });
  return Math.min(1, (count + marks / 2) / words.length);
}

/** Fluency: the audio's measures when there are some, else pace from the duration and hesitations in the text. */
export function measureFluency(input: AnswerInput, tokens: readonly Token[], chars: number): FluencyMeasure {
  const rate = measureRate(input, chars);
  const hes = hesitation(tokens);
  const voice = input.voice ? measureVoice(input.voice, input.level) : null;
  const smooth = 1 - Math.min(1, 4 * hes);
  const parts: [number, number | null][] = voice
    ? [
        [0.6, voice.score],
        [0.2, voice.tones?.accuracy ?? null],
        [0.2, tokens.length ? smooth : null],
      ]
    : [
        [0.6, rate.score],
        [0.4, tokens.length ? smooth : null],
      ];
  let sum = 0;
  let weight = 0;
  for (const [w, v] of parts) {
    if (v === null) continue;
    sum += w * v;
    weight += w;
  }
  return {
    score: weight > 0 ? round2(sum / weight) : null,
    rate,
    hesitation: round2(hes),
    voice,
  };
}
