import { useTranslation } from 'react-i18next';
import type { VocabWord } from '@kouyu/core';
import { levelLabel } from '@kouyu/core';

/** "HSK 2.0: 3 · HSK 3.0: 1": the word's level in each syllabus (— when a syllabus does not list it). */
export function SyllabusLevels({ levels }: { levels: VocabWord['levels'] }) {
  const { t } = useTranslation('common');
  if (!levels) return null;
  const part = (s: 'hsk2' | 'hsk3') => {
    const level = levels[s];
    const syllabus = t(`syllabus.${s}`).replace(/\s*[(（].*$/, '');
    return level === null
      ? t('syllabus.notIn', { syllabus })
      : t('syllabus.levelIn', { syllabus, level: levelLabel(s, level) });
  };
  return (
    <span className="mt-1 block text-xs text-ink-muted" data-testid="word-syllabus-levels">
      {part('hsk2')} · {part('hsk3')}
    </span>
  );
}
