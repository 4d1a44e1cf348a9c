import { describe, expect, it } from 'vitest';
import { hasEspeakBinary } from '../tts/espeak-engine.js';
import { assessVoice } from './assess.js';
import { evaluateVoice } from './eval-metrics.js';
import { expectedSyllables } from './expected.js';
import { VOICE_SAMPLE_RATE } from './features.js';
import { toSemitones, trackPitch } from './pitch.js';
import { voicedContour } from './tone-model.js';
import { splitSentences } from './labelled-set.js';

/** A vowel-like buzz: a sawtooth at `hz` (with harmonics, as a voice has), `ms` long. */
function buzz(hz: number, ms: number, amplitude = 0.3): Float32Array {
  const out = new Float32Array(Math.round((VOICE_SAMPLE_RATE * ms) / 1000));
  for (let i = 0; i < out.length; i++)
    out[i] = amplitude * (((i * hz) / VOICE_SAMPLE_RATE) % 1) - amplitude / 2;
  return out;
}

function toPcm(parts: Float32Array[]): Int16Array {
  const total = parts.reduce((s, p) => s + p.length, 0);
  const pcm = new Int16Array(total);
  let at = 0;
  for (const p of parts) {
    for (let i = 0; i < p.length; i++) pcm[at + i] = Math.round((p[i] ?? 0) * 32767);
    at += p.length;
  }
  return pcm;
}

const silence = (ms: number) => new Float32Array(Math.round((VOICE_SAMPLE_RATE * ms) / 1000));

describe('voice analysis', () => {
  it('tracks the pitch of a steady voice', () => {
    for (const hz of [80, 150, 260]) {
      const samples = buzz(hz, 300);
      const count = Math.floor((samples.length - 400) / 160) + 1;
      const track = trackPitch(samples, count, () => true);
      const st = Array.from(toSemitones(track.hz)).filter((v) => !Number.isNaN(v));
      expect(st.length).toBeGreaterThan(count * 0.7);
      const heard = 100 * 2 ** ((st[Math.floor(st.length / 2)] ?? 0) / 12);
      expect(Math.abs(heard - hz) / hz).toBeLessThan(0.03);
    }
  });

  it('keeps the smooth voiced core of a syllable: a pitch jump or a long dropout cuts it', () => {
    const range = { median: 0, halfRange: 2 };
    // A fall, then a jump back up into the next syllable's voice: the fall is the core.
    const fall = Float32Array.from([Number.NaN, 3, 2.5, 2, 1.5, 1, 0.5, 0, -0.5, -1, 4, 4.2, 4.4]);
    const core = voicedContour(fall, 0, fall.length, range);
    expect(core?.frames).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(core?.values[0]).toBeCloseTo(1.5);
    // A three-frame dropout is bridged, a six-frame one is not.
    const gap = (n: number) =>
      Float32Array.from([0, 0.1, 0.2, 0.3, ...Array<number>(n).fill(Number.NaN), 0.4, 0.5, 0.6, 0.7, 0.8]);
    expect(voicedContour(gap(3), 0, 12, range)?.frames).toHaveLength(9);
    expect(voicedContour(gap(6), 0, 15, range)?.frames).toHaveLength(5);
    // Too little voice to judge.
    expect(voicedContour(Float32Array.from([1, 1, 1]), 0, 3, range)).toBeNull();
  });

  it('splits the labelled set into halves that share no sentence', () => {
    const dev = new Set(splitSentences('dev', 200));
    const heldOut = splitSentences('held-out', 200);
    expect(dev.size).toBe(200);
    expect(heldOut).toHaveLength(200);
    expect(heldOut.some((s) => dev.has(s))).toBe(false);
  });

  it('counts pauses, the start delay and the speech time from the audio alone', async () => {
    const pcm = toPcm([
      silence(600),
      buzz(140, 500),
      silence(400),
      buzz(140, 500),
      silence(100),
      buzz(140, 300),
      silence(300),
    ]);
    const report = await assessVoice(pcm);
    expect(report.syllables).toBeUndefined();
    expect(report.fluency.pause_count).toBe(1);
    expect(report.fluency.longest_pause_ms).toBeGreaterThan(330);
    expect(report.fluency.longest_pause_ms).toBeLessThan(470);
    expect(report.fluency.start_delay_ms).toBeGreaterThan(550);
    expect(report.fluency.start_delay_ms).toBeLessThan(650);
    expect(report.fluency.speech_ms).toBeGreaterThan(1200);
    expect(report.fluency.speech_ms).toBeLessThan(1500);
  });

  it('expects the syllables of a text with its sandhi and neutral tones', () => {
    const expected = expectedSyllables('你好吗？我很好，不对。一个人');
    expect(expected.map((s) => `${s.char}${s.tone}`).join(' ')).toBe(
      '你2 好3 吗5 我2 很2 好3 不2 对4 一2 个4 人2',
    );
    expect(
      expectedSyllables('Hello 123!')
        .map((s) => s.char)
        .join(''),
    ).toBe('一百二十三');
    expect(expectedSyllables('Hello!')).toHaveLength(0);
  });

  // espeak's voices are one row now, not what the judge is tuned on (it learned from human voices,
  // decision 025): floors a little under what `npm run eval -- voice` measures on the held-out half
  // (80 items: 91.9 % heard right of judged, 8.7 % unjudged, 83.8 % of wrong tones flagged, 7.4 % false
  // alarms, starts 40 ms off), on a sample sized for CI.
  it.runIf(hasEspeakBinary())(
    'judges tones on a held-out sample of the generated labelled set',
    { timeout: 120_000 },
    async () => {
      const figures = await evaluateVoice('held-out', 48);
      expect(figures.items).toBe(48);
      // Measured 98.3 % heard right, 75.7 % of wrong tones flagged, 1.6 % false alarms: the thresholds keep
      // false alarms low across speakers and pay for it in wrong tones left "not sure" (decision 033).
      expect(figures.rightToneAccuracy).toBeGreaterThanOrEqual(0.93);
      expect(figures.wrongFlagged).toBeGreaterThanOrEqual(0.66);
      expect(figures.falseAlarms).toBeLessThanOrEqual(0.05);
      // The syllables left unjudged stay few: not judging is no way to reach the figures above.
      expect(figures.notJudged).toBeLessThan(0.13);
      expect(figures.boundaryMeanMs).toBeLessThan(80);
      expect(figures.pauseCountError).toBeLessThan(0.3);
    },
  );
});
