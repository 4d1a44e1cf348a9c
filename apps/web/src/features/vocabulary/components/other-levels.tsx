import { useTranslation } from 'react-i18next';
import type { Syllabus } from '@kouyu/core';
import { LocalLink, useLang } from '@/components/ui/local-link';
import { useVocabulary } from '../api/get-vocabulary';
import { WordTable } from './word-table';

/**
 * A search that finds nothing in the level asks every level: a learner looking for 银行 under HSK 1
 * learns it is an HSK 3 word instead of reading "no words match".
 */
export function OtherLevels({
  level,
  query,
  syllabus,
}: {
  level: number;
  query: string;
  syllabus: Syllabus;
}) {
  const { t } = useTranslation('vocabulary');
  const lang = useLang();
  const other = useVocabulary({ level: null, search: query, language: lang, page: 1, syllabus });
  const found = other.data?.pagination.total_count ?? 0;
  if (!other.data || found === 0) return null;
  return (
    <section className="flex flex-col gap-3" data-testid="vocabulary-other-levels">
      <p className="text-sm text-ink-muted">{t('otherLevels', { level, count: found })}</p>
      <WordTable words={other.data.data.slice(0, 10)} showLevel />
      {found > 10 ? (
        <LocalLink to={`/vocab?q=${encodeURIComponent(query)}`} className="text-sm text-brand underline">
          {t('otherLevelsAll', { count: found })}
        </LocalLink>
      ) : null}
    </section>
  );
}
