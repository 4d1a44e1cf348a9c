import { describe, expect, it } from 'vitest';
import { curvePoints, expectedCurve } from './tone-curve-points';

describe('tone curve points', () => {
  it('puts the median in the middle, higher pitch higher up, and clamps far values', () => {
    expect(curvePoints([0, 6, -6, 20], 30, 60)).toBe('0.0,30.0 10.0,0.0 20.0,60.0 30.0,0.0');
    expect(curvePoints([], 30, 60)).toBe('');
  });

  it('draws a falling tone from high to low and a level tone flat', () => {
    const fall = expectedCurve(4);
    expect(fall[0]).toBeGreaterThan(0);
    expect(fall.at(-1)).toBeLessThan(0);
    expect(new Set(expectedCurve(1)).size).toBe(1);
  });
});
