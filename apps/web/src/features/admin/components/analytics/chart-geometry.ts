import type { GoalDay } from '@kouyu/core';

export const GOAL_KEYS = ['register', 'upgrade', 'first_test'] as const;
export type GoalKey = (typeof GOAL_KEYS)[number];

export interface ChartGeometry {
  width: number;
  height: number;
  /** The plot area inside the axis margins. */
  plot: { left: number; right: number; top: number; bottom: number };
  /** The top of the y axis: the largest count rounded up to a step that reads well. */
  yMax: number;
  /** One polyline `points` string per goal. */
  lines: Record<GoalKey, string>;
  /** x of each day's point, in order. */
  xs: number[];
  y(value: number): number;
}

/** The nearest of 1, 2, 5 × 10^n at or above `n`, so the axis reads 0 / 5 / 10 rather than 0 / 3.5 / 7. */
export function niceCeiling(n: number): number {
  if (n <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  const step = [1, 2, 5, 10].find((s) => s * magnitude >= n) ?? 10;
  return step * magnitude;
}

/** Where each day's counts sit in an SVG of `width` × `height`. */
export function chartGeometry(days: GoalDay[], width = 640, height = 220): ChartGeometry {
  const plot = { left: 36, right: width - 12, top: 12, bottom: height - 28 };
  const max = Math.max(0, ...days.flatMap((d) => GOAL_KEYS.map((k) => d[k])));
  const yMax = niceCeiling(max);
  const span = Math.max(1, days.length - 1);
  const xs = days.map((_, i) =>
    days.length === 1 ? (plot.left + plot.right) / 2 : plot.left + ((plot.right - plot.left) * i) / span,
  );
  const y = (value: number) => plot.bottom - ((plot.bottom - plot.top) * value) / yMax;
  const line = (k: GoalKey) => days.map((d, i) => `${round(xs[i] ?? 0)},${round(y(d[k]))}`).join(' ');
  return {
    width,
    height,
    plot,
    yMax,
    xs,
    y,
    lines: { register: line('register'), upgrade: line('upgrade'), first_test: line('first_test') },
  };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
