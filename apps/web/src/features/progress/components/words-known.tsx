import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgressResponse } from '@kouyu/core';

/** Words known out of each HSK level's list, as bars that read as text too. */
export function WordsKnown({ levels }: { levels: ProgressResponse['words_known'] }) {
  const { t } = useTranslation('progress');
  const headingId = useId();
  const anyKnown = levels.some((l) => l.known > 0);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-4 sm:p-5"
      data-testid="progress-words"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t('words.title')}
      </h2>
      {anyKnown ? null : (
        <p className="text-sm text-ink-muted" data-testid="progress-words-empty">
          {t('words.empty')}
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {levels.map((l) => {
          const label = t('words.level', { level: l.level });
          const share = l.total > 0 ? Math.round((100 * l.known) / l.total) : 0;
          return (
            <li key={l.level} className="grid grid-cols-[4.5rem_1fr_auto] items-center gap-3 text-sm">
              <span>{label}</span>
              <meter
                className="h-3 w-full"
                min={0}
                max={Math.max(l.total, 1)}
                value={l.known}
                aria-label={label}
              />
              <span className="tabular-nums text-ink-muted" data-testid={`progress-words-${l.level}`}>
                {t('words.count', { known: l.known, total: l.total, share })}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
