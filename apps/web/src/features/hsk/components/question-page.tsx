import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HskSection } from '@kouyu/core';
import { SetLoader } from './set-loader';
import { SetRunner } from './set-runner';

/** `/hsk/{level}/{section}/question/{testId}`: practice a set at one's own pace, recordings replayable. */
export function HskQuestionPage({ section }: { section: HskSection }) {
  const { t } = useTranslation('hsk');
  // A new round remounts the runner: answers, inputs and the result start afresh.
  const [round, setRound] = useState(0);
  return (
    <SetLoader section={section} pageLabel={t('run.practiceLabel')}>
      {(set, backTo) => (
        <SetRunner
          key={`${set.id}:${round}`}
          set={set}
          deadline={null}
          backTo={backTo}
          onRetry={() => setRound((r) => r + 1)}
        />
      )}
    </SetLoader>
  );
}
