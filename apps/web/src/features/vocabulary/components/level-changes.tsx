import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangedWord } from '@kouyu/core';
import { useLang } from '@/components/ui/local-link';
import { useVocabularyChanges } from '../api/get-changes';
import { SyllabusLevels } from './syllabus-levels';

const KINDS = ['added', 'moved', 'dropped'] as const;

/** HSK 3.0 level 1-6 against HSK 2.0, folded: new words, words that moved level, words dropped. */
export function LevelChanges({ level }: { level: number }) {
  const { t } = useTranslation(['vocabulary', 'common']);
  const lang = useLang();
  // Asked for once opened: most visits never unfold it.
  const [open, setOpen] = useState(false);
  const changes = useVocabularyChanges(level, lang, open);
  const data = changes.data?.data;
  return (
    <details
      className="rounded-2xl border border-line bg-surface-raised p-4"
      data-testid="level-changes"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer font-medium">{t('changes.title', { level })}</summary>
      {data ? (
        <div className="mt-3 grid gap-4">
          {KINDS.map((kind) => (
            <section key={kind} data-testid={`level-changes-${kind}`} data-count={data[kind].length}>
              <h3 className="text-sm font-semibold">{t(`changes.${kind}`, { count: data[kind].length })}</h3>
              <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {data[kind].map((w: ChangedWord) => (
                  <li key={w.simplified}>
                    <span lang="zh-CN" className="font-cjk text-base">
                      {w.simplified}
                    </span>{' '}
                    <span className="text-ink-muted">{w.pinyin}</span>
                    {kind === 'moved' ? <SyllabusLevels levels={w.levels} /> : null}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : (
        <p className="mt-2 text-sm text-ink-muted">{t('common:common.loading')}</p>
      )}
    </details>
  );
}
