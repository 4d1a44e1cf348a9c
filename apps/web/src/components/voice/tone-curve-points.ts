import { TONE_SHAPES } from '@kouyu/core';
import type { Tone } from '@kouyu/core';

/** Semitones either side of the speaker's median the picture spans. */
export const CURVE_RANGE_ST = 6;
/** Height of the speaker's half range drawn for the expected shape, in semitones. */
const SHAPE_HALF_RANGE_ST = 4;

/** SVG polyline points for values evenly spaced over a box of width × height (0 st in the middle). */
export function curvePoints(semitones: readonly number[], width: number, height: number): string {
  if (semitones.length === 0) return '';
  const step = semitones.length > 1 ? width / (semitones.length - 1) : 0;
  return semitones
    .map((v, i) => {
      const clamped = Math.max(-CURVE_RANGE_ST, Math.min(CURVE_RANGE_ST, v));
      const y = height / 2 - (clamped / CURVE_RANGE_ST) * (height / 2);
      return `${(i * step).toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** The expected tone's shape in the same semitone scale as a learner's curve. */
export function expectedCurve(tone: Tone): number[] {
  return TONE_SHAPES[tone].map((v) => v * SHAPE_HALF_RANGE_ST);
}
