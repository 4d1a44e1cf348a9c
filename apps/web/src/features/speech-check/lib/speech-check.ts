/**
 * Pure rules of the speech check page: the sentence to read, the level meter, the verdicts of the
 * three steps and the summary that turns them into hints.
 */
import { alignChars, countAlignment, networkQuality, spokenChars } from '@kouyu/core';
import type { AlignmentOp, ErrorCode, Language, NetworkQuality } from '@kouyu/core';
import type { MicErrorKind } from '@/lib/audio/microphone';

/** A short sentence for each interface language's learners: everyday words, no rare characters. */
export const CHECK_SENTENCES: Record<Language, string> = {
  en: '你好，我叫小明。我今天很高兴。',
  zh: '今天天气很好，我们一起去公园散步吧。',
  ru: '我是学生，我在北京学习汉语。',
};

/** How long the check records at most; a short sentence takes 3-6 seconds. */
export const CHECK_RECORDING_LIMIT_S = 20;

/** Pings of the network step; the median ignores one slow outlier. */
export const CHECK_PINGS = 3;

/** Share of the sentence that must come back right for recognition to count as working. */
export const GOOD_ACCURACY = 0.8;

export interface SentenceComparison {
  ops: AlignmentOp[];
  /** Recognised characters over sentence plus extra characters, 0-1. */
  accuracy: number;
}

/** Compares the transcript with the sentence character by character (punctuation ignored). */
export function compareSentence(sentence: string, transcript: string): SentenceComparison {
  const ops = alignChars(spokenChars(sentence), spokenChars(transcript));
  const c = countAlignment(ops);
  // Extra characters count against the result: a recogniser that adds words is not working well.
  const total = c.reference + c.insert;
  return { ops, accuracy: total === 0 ? 0 : (c.match + c.homophone) / total };
}

export type RecognitionVerdict = 'good' | 'retry' | 'silent' | 'unavailable' | 'failed';

/** The verdict on one reading: the recogniser's error if any, else how much of the sentence came back. */
export function recognitionVerdict(
  sentence: string,
  result: { text: string; code: ErrorCode | null },
): { verdict: RecognitionVerdict; comparison: SentenceComparison | null } {
  if (result.code === 'asr_unavailable') return { verdict: 'unavailable', comparison: null };
  if (result.code === 'no_audio_recorded') return { verdict: 'silent', comparison: null };
  if (result.code !== null) return { verdict: 'failed', comparison: null };
  if (spokenChars(result.text).length === 0) return { verdict: 'silent', comparison: null };
  const comparison = compareSentence(sentence, result.text);
  return { verdict: comparison.accuracy >= GOOD_ACCURACY ? 'good' : 'retry', comparison };
}

/** Median of ping latencies; a failed ping (null) counts as slowest, a majority of failures as null. */
export function medianLatency(samples: readonly (number | null)[]): number | null {
  if (samples.length === 0) return null;
  const sorted = samples.map((s) => s ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  const mid = sorted[Math.floor(sorted.length / 2)] ?? Number.POSITIVE_INFINITY;
  return Number.isFinite(mid) ? mid : null;
}

export type NetworkCheck = 'pending' | 'offline' | NetworkQuality;

/** The network step's verdict from its pings, by the same rule the speech client sizes its audio with. */
export function networkCheck(samples: readonly (number | null)[]): NetworkCheck {
  const latency = medianLatency(samples);
  return latency === null ? 'offline' : networkQuality(latency);
}

export type MicCheck = 'pending' | 'live' | 'heard' | MicErrorKind;
export type RecognitionCheck = 'pending' | RecognitionVerdict;

export type CheckHint =
  | { step: 'mic'; state: Exclude<MicCheck, 'heard'> }
  | { step: 'network'; state: Exclude<NetworkCheck, 'good' | 'fair'> }
  | { step: 'recognition'; state: Exclude<RecognitionCheck, 'good'> };

export interface CheckSummary {
  /** The learner can start a test: the microphone heard them, the network is usable, recognition works or is absent on the server. */
  ready: boolean;
  /** Recognition read the sentence back: only then may the page say "You are ready". */
  recognitionWorks: boolean;
  hints: CheckHint[];
}

/**
 * Ready when the microphone heard the learner, the network is good or fair, and recognition read
 * the sentence back; a server without recognition does not hold the learner back (they type
 * answers in the test), but it is still named.
 */
export function checkSummary(
  mic: MicCheck,
  network: NetworkCheck,
  recognition: RecognitionCheck,
): CheckSummary {
  const hints: CheckHint[] = [];
  if (mic !== 'heard') hints.push({ step: 'mic', state: mic });
  if (network !== 'good' && network !== 'fair') hints.push({ step: 'network', state: network });
  if (recognition !== 'good') hints.push({ step: 'recognition', state: recognition });
  const ready =
    mic === 'heard' &&
    (network === 'good' || network === 'fair') &&
    (recognition === 'good' || recognition === 'unavailable');
  return { ready, recognitionWorks: recognition === 'good', hints };
}

export type BrowserFamily = 'chrome' | 'edge' | 'firefox' | 'safari' | 'other';

/** The browser whose settings the "microphone blocked" instructions describe. */
export function browserFamily(userAgent: string): BrowserFamily {
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/\b(Firefox|FxiOS)\//.test(userAgent)) return 'firefox';
  // Opera, Brave, Vivaldi and Samsung Internet share Chrome's site settings.
  if (/(Chrome|CriOS|Chromium)\//.test(userAgent)) return 'chrome';
  if (/\bSafari\//.test(userAgent) && /\bVersion\//.test(userAgent)) return 'safari';
  return 'other';
}
