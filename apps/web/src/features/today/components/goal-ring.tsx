import { useTranslation } from 'react-i18next';

const R = 26;
const C = 2 * Math.PI * R;

/** The day's goal as a ring: the filled arc is the share done (full once met). */
export function GoalRing({ done, target }: { done: number; target: number }) {
  const { t } = useTranslation('today');
  const percent = target > 0 ? Math.min(100, Math.round((done / target) * 100)) : 0;
  return (
    <svg
      viewBox="0 0 64 64"
      className="h-20 w-20 shrink-0 -rotate-90"
      role="img"
      aria-label={t('today.goal.ring', { percent })}
      data-testid="today-goal-ring"
      data-percent={percent}
    >
      <circle cx="32" cy="32" r={R} fill="none" strokeWidth="7" className="stroke-surface-sunken" />
      <circle
        cx="32"
        cy="32"
        r={R}
        fill="none"
        strokeWidth="7"
        strokeLinecap="round"
        strokeDasharray={C}
        strokeDashoffset={C * (1 - percent / 100)}
        className={percent >= 100 ? 'stroke-success' : 'stroke-brand'}
      />
    </svg>
  );
}
