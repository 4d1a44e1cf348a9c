import { describe, expect, it } from 'vitest';
import { findSyllables } from './syllables.js';

/** Loudness per frame: `loud` dB in the syllables, dips of `dip` dB between them, silence around. */
function track(
  lengths: number[],
  dip: number,
  gap = 0,
): { speech: Uint8Array; energy: Float32Array; starts: number[] } {
  const energy: number[] = Array<number>(20).fill(-80);
  const speech: number[] = Array<number>(20).fill(0);
  const starts: number[] = [];
  lengths.forEach((len, k) => {
    if (k > 0) {
      for (let i = 0; i < gap; i++) {
        energy.push(-80);
        speech.push(0);
      }
    }
    starts.push(energy.length);
    for (let i = 0; i < len; i++) {
      // A rise and fall of loudness over the syllable, down to the dip at its edges.
      const edge = Math.min(i, len - 1 - i);
      energy.push(-20 - Math.max(0, dip - edge * 4));
      speech.push(1);
    }
  });
  energy.push(...Array<number>(20).fill(-80));
  speech.push(...Array<number>(20).fill(0));
  return { speech: Uint8Array.from(speech), energy: Float32Array.from(energy), starts };
}

describe('syllables found in the recording', () => {
  it('cuts joined speech at the dips of loudness, even when the syllables differ in length', () => {
    const { speech, energy, starts } = track([18, 30, 14, 25], 15);
    const spans = findSyllables(4, speech, energy, () => true);
    spans.forEach(([start], k) => expect(Math.abs(start - (starts[k] ?? 0))).toBeLessThanOrEqual(2));
    expect(spans.at(-1)?.[1]).toBe(20 + 18 + 30 + 14 + 25);
  });

  it('cuts in a pause first, and a syllable neither starts nor ends in one', () => {
    const { speech, energy, starts } = track([20, 20, 20], 3, 12);
    const spans = findSyllables(3, speech, energy, () => true);
    spans.forEach(([start, end], k) => {
      expect(start).toBe(starts[k]);
      expect(end).toBe((starts[k] ?? 0) + 20);
    });
  });

  it('gives one span to a single syllable and even pieces to too little speech', () => {
    const { speech, energy } = track([25], 10);
    expect(findSyllables(1, speech, energy, () => true)).toEqual([[20, 45]]);
    expect(findSyllables(0, speech, energy, () => true)).toEqual([]);
    expect(findSyllables(2, new Uint8Array(50), new Float32Array(50).fill(-80), () => false)).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});
