import { useTranslation } from 'react-i18next';
import { VOCABULARY_HELP_WORDS } from '@kouyu/core';

/** The help text of spec 000 §1: how many words the first levels ask for. */
export function VocabularyHelp() {
  const { t } = useTranslation('vocabulary');
  return (
    <aside
      className="rounded-xl border border-line bg-brand-soft/60 p-4 text-sm"
      aria-labelledby="vocabulary-help-title"
      data-testid="vocabulary-help"
    >
      <h2 id="vocabulary-help-title" className="mb-1 font-semibold">
        {t('help.title')}
      </h2>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {VOCABULARY_HELP_WORDS.map((h) => (
          <li key={h.level}>{t('help.item', { level: h.level, count: h.words })}</li>
        ))}
      </ul>
      <p className="mt-1 text-ink-muted">{t('help.note')}</p>
    </aside>
  );
}
