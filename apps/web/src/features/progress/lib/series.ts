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
