import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { isAnswered } from '../../lib/run';
import type { Answer, RunQuestion } from '../../lib/run';

/**
 * Every question of the run as a numbered button, grouped by part, filled once answered: the learner
 * sees what is left and jumps there (the same navigation rules as Previous / Next apply).
 */
export function QuestionNavigator({
  questions,
  currentRun,
  answers,
  onSelect,
}: {
  questions: readonly RunQuestion[];
  currentRun: number;
  answers: Record<number, Answer>;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation('speaking');
  const parts = [...new Set(questions.map((q) => q.part))];
  return (
    <nav aria-labelledby="question-navigator" data-testid="question-navigator">
      <h2 id="question-navigator" className="text-sm font-medium">
        {t('run.navigator')}
      </h2>
      {parts.map((part) => (
        <div key={part} className="mt-2">
          {parts.length > 1 ? (
            <p className="text-xs text-ink-muted">{t('selection.part', { part })}</p>
          ) : null}
          <ol className="mt-1 flex flex-wrap gap-1.5">
            {questions.map((q, index) => {
              if (q.part !== part) return null;
              const answered = isAnswered(answers[q.runNumber]);
              const active = q.runNumber === currentRun;
              return (
                <li key={q.runNumber}>
                  <button
                    type="button"
                    onClick={() => onSelect(index)}
                    aria-current={active ? 'step' : undefined}
                    aria-label={t(answered ? 'run.navAnswered' : 'run.navUnanswered', { n: q.runNumber })}
                    data-testid="question-nav-item"
                    data-answered={answered}
                    className={cn(
                      'flex size-9 items-center justify-center rounded-lg border text-sm font-semibold tabular-nums',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
                      answered
                        ? 'border-brand bg-brand text-on-brand'
                        : 'border-line bg-surface-raised text-ink',
                      active && 'ring-2 ring-brand ring-offset-2 ring-offset-surface-raised',
                    )}
                  >
                    {q.runNumber}
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
      ))}
      <p className="mt-2 text-xs text-ink-muted">{t('run.navLegend')}</p>
    </nav>
  );
}
