import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SYLLABUS_LEVELS, characterBatch, levelLabel } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useSyllabus } from '@/lib/syllabus';
import { vocabularyCharactersQuery } from '@/lib/vocabulary-characters';

/**
 * "Write this level's characters": the characters new at a level of the learner's syllabus fill the word
 * list, one dictation's worth at a time; the next press takes the next ones. The list is fetched on the
 * first press, so the page asks for nothing the learner does not use.
 */
export function LevelCharactersPick({
  limit,
  disabled,
  onPick,
}: {
  limit: number;
  disabled: boolean;
  onPick: (characters: string[]) => void;
}) {
  const { t } = useTranslation(['dictation', 'common']);
  const { syllabus } = useSyllabus();
  const [chosen, setLevel] = useState(1);
  const level = SYLLABUS_LEVELS[syllabus].includes(chosen) ? chosen : 1;
  const [start, setStart] = useState(0);
  const [shown, setShown] = useState<{ from: number; to: number; count: number } | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const queries = useQueryClient();
  const id = useId();

  const pick = async () => {
    setState('loading');
    try {
      const all = (await queries.fetchQuery(vocabularyCharactersQuery(syllabus, level))).data.characters;
      const batch = characterBatch(all, start, limit);
      if (batch.characters.length > 0) onPick(batch.characters);
      setShown({ from: batch.from, to: batch.to, count: all.length });
      setStart(batch.next);
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <div
      className="flex flex-col gap-2 border-t border-line pt-4 sm:flex-row sm:items-end sm:gap-3"
      data-testid="dictation-level-characters"
      data-syllabus={syllabus}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {t('levelChars.label', { syllabus: t(`common:syllabus.${syllabus}`) })}
        </label>
        <select
          id={id}
          value={level}
          disabled={disabled}
          onChange={(e) => {
            setLevel(Number(e.target.value));
            setStart(0);
            setShown(null);
          }}
          className="h-10 rounded-lg border border-line bg-surface px-3 focus-visible:outline-2 focus-visible:outline-brand"
          data-testid="dictation-level-select"
        >
          {SYLLABUS_LEVELS[syllabus].map((n) => (
            <option key={n} value={n}>
              HSK {levelLabel(syllabus, n)}
            </option>
          ))}
        </select>
      </div>
      <Button
        variant="secondary"
        onClick={() => void pick()}
        disabled={disabled || state === 'loading'}
        data-testid="dictation-level-pick"
      >
        {t('levelChars.pick')}
      </Button>
      <p className="text-sm text-ink-muted" aria-live="polite" data-testid="dictation-level-range">
        {state === 'failed'
          ? t('levelChars.failed')
          : shown
            ? t('levelChars.range', { from: shown.from, to: shown.to, count: shown.count })
            : null}
      </p>
    </div>
  );
}
