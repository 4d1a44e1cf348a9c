/** A line of a chart: its label and its values by day (`YYYY-MM-DD`). */
export interface ChartLine {
  label: string;
  points: { day: string; value: number }[];
}

/** The chart's table: every day any line has a value, oldest first, with each line's value or null. */
export interface AlignedSeries {
  days: string[];
  values: (number | null)[][];
}

/** Lines on one shared, sorted axis of days (what both uPlot and the table alternative need). */
export function alignSeries(lines: readonly ChartLine[]): AlignedSeries {
  const days = [...new Set(lines.flatMap((l) => l.points.map((p) => p.day)))].sort();
  const values = lines.map((l) => {
    const byDay = new Map(l.points.map((p) => [p.day, p.value]));
    return days.map((d) => byDay.get(d) ?? null);
  });
  return { days, values };
}

/** A day as seconds since the epoch at UTC midnight (uPlot's time axis). */
export function daySeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

const LOCALES = { en: 'en', zh: 'zh-CN', ru: 'ru' } as const;

/** A day in the page language; the day is a calendar date, so it is read and shown in UTC. */
export function formatDay(day: string | number, lang: keyof typeof LOCALES): string {
  const at = typeof day === 'number' ? new Date(day * 1000) : new Date(`${day}T00:00:00Z`);
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(
    at,
  );
}

const DAY_S = 86_400;
/** Room one axis label needs, in CSS pixels: a label every so many pixels at most. */
const TICK_ROOM_PX = 72;
/** Tick steps tried in order: days, then months. */
const DAY_STEPS = [1, 2, 7, 14] as const;
const MONTH_STEPS = [1, 2, 3, 6] as const;

/** The day axis of a chart: where its labels go (seconds at UTC midnight) and what they say. */
export interface DayAxis {
  range: [number, number];
  ticks: number[];
  labels: string[];
}

/**
 * The time axis for the window `from`…`to` (the whole window the answer covers, so today sits at the
 * right end and an early point keeps its place) drawn `width` pixels wide: the smallest step of days or
 * months whose labels fit, at least two labels. Month ticks fall on the 1st, labelled with the month,
 * and the year where it changes or first shows.
 */
export function dayAxis(from: string, to: string, width: number, lang: keyof typeof LOCALES): DayAxis {
  const lo = daySeconds(from);
  const hi = Math.max(daySeconds(to), lo + DAY_S);
  const room = Math.max(2, Math.floor(width / TICK_ROOM_PX));
  for (const step of DAY_STEPS) {
    const ticks: number[] = [];
    for (let s = hi; s >= lo; s -= step * DAY_S) ticks.unshift(s);
    if (ticks.length <= room) return { range: [lo, hi], ticks, labels: ticks.map((s) => formatDay(s, lang)) };
  }
  const start = new Date(lo * 1000);
  const firstMonth = start.getUTCFullYear() * 12 + start.getUTCMonth() + (start.getUTCDate() === 1 ? 0 : 1);
  const end = new Date(hi * 1000);
  const lastMonth = end.getUTCFullYear() * 12 + end.getUTCMonth();
  let chosen: number[] = [];
  for (const step of MONTH_STEPS) {
    chosen = [];
    // Counted back from the current month, which is always labelled.
    for (let m = lastMonth; m >= firstMonth; m -= step)
      chosen.unshift(Date.UTC(Math.floor(m / 12), m % 12, 1) / 1000);
    if (chosen.length <= room) break;
  }
  if (chosen.length === 0) chosen = [hi];
  const locale = LOCALES[lang];
  const month = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short' });
  const monthYear = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short', year: 'numeric' });
  const labels = chosen.map((s, i) => {
    const d = new Date(s * 1000);
    const yearShows = i === 0 || d.getUTCMonth() === 0;
    return (yearShows ? monthYear : month).format(d);
  });
  return { range: [lo, hi], ticks: chosen, labels };
}
