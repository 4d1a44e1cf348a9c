import { useTranslation } from 'react-i18next';
import type { GoalDay } from '@kouyu/core';
import { GOAL_KEYS, chartGeometry } from './chart-geometry';
import type { GoalKey } from './chart-geometry';

/** Colour and dash per goal: the dash tells the lines apart without colour too. */
const STYLE: Record<GoalKey, { stroke: string; dash?: string }> = {
  register: { stroke: 'var(--brand)' },
  upgrade: { stroke: 'var(--warning)', dash: '6 4' },
  first_test: { stroke: 'var(--success)', dash: '2 3' },
};

/**
 * The three goals per day as lines (a small SVG of our own, no chart library). A table with the same
 * numbers follows for screen readers.
 */
export function GoalsChart({ days }: { days: GoalDay[] }) {
  const { t, i18n } = useTranslation('analytics');
  const g = chartGeometry(days);
  const label = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(i18n.language, {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
  const ticks = [0, g.yMax / 2, g.yMax].filter((v) => Number.isInteger(v));
  const xLabels = days.length <= 1 ? [0] : [0, Math.floor((days.length - 1) / 2), days.length - 1];
  const total = (k: GoalKey) => days.reduce((sum, d) => sum + d[k], 0);

  return (
    <figure className="flex flex-col gap-3" data-testid="goals-chart">
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {GOAL_KEYS.map((k) => (
          <li key={k} className="flex items-center gap-2" data-testid={`goal-total-${k}`}>
            <svg width="24" height="8" aria-hidden="true">
              <line
                x1="0"
                y1="4"
                x2="24"
                y2="4"
                stroke={STYLE[k].stroke}
                strokeWidth="3"
                strokeDasharray={STYLE[k].dash}
              />
            </svg>
            <span>{t(`goals.${k}`)}</span>
            <strong data-testid={`goal-total-${k}-value`}>{total(k)}</strong>
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${g.width} ${g.height}`}
        className="h-auto w-full text-ink-muted"
        role="img"
        aria-label={t('chart.label', { from: label(days[0]?.day ?? ''), to: label(days.at(-1)?.day ?? '') })}
      >
        {ticks.map((v) => (
          <g key={v}>
            <line x1={g.plot.left} x2={g.plot.right} y1={g.y(v)} y2={g.y(v)} stroke="var(--line)" />
            <text x={g.plot.left - 6} y={g.y(v) + 4} textAnchor="end" fontSize="11" fill="currentColor">
              {v}
            </text>
          </g>
        ))}
        {xLabels.map((i) => (
          <text
            key={i}
            x={g.xs[i] ?? 0}
            y={g.height - 8}
            textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
            fontSize="11"
            fill="currentColor"
          >
            {label(days[i]?.day ?? '')}
          </text>
        ))}
        {GOAL_KEYS.map((k) => (
          <polyline
            key={k}
            data-testid={`goal-line-${k}`}
            points={g.lines[k]}
            fill="none"
            stroke={STYLE[k].stroke}
            strokeWidth="2.5"
            strokeLinejoin="round"
            strokeDasharray={STYLE[k].dash}
          />
        ))}
      </svg>
      <figcaption className="sr-only">
        <table>
          <thead>
            <tr>
              <th>{t('chart.day')}</th>
              {GOAL_KEYS.map((k) => (
                <th key={k}>{t(`goals.${k}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                {GOAL_KEYS.map((k) => (
                  <td key={k}>{d[k]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
