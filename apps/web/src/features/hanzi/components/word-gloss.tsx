import { useTranslation } from 'react-i18next';
import type { Language } from '@kouyu/core';
import { useWord } from '../api/get-word';

/**
 * Pinyin and first meaning of a word when it is in the HSK vocabulary; a quiet note when it is not. A
 * character of an HSK word (`partOf`) that is no word by itself is said to be part of that word, not
 * "not in the vocabulary" under the word's own HSK badge.
 */
export function WordGloss({
  word,
  language,
  testId,
  partOf,
}: {
  word: string;
  language: Language;
  testId: string;
  partOf?: string;
}) {
  const { t } = useTranslation();
  const entry = useWord(word, language);
  if (entry.isPending || entry.isError) return null;
  if (!entry.data)
    return (
      <p className="text-sm text-ink-muted" data-testid={`${testId}-missing`}>
        {partOf ? t('hanzi.partOfWord', { word: partOf }) : t('hanzi.notInVocabulary')}
      </p>
    );
  return (
    <p className="flex flex-wrap items-baseline gap-x-3" data-testid={testId}>
      <span className="text-lg text-brand">{entry.data.pinyin}</span>
      <span className="text-ink-muted">{entry.data.meaning.split(/[;；]/)[0]}</span>
      <span className="rounded bg-surface-sunken px-1.5 text-xs text-ink-muted">
        {t('hanzi.level', { level: entry.data.level })}
      </span>
    </p>
  );
}
