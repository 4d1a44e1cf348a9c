import { useTranslation } from 'react-i18next';
import type { Syllabus } from '@kouyu/core';
import { levelLabel } from '@kouyu/core';
import { LocalLink } from '@/components/ui/local-link';
import { useVocabularyCharacters } from '@/lib/vocabulary-characters';

/** The characters new at a level of a syllabus, folded; each opens its stroke-order practice (vocabulary and HSK pages). */
export function LevelCharacters({ syllabus, level }: { syllabus: Syllabus; level: number }) {
  const { t } = useTranslation('vocabulary');
  const chars = useVocabularyCharacters(syllabus, level);
  const list = chars.data?.data.characters ?? [];
  if (list.length === 0) return null;
  const label = levelLabel(syllabus, level);
  return (
    <details className="rounded-2xl border border-line bg-surface-raised p-4" data-testid="level-characters">
      <summary className="cursor-pointer font-medium">
        {t('characters.title', { level: label })}{' '}
        <span className="text-sm text-ink-muted" data-testid="level-characters-count">
          {t('characters.count', { count: list.length })}
        </span>
      </summary>
      <p className="mt-2 text-sm text-ink-muted">{t('characters.write')}</p>
      <ul className="mt-2 flex flex-wrap gap-1" lang="zh-CN">
        {list.map((c) => (
          <li key={c}>
            <LocalLink
              to={`/write/${encodeURIComponent(c)}`}
              className="grid h-10 w-10 place-items-center rounded-lg border border-line font-cjk text-xl hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand"
              data-testid="level-character"
            >
              {c}
            </LocalLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
