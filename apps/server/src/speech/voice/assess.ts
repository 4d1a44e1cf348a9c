/**
 * The voice analysis of one recording: fluency from the audio alone and, with a reference text, each
 * syllable found in the recording (syllables.ts) and its tone judged by the learned classifier
 * (tone-model.ts) on the speaker's own pitch range.
 */
import { markedPinyin } from '@kouyu/core';
import type { AssessedSyllable, ExpectedSyllable, Tone, VoiceReport } from '@kouyu/core';
import { computeFrames, FRAME_MS, toFloat } from './features.js';
import type { Frames } from './features.js';
import { expectedSyllables } from './expected.js';
import { median, quantile, toSemitones, trackPitch } from './pitch.js';
import { rememberSpeaker } from './speaker-memory.js';
import { findSyllables } from './syllables.js';
import {
  MIN_HALF_RANGE,
  onKnownRangeScale,
  predictTones,
  resample,
  committedToneModel,
  toneFeatures,
  voicedContour,
} from './tone-model.js';
import type { Contour, SpeakerRange, ToneModel } from './tone-model.js';
import { detectSpeech, measureFluency, speechGate } from './vad.js';

export type { SpeakerRange } from './tone-model.js';

/** What one pass over a recording yields, before any reference is known. */
export interface Analysis {
  frames: Frames;
  /** 1 per 10 ms frame with speech. */
  speech: Uint8Array;
  /** Pitch in semitones re 100 Hz per frame, NaN where unvoiced. */
  semitones: Float32Array;
  voicing: Float32Array;
}

/** A neutral syllable is at most this share of the median syllable's length. */
const NEUTRAL_MAX_SHARE = 1.2;
/** Voiced frames (1.5 s) from which a recording's own range is trusted like a learner's earlier ones. */
const OWN_RANGE_VOICE = 150;
/** Points of the contour the review draws. */
export const CONTOUR_POINTS = 5;

/** Energy, speech, pitch of a 16 kHz recording. */
export function analyseRecording(pcm: Int16Array): Analysis {
  const samples = toFloat(pcm);
  const frames = computeFrames(samples);
  const { gate } = speechGate(frames.energyDb);
  // Pitch only where there is sound: the correlation is the costly step.
  const track = trackPitch(samples, frames.count, (f) => (frames.energyDb[f] ?? -100) > gate - 10);
  const speech = detectSpeech(frames.energyDb, track.voicing);
  const semitones = toSemitones(track.hz);
  for (let f = 0; f < semitones.length; f++) if (speech[f] !== 1) semitones[f] = Number.NaN;
  return { frames, speech, semitones, voicing: track.voicing };
}

/** The pitch range of the voiced frames of one or more recordings of a speaker. */
export function speakerRange(...tracks: Float32Array[]): SpeakerRange {
  const voiced: number[] = [];
  for (const t of tracks) for (const v of t) if (!Number.isNaN(v)) voiced.push(v);
  if (voiced.length === 0) return { median: 0, halfRange: MIN_HALF_RANGE };
  return {
    median: median(voiced),
    halfRange: Math.max(MIN_HALF_RANGE, (quantile(voiced, 0.9) - quantile(voiced, 0.1)) / 2),
  };
}

/** One expected syllable as found in the recording: its span, its curve, the classifier's input. */
export interface FoundSyllable {
  start: number;
  end: number;
  contour: Contour | null;
  features: number[] | null;
  /** The span is short enough for a neutral syllable. */
  short: boolean;
  /** The speaker's range came from this short recording alone (no earlier ones): judged more cautiously. */
  alone: boolean;
}

/**
 * Each expected syllable found in the recording and described for the classifier. The speaker's range is
 * the one given (from the learner's earlier recordings) or else this recording's own.
 */
export function findAndDescribe(
  analysis: Analysis,
  expected: readonly ExpectedSyllable[],
  speaker?: SpeakerRange,
): FoundSyllable[] {
  const spans = findSyllables(
    expected.length,
    analysis.speech,
    analysis.frames.energyDb,
    (f) => !Number.isNaN(analysis.semitones[f] ?? Number.NaN),
  );
  const range = speaker ?? speakerRange(analysis.semitones);
  // A sentence gives a range of its own; a word or two alone is judged on the stricter thresholds of a
  // first recording (calibrated on single words, all of them under this much voice).
  let voiced = 0;
  for (const v of analysis.semitones) if (!Number.isNaN(v)) voiced++;
  const alone = speaker === undefined && voiced < OWN_RANGE_VOICE;
  const contours = spans.map(([a, b]) =>
    voicedContour(analysis.semitones, a, b, range, {
      voicing: analysis.voicing,
      energyDb: analysis.frames.energyDb,
    }),
  );
  const typical = Math.max(1, median(spans.map(([a, b]) => b - a)));
  const voicedValues = contours.flatMap((c) => c?.values ?? []);
  const utteranceMean = voicedValues.reduce((s, v) => s + v, 0) / Math.max(1, voicedValues.length);
  return spans.map(([start, end], k) => {
    const contour = contours[k] ?? null;
    const ctx = {
      start,
      end,
      typicalFrames: typical,
      position: expected.length === 1 ? 0.5 : k / (expected.length - 1),
      syllables: expected.length,
      prevTone: expected[k - 1]?.tone ?? 0,
      nextTone: expected[k + 1]?.tone ?? 0,
      utteranceMean,
    } as const;
    return {
      start,
      end,
      contour,
      features: contour ? toneFeatures(contour, ctx, contours[k - 1] ?? null, contours[k + 1] ?? null) : null,
      short: end - start <= typical * NEUTRAL_MAX_SHARE,
      alone,
    };
  });
}

/** The tone heard in one found syllable and the probability of the expected one. */
export function judgeTone(
  found: FoundSyllable,
  expected: Tone,
  model: ToneModel = committedToneModel(),
): { heard: Tone | null; confidence: number; expectedProbability: number } {
  if (!found.features) return { heard: null, confidence: 0, expectedProbability: 0 };
  const p = predictTones(model, found.features);
  const prob = (t: Tone) => p[t - 1] ?? 0;
  // A close call goes to the tone the text asks for (ToneModel.expectedWeight), except on a first recording.
  const bias = found.alone ? 1 : model.expectedWeight;
  const weighed = (t: Tone) => prob(t) * (t === expected ? bias : 1);
  let heard: Tone = 1;
  for (const t of [2, 3, 4] as const) if (weighed(t) > weighed(heard)) heard = t;
  const confidence = prob(heard);
  if (expected === 5) {
    // The neutral tone has no shape of its own (it follows its neighbour): heard when short, never marked
    // wrong, since no human recording here teaches what a wrong neutral tone sounds like.
    return found.short
      ? { heard: 5, confidence: 1, expectedProbability: 1 }
      : { heard, confidence, expectedProbability: 0.5 };
  }
  const expectedProbability = found.alone
    ? onKnownRangeScale(prob(expected), model.aloneWrongAtMost[expected], model.wrongAtMost[expected])
    : prob(expected);
  return { heard, confidence, expectedProbability };
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Each expected syllable found in the recording, its tone heard. */
export function assessSyllables(
  analysis: Analysis,
  expected: readonly ExpectedSyllable[],
  speaker?: SpeakerRange,
  model: ToneModel = committedToneModel(),
): AssessedSyllable[] {
  const found = findAndDescribe(analysis, expected, speaker);
  const range = speaker ?? speakerRange(analysis.semitones);
  const half = Math.max(MIN_HALF_RANGE, range.halfRange);
  return expected.map((s, k) => {
    const f = found[k] ?? { start: 0, end: 0, contour: null, features: null, short: false, alone: true };
    const tone = judgeTone(f, s.tone, model);
    return {
      char: s.char,
      pinyin: markedPinyin(s.pinyin),
      expected_tone: s.tone,
      heard_tone: tone.heard,
      confidence: round(tone.confidence, 3),
      expected_probability: round(tone.expectedProbability, 3),
      start_ms: Math.round(f.start * FRAME_MS),
      end_ms: Math.round(f.end * FRAME_MS),
      // Semitones relative to the speaker's median, as the review draws them.
      contour: f.contour ? resample(f.contour, CONTOUR_POINTS).map((v) => round(v * half, 2)) : [],
    };
  });
}

/**
 * The report for a 16 kHz recording; syllables only when the reference text holds Chinese. `speakerKey`
 * names the learner, whose earlier recordings give their pitch range (speaker-memory.ts).
 */
export function assessVoice(
  pcm: Int16Array,
  referenceText?: string,
  speakerKey?: string,
): Promise<VoiceReport> {
  const expected = referenceText ? expectedSyllables(referenceText) : [];
  const analysis = analyseRecording(pcm);
  const speaker = speakerKey ? rememberSpeaker(speakerKey, analysis.semitones) : undefined;
  return Promise.resolve(assessExpected(analysis, expected, speaker));
}

/** The report for an analysed recording and the syllables expected in it. */
export function assessExpected(
  analysis: Analysis,
  expected: readonly ExpectedSyllable[],
  speaker?: SpeakerRange,
): VoiceReport {
  const fluency = measureFluency(analysis.frames.energyDb, analysis.speech, analysis.voicing);
  if (expected.length === 0) return { fluency };
  return { fluency, syllables: assessSyllables(analysis, expected, speaker) };
}
