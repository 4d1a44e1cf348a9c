import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SetLoader } from './set-loader';
import { SetRunner } from './set-runner';

/**
 * `/hsk/{3..6}/listening/test/{testId}`: the timed run — a countdown from the set's time limit,
 * every recording played once, the answers sent when the time is up.
 */
export function HskListeningTestPage() {
  const { t } = useTranslation('hsk');
  const [run, setRun] = useState<{ round: number; deadline: number } | null>(null);
  return (
    <SetLoader section="listening" pageLabel={t('run.testLabel')}>
      {(set, backTo) =>
        run ? (
          <SetRunner
            key={`${set.id}:${run.round}`}
            set={set}
            deadline={run.deadline}
            backTo={backTo}
            onRetry={() => setRun(null)}
          />
        ) : (
          <section
            className="flex flex-col items-start gap-4 rounded-2xl bg-surface-raised p-6 shadow-sm"
            data-testid="hsk-test-intro"
          >
            <h1 className="text-2xl font-bold">{set.title}</h1>
            <ul className="list-disc space-y-1 pl-5">
              <li>{t('test.rule1', { minutes: set.time_limit, n: set.items.length })}</li>
              <li>{t('test.rule2')}</li>
              <li>{t('test.rule3')}</li>
            </ul>
            <p className="whitespace-pre-line text-sm text-ink-muted">{set.instructions}</p>
            <Button
              size="lg"
              onClick={() =>
                setRun((prev) => ({
                  round: (prev?.round ?? 0) + 1,
                  deadline: Date.now() + set.time_limit * 60_000,
                }))
              }
              data-testid="hsk-test-start"
            >
              {t('test.start')}
            </Button>
          </section>
        )
      }
    </SetLoader>
  );
}
