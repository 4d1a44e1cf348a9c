/**
 * The voice analysis of one recording: fluency from the audio alone and, with a reference text, each
 * syllable found by aligning the recording with a synthesised reading and its tone judged.
 */
import { markedPinyin } from '@kouyu/core';
import type { AssessedSyllable, ExpectedSyllable, VoiceReport } from '@kouyu/core';
import { carryBoundaries, warp } from './align.js';
import { computeFrames, FRAME_MS, normaliseMfcc, toFloat } from './features.js';
import type { Frames } from './features.js';
import { expectedSyllables } from './expected.js';
import { median, toSemitones, trackPitch } from './pitch.js';
import { referenceFor } from './reference.js';
import type { ReferenceAudio } from './reference.js';
import { classifyContour, hearTone, speakerRange } from './tones.js';
import { detectSpeech, measureFluency, speechGate } from './vad.js';

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

/** Energy, speech, pitch of a 16 kHz recording. */
export function analyseRecording(pcm: Int16Array): Analysis {
  const samples = toFloat(pcm);
  const frames = computeFrames(samples);
  const { gate } = speechGate(frames.energyDb);
  // Pitch only where there is sound: YIN is the costly step.
  const track = trackPitch(samples, frames.count, (f) => (frames.energyDb[f] ?? -100) > gate - 10);
  const speech = detectSpeech(frames.energyDb, track.voicing);
  const semitones = toSemitones(track.hz);
  for (let f = 0; f < semitones.length; f++) if (speech[f] !== 1) semitones[f] = Number.NaN;
  return { frames, speech, semitones, voicing: track.voicing };
}

const referenceFeatures = new WeakMap<ReferenceAudio, Float32Array>();

function featuresOf(reference: ReferenceAudio): Float32Array {
  let mfcc = referenceFeatures.get(reference);
  if (!mfcc) {
    const frames = computeFrames(toFloat(reference.pcm));
    mfcc = normaliseMfcc(frames.mfcc, Array.from({ length: frames.count }, (_, i) => i));
    referenceFeatures.set(reference, mfcc);
  }
  return mfcc;
}

/**
 * Each expected syllable placed in the recording by aligning it with the reference (the one of the given
 * readings that matches the recording best), its tone heard.
 */
export function assessSyllables(analysis: Analysis, expected: readonly ExpectedSyllable[], references: readonly ReferenceAudio[]): AssessedSyllable[] {
  // Only speech frames take part: the reference has no pauses, and a pause matches nothing in it.
  const spoken: number[] = [];
  analysis.speech.forEach((v, f) => {
    if (v === 1) spoken.push(f);
  });
  if (spoken.length === 0) {
    return expected.map((s) => ({ char: s.char, pinyin: markedPinyin(s.pinyin), expected_tone: s.tone, heard_tone: null, confidence: 0, start_ms: 0, end_ms: 0, contour: [] }));
  }
  const learner = normaliseMfcc(analysis.frames.mfcc, spoken);
  let best: { path: ReturnType<typeof warp>; reference: ReferenceAudio } | null = null;
  for (const reference of references) {
    const path = warp(learner, featuresOf(reference));
    if (!best || path.cost < best.path.cost) best = { path, reference };
  }
  if (!best) throw new Error('no reference to align with');
  const bounds = carryBoundaries(best.reference.bounds, best.path, spoken.length);
  const toFrame = (i: number) => (i >= spoken.length ? (spoken.at(-1) ?? 0) + 1 : (spoken[i] ?? 0));
  const range = speakerRange(analysis.semitones);
  const spans = expected.map((_, k) => {
    const a = bounds[k] ?? 0;
    const b = Math.max(a + 1, bounds[k + 1] ?? spoken.length);
    // A syllable ends where the last of its speech frames ends, not after the pause that follows it.
    return [toFrame(a), toFrame(b - 1) + 1] as const;
  });
  const typical = median(spans.map(([a, b]) => b - a));
  return expected.map((s, k) => {
    const [start, end] = spans[k] ?? [0, 0];
    const tone = hearTone(analysis.semitones, start, end, range);
    let { heard, confidence } = tone;
    if (s.tone === 5 && (end - start) <= typical * NEUTRAL_MAX_SHARE) {
      heard = 5;
      confidence = 1 - NEUTRAL_MAX_SHARE * ((end - start) / Math.max(1, typical)) * 0.5;
    } else if (s.tone === 5 && tone.contour.length > 0) {
      // A long "neutral" syllable was stressed: name the tone it was given.
      ({ heard, confidence } = classifyContour(tone.contour.map((v) => v + range.median), range));
    }
    return {
      char: s.char,
      pinyin: markedPinyin(s.pinyin),
      expected_tone: s.tone,
      heard_tone: heard,
      confidence: Math.round(confidence * 1000) / 1000,
      start_ms: Math.round(start * FRAME_MS),
      end_ms: Math.round(end * FRAME_MS),
      contour: tone.contour,
    };
  });
}

/** The report for a 16 kHz recording; syllables only when the reference text holds Chinese. */
export async function assessVoice(pcm: Int16Array, referenceText?: string): Promise<VoiceReport> {
  const analysis = analyseRecording(pcm);
  const expected = referenceText ? expectedSyllables(referenceText) : [];
  if (expected.length === 0) return { fluency: measureFluency(analysis.frames.energyDb, analysis.speech, analysis.voicing) };
  const pinyins = expected.map((s) => s.pinyin);
  const references = [await referenceFor(pinyins, 'low'), await referenceFor(pinyins, 'high')];
  return assessWithReference(analysis, expected, references);
}

/** The report once the reference is synthesised (the part the benchmark times). */
export function assessWithReference(analysis: Analysis, expected: readonly ExpectedSyllable[], references: readonly ReferenceAudio[]): VoiceReport {
  const syllables = assessSyllables(analysis, expected, references);
  return { fluency: measureFluency(analysis.frames.energyDb, analysis.speech, analysis.voicing), syllables };
}

