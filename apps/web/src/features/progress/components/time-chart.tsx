import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { alignSeries, dayAxis, daySeconds, formatDay } from '../lib/series';
import type { ChartLine } from '../lib/series';

/** Line colours, read from the theme so the chart follows light and dark. */
const COLOUR_VARS = ['--brand', '--success', '--warning'] as const;

function themeColour(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** Chart height: lower on a phone so the heading and the next chart stay in view. */
const heightFor = (width: number) => (width < 480 ? 200 : 260);

/**
 * One progress chart: a heading, the lines drawn by uPlot (loaded with its CSS only when a chart is
 * drawn, so no other page carries it) and the same values as a table, visually hidden until asked for.
 */
export function TimeChart({
  title,
  lines,
  format,
  max,
  empty,
  testId,
  from,
  to,
}: {
  title: string;
  /** First and last day of the window the answer covers: the axis spans all of it. */
  from: string;
  to: string;
  lines: ChartLine[];
  /** How a value reads on the axis, in the legend and in the table. */
  format: (value: number) => string;
  /** Top of the value axis. */
  max: number;
  /** What the chart says when there is nothing to draw yet. */
  empty: string;
  testId: string;
}) {
  const { t } = useTranslation('progress');
  const lang = useLang();
  const headingId = useId();
  const host = useRef<HTMLDivElement>(null);
  const [asTable, setAsTable] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const aligned = useMemo(() => alignSeries(lines), [lines]);
  const hasData = aligned.days.length > 0;

  useEffect(() => {
    const el = host.current;
    if (!el || !hasData) return;
    let chart: uPlot | null = null;
    let cancelled = false;
    const resize = new ResizeObserver(() => {
      const width = el.clientWidth;
      if (chart && width > 0) chart.setSize({ width, height: heightFor(width) });
    });
    void (async () => {
      const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
      if (cancelled) return;
      const muted = themeColour('--ink-muted', '#6b7280');
      const grid = themeColour('--line', '#e5e7eb');
      const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
      const width = el.clientWidth || 320;
      const options: uPlot.Options = {
        width,
        height: heightFor(width),
        // Days are calendar dates at UTC midnight: the axis reads them in UTC and spans the whole window.
        tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: {
          x: { time: true, range: () => dayAxis(from, to, width, lang).range },
          y: { range: [0, max] },
        },
        hooks: {
          // The labels drawn, for tests and tools (the canvas holds no text).
          draw: [(u) => (el.dataset['ticks'] = dayAxis(from, to, u.width, lang).labels.join('|'))],
        },
        series: [
          { label: t('day'), value: (_u, v) => (v === null ? '' : formatDay(v, lang)) },
          ...lines.map((line, i) => ({
            label: line.label,
            stroke: themeColour(COLOUR_VARS[i % COLOUR_VARS.length] ?? '--brand', '#dc2626'),
            width: 2,
            spanGaps: true,
            points: { show: true, size: 6 },
            value: (_u: uPlot, v: number | null) => (v === null ? '–' : format(v)),
          })),
        ],
        axes: [
          {
            ...axis,
            // Labels that fit the width, a phone's too (see dayAxis).
            splits: (u) => dayAxis(from, to, u.width, lang).ticks,
            values: (u, splits) => {
              const { ticks, labels } = dayAxis(from, to, u.width, lang);
              return splits.map((s) => labels[ticks.indexOf(s)] ?? formatDay(s, lang));
            },
          },
          { ...axis, size: 48, values: (_u, splits) => splits.map((s) => format(s)) },
        ],
      };
      const data: uPlot.AlignedData = [aligned.days.map(daySeconds), ...aligned.values];
      chart = new UPlot(options, data, el);
      resize.observe(el);
      setDrawn(true);
    })();
    return () => {
      cancelled = true;
      resize.disconnect();
      chart?.destroy();
    };
  }, [aligned, lines, format, max, lang, hasData, t, from, to]);

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-4 sm:p-5"
      data-testid={testId}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {hasData ? (
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={asTable}
            onClick={() => setAsTable((v) => !v)}
            data-testid={`${testId}-toggle`}
          >
            {asTable ? t('showChart') : t('showTable')}
          </Button>
        ) : null}
      </div>
      {hasData ? (
        <>
          {/* The table below says the same to a screen reader. */}
          <div
            ref={host}
            aria-hidden="true"
            className={asTable ? 'hidden' : 'w-full min-w-0'}
            data-testid={`${testId}-chart`}
            data-drawn={drawn ? 'true' : 'false'}
          />
          <div className={asTable ? 'overflow-x-auto' : 'sr-only'}>
            <table className="w-full text-left text-sm" data-testid={`${testId}-table`}>
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t('day')}
                  </th>
                  {lines.map((l) => (
                    <th key={l.label} scope="col" className="py-1 pr-3 font-medium">
                      {l.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {aligned.days.map((day, row) => (
                  <tr key={day} className="border-b border-line last:border-0">
                    <th scope="row" className="py-1 pr-3 font-normal">
                      {formatDay(day, lang)}
                    </th>
                    {aligned.values.map((values, col) => {
                      const v = values[row];
                      return (
                        <td key={lines[col]?.label ?? col} className="py-1 pr-3 tabular-nums">
                          {v === null || v === undefined ? '–' : format(v)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="text-sm text-ink-muted" data-testid={`${testId}-empty`}>
          {empty}
        </p>
      )}
    </section>
  );
}
