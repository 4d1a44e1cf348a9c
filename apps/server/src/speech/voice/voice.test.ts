import { describe, expect, it } from 'vitest';
import { hasEspeakBinary } from '../tts/espeak-engine.js';
import { assessVoice } from './assess.js';
import { evaluateVoice } from './eval-metrics.js';
import { expectedSyllables } from './expected.js';
import { VOICE_SAMPLE_RATE } from './features.js';
import { heldOutSentences } from './labelled-set.js';
import { toSemitones, trackPitch } from './pitch.js';

/** A vowel-like buzz: a sawtooth at `hz` (with harmonics, as a voice has), `ms` long. */
function buzz(hz: number, ms: number, amplitude = 0.3): Float32Array {
  const out = new Float32Array(Math.round((VOICE_SAMPLE_RATE * ms) / 1000));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * (((i * hz) / VOICE_SAMPLE_RATE) % 1) - amplitude / 2;
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

  it('counts pauses, the start delay and the speech time from the audio alone', async () => {
    const pcm = toPcm([silence(600), buzz(140, 500), silence(400), buzz(140, 500), silence(100), buzz(140, 300), silence(300)]);
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
    expect(expected.map((s) => `${s.char}${s.tone}`).join(' ')).toBe('你2 好3 吗5 我2 很2 好3 不2 对4 一2 个4 人2');
    expect(expectedSyllables('Hello 123!').map((s) => s.char).join('')).toBe('一百二十三');
    expect(expectedSyllables('Hello!')).toHaveLength(0);
  });

  // The floors sit a little under the eval's held-out figures (README, `npm run eval -- voice`); this runs
  // a small part of the same set so a change that breaks the aligner or the classifier fails here.
  it.runIf(hasEspeakBinary())('judges tones on a sample of the generated labelled set', { timeout: 120_000 }, async () => {
    const figures = await evaluateVoice(heldOutSentences(320).slice(0, 32), 32);
    expect(figures.items).toBe(32);
    expect(figures.rightToneAccuracy).toBeGreaterThan(0.8);
    expect(figures.wrongFlagged).toBeGreaterThan(0.75);
    expect(figures.falseAlarms).toBeLessThan(0.15);
    expect(figures.boundaryMeanMs).toBeLessThan(80);
    expect(figures.pauseCountError).toBeLessThan(0.3);
  });
});
