import { afterEach, describe, expect, it } from 'vitest';
import { forgetSpeakers, rememberSpeaker } from './speaker-memory.js';

/** A pitch track of `frames` voiced frames spread evenly over [low, high] semitones, with gaps. */
function track(frames: number, low: number, high: number): Float32Array {
  const out = new Float32Array(frames * 2).fill(Number.NaN);
  for (let i = 0; i < frames; i++) out[i * 2] = low + ((high - low) * i) / Math.max(1, frames - 1);
  return out;
}

afterEach(() => forgetSpeakers());

describe("a learner's remembered pitch range", () => {
  it('is not used until enough voice has been heard, then spans the earlier recordings', () => {
    expect(rememberSpeaker('user:1', track(100, 10, 20))).toBeUndefined();
    expect(rememberSpeaker('user:1', track(100, 10, 20))).toBeUndefined();
    const range = rememberSpeaker('user:1', track(100, 10, 20));
    expect(range?.median).toBeCloseTo(15, 0);
    // The 10th-90th percentile spread of an even 10-20 st spread is 8 st: a half range of 4.
    expect(range?.halfRange).toBeCloseTo(4, 0);
  });

  it('keeps each learner apart', () => {
    rememberSpeaker('user:1', track(400, 0, 4));
    const other = rememberSpeaker('user:2', track(400, 20, 30));
    expect(other?.median).toBeCloseTo(25, 0);
    expect(rememberSpeaker('user:1', track(10, 0, 4))?.median).toBeCloseTo(2, 0);
  });

  it('never takes a monotone voice for a narrow range', () => {
    expect(rememberSpeaker('user:3', track(400, 12, 12))?.halfRange).toBe(1.5);
  });
});
