import { describe, expect, it } from 'vitest';
import { chartGeometry, niceCeiling } from './chart-geometry';

const day = (d: string, register: number, upgrade = 0, first_test = 0) => ({
  day: d,
  register,
  upgrade,
  first_test,
});

describe('niceCeiling', () => {
  it.each([
    [0, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [12, 20],
    [51, 100],
    [200, 200],
  ])('%i → %i', (n, want) => expect(niceCeiling(n)).toBe(want));
});

describe('chartGeometry', () => {
  it('spreads the days across the plot and puts the largest count at the top', () => {
    const g = chartGeometry(
      [day('2026-03-01', 0), day('2026-03-02', 5, 2), day('2026-03-03', 10, 1, 4)],
      200,
      100,
    );
    expect(g.yMax).toBe(10);
    expect(g.xs[0]).toBe(g.plot.left);
    expect(g.xs[2]).toBe(g.plot.right);
    expect(g.lines.register.split(' ')).toEqual([
      `${g.plot.left},${g.plot.bottom}`,
      `${(g.plot.left + g.plot.right) / 2},${(g.plot.top + g.plot.bottom) / 2}`,
      `${g.plot.right},${g.plot.top}`,
    ]);
    expect(g.lines.first_test.split(' ').at(-1)).toBe(`${g.plot.right},${g.y(4)}`);
  });

  it('draws a single day in the middle and an empty span flat at zero', () => {
    const g = chartGeometry([day('2026-03-01', 0)], 200, 100);
    expect(g.yMax).toBe(1);
    expect(g.lines.upgrade).toBe(`${(g.plot.left + g.plot.right) / 2},${g.plot.bottom}`);
  });
});
