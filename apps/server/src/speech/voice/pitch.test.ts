import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { VOICE_SAMPLE_RATE } from './features.js';
import { trackPitch } from './pitch.js';

const RATE = VOICE_SAMPLE_RATE;

/** A voice-like source with a known pitch curve: a sum of harmonics with 1/k fall-off, phase integrated. */
function voiced(f0: (t: number) => number, seconds: number, noise = 0, seed = 7): Float32Array {
  const out = new Float32Array(Math.round(RATE * seconds));
  let phase = 0;
  let s = seed;
  for (let i = 0; i < out.length; i++) {
    const hz = f0(i / RATE);
    phase += (2 * Math.PI * hz) / RATE;
    let v = 0;
    for (let k = 1; k * hz < 3_800; k++) v += Math.sin(k * phase) / k;
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    out[i] = 0.2 * v + noise * (s / 2 ** 31 - 0.5);
  }
  return out;
}

/** Share of voiced frames within 3 % of the true pitch, and the share of frames voiced. */
function score(samples: Float32Array, f0: (t: number) => number): { within: number; voiced: number } {
  const count = Math.floor((samples.length - 400) / 160) + 1;
  const track = trackPitch(samples, count, () => true);
  let voicedFrames = 0;
  let good = 0;
  // The frame is centred 12.5 ms after its start; the edges are left out.
  for (let f = 3; f < count - 3; f++) {
    const hz = track.hz[f] ?? 0;
    if (hz <= 0) continue;
    voicedFrames++;
    const truth = f0((f * 160 + 200) / RATE);
    if (Math.abs(hz - truth) / truth < 0.03) good++;
  }
  return { within: good / Math.max(1, voicedFrames), voiced: voicedFrames / (count - 6) };
}

describe('pitch tracker', () => {
  it('follows known pitch curves from 60 to 500 Hz: level, rising, falling and dipping', () => {
    const curves: Array<(t: number) => number> = [
      () => 62,
      () => 480,
      (t) => 110 + 120 * t, // a man's rising tone
      (t) => 320 - 300 * t * t, // a woman's fall
      (t) => 180 - 260 * t + 400 * t * t, // a dip
      (t) => 90 * 2 ** (t * 2.2), // a child-like sweep up to 420 Hz
    ];
    for (const f0 of curves) {
      const { within, voiced: share } = score(voiced(f0, 0.6, 0.02), f0);
      expect(share).toBeGreaterThan(0.9);
      expect(within).toBeGreaterThan(0.95);
    }
  });

  it('marks noise and silence as unvoiced', () => {
    const noise = voiced(() => 100, 0.5, 0.6).map((v, i) => (i % 2 === 0 ? v - v : v) * 0); // silence
    const count = Math.floor((noise.length - 400) / 160) + 1;
    expect(Array.from(trackPitch(noise, count, () => true).hz).filter((h) => h > 0)).toHaveLength(0);
    let s = 3;
    const white = Float32Array.from({ length: RATE / 2 }, () => {
      s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
      return 0.3 * (s / 2 ** 31 - 0.5);
    });
    const voicedFrames = Array.from(trackPitch(white, count, () => true).hz).filter((h) => h > 0).length;
    expect(voicedFrames / count).toBeLessThan(0.1);
  });

  it('does not slip an octave on a voice whose second harmonic is the strongest', () => {
    const f0 = (t: number) => 140 - 40 * t;
    const samples = voiced(f0, 0.6);
    // Strengthen the octave: add the second harmonic again, twice as loud.
    let phase = 0;
    for (let i = 0; i < samples.length; i++) {
      phase += (2 * Math.PI * f0(i / RATE)) / RATE;
      samples[i] = (samples[i] ?? 0) + 0.3 * Math.sin(2 * phase);
    }
    expect(score(samples, f0).within).toBeGreaterThan(0.95);
  });

  const hasSox = spawnSync('sox', ['--version']).status === 0;
  it.runIf(hasSox)("agrees with sox's synthesised glides", () => {
    for (const [from, to] of [
      [90, 200],
      [400, 150],
    ] as const) {
      const out = spawnSync('sox', [
        '-n',
        '-r',
        String(RATE),
        '-b',
        '16',
        '-c',
        '1',
        '-t',
        'raw',
        '-e',
        'signed',
        '-',
        'synth',
        '0.6',
        'sawtooth',
        `${from}:${to}`,
        'vol',
        '0.3',
      ]);
      const pcm = new Int16Array(out.stdout.buffer, out.stdout.byteOffset, out.stdout.length >> 1);
      const samples = Float32Array.from(pcm, (v) => v / 32768);
      // sox's linear sweep: from + (to - from) · t / length.
      const f0 = (t: number) => from + ((to - from) * t) / 0.6;
      expect(score(samples, f0).within).toBeGreaterThan(0.95);
    }
  });
});
