import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_RATING_MAX, FEEDBACK_RATING_MIN } from '@kouyu/core';
import { cn } from '@/components/ui/cn';

const VALUES = Array.from(
  { length: FEEDBACK_RATING_MAX - FEEDBACK_RATING_MIN + 1 },
  (_, i) => FEEDBACK_RATING_MIN + i,
);

function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width={28} height={28} aria-hidden="true">
      <path
        d="M12 3.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8-5.3-2.8-5.3 2.8 1-5.8-4.2-4.1 5.9-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={1.6}
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Rating stars 1-5 as a radio group (arrow keys move between stars); the rating stays optional. */
export function RatingStars({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (v: number | null) => void;
}) {
  const { t } = useTranslation('feedback');
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1" data-testid="feedback-rating">
      <legend className="mb-1 text-sm font-medium">{t('rating.label')}</legend>
      <div className="flex items-center gap-1">
        {VALUES.map((n) => (
          <label
            key={n}
            className={cn(
              'cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand',
              value !== null && n <= value ? 'text-warning' : 'text-ink-muted',
            )}
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <span className="sr-only">{t('rating.star', { value: n })}</span>
            <Star filled={value !== null && n <= value} />
          </label>
        ))}
        {value !== null ? (
          <button
            type="button"
            onClick={() => onChange(null)}
            className="ml-2 rounded text-xs text-ink-muted underline hover:text-ink focus-visible:outline-2 focus-visible:outline-brand"
          >
            {t('rating.clear')}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
