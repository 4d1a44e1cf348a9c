import { useTranslation } from 'react-i18next';
import { SYLLABUS_LEVELS, levelLabel } from '@kouyu/core';
import type { Syllabus } from '@kouyu/core';
import { LocalLink } from '@/components/ui/local-link';
import { cn } from '@/components/ui/cn';
import { useVocabularyLevels } from '@/lib/vocabulary-levels';

/** A tab's word count: the number shown, "Words: N" read out. */
function Count({ value }: { value: number | undefined }) {
  const { t } = useTranslation('vocabulary');
  if (value === undefined) return <span className="text-xs">{'\u00a0'}</span>;
  return (
    <span className="text-xs opacity-80" title={t('words', { count: value })}>
      <span aria-hidden="true">{value}</span>
      <span className="sr-only">{t('words', { count: value })}</span>
    </span>
  );
}

/** Links to every level (and to all levels), with word counts; the search text goes along. */
export function LevelTabs({
  level,
  query,
  syllabus,
}: {
  level: number | null;
  query: string;
  syllabus: Syllabus;
}) {
  const { t } = useTranslation('vocabulary');
  const levels = useVocabularyLevels(syllabus);
  const count = (n: number) => levels.data?.data.find((l) => l.level === n)?.count;
  const suffix = query ? `?q=${encodeURIComponent(query)}` : '';
  const tab = (active: boolean) =>
    cn(
      'flex flex-col items-center whitespace-nowrap rounded-lg px-2 py-2 text-sm font-medium transition-colors sm:min-w-20 sm:px-3',
      'focus-visible:outline-2 focus-visible:outline-brand',
      active ? 'bg-brand text-on-brand shadow-sm' : 'bg-surface-raised text-ink hover:bg-surface-sunken',
    );
  return (
    <nav aria-label={t('levels')} data-testid="vocabulary-levels">
      <ul className="grid grid-cols-4 gap-2 sm:flex sm:flex-wrap">
        <li>
          <LocalLink
            to={`/vocab${suffix}`}
            className={tab(level === null)}
            aria-current={level === null ? 'page' : undefined}
          >
            {t('all')}
            <Count value={levels.data?.total} />
          </LocalLink>
        </li>
        {SYLLABUS_LEVELS[syllabus].map((n) => (
          <li key={n}>
            <LocalLink
              to={`/vocabulary/${levelLabel(syllabus, n)}${suffix}`}
              className={tab(level === n)}
              aria-current={level === n ? 'page' : undefined}
              data-testid={`vocabulary-level-${n}`}
            >
              {t('level', { level: levelLabel(syllabus, n) })}
              <Count value={count(n)} />
            </LocalLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
