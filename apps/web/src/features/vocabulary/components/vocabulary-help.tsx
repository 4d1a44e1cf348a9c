import { useTranslation } from 'react-i18next';
import { VOCABULARY_HELP_WORDS } from '@kouyu/core';
import { useVocabularyLevels } from '@/lib/vocabulary-levels';

/** The help text of spec 000 §1: how many words the first levels ask for. */
export function VocabularyHelp() {
  const { t } = useTranslation('vocabulary');
  // The help text's counts are HSK 2.0's (spec 000 §1); the page shows it for HSK 2.0 only.
  const levels = useVocabularyLevels('hsk2');
  const perLevel = new Map((levels.data?.data ?? []).map((l) => [l.level, l.count]));
  const cumulative = (level: number): number | undefined => {
    let sum = 0;
    for (let n = 1; n <= level; n++) {
      const c = perLevel.get(n);
      if (c === undefined) return undefined;
      sum += c;
    }
    return sum;
  };
  return (
    <aside
      className="rounded-xl border border-line bg-brand-soft/60 p-4 text-sm"
      aria-labelledby="vocabulary-help-title"
      data-testid="vocabulary-help"
    >
      <h2 id="vocabulary-help-title" className="mb-1 font-semibold">
        {t('help.title')}
      </h2>
      {/* One level a line: the counts that replace the book's figures then take no more lines, and the
          list below does not move when they arrive (layout shift). */}
      <ul className="flex flex-col gap-y-1" data-testid="vocabulary-help-counts">
        {VOCABULARY_HELP_WORDS.map((h) => {
          const added = perLevel.get(h.level);
          const total = cumulative(h.level);
          // The list's own counts once known, so the totals here and the tabs' "new words" agree.
          return (
            <li key={h.level}>
              {added === undefined || total === undefined
                ? t('help.item', { level: h.level, count: h.words })
                : t('help.itemCounts', { level: h.level, count: total, added })}
            </li>
          );
        })}
      </ul>
      <p className="mt-1 text-ink-muted">{t('help.note')}</p>
    </aside>
  );
}
