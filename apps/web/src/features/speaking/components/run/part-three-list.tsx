import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { isAnswered } from '../../lib/run';
import type { Answer, RunQuestion } from '../../lib/run';
import { CheckIcon } from '@/components/ui/control-icons';
import { QuestionOptions, shownText } from './question-card';

/** Part 3: every question listed; clicking one selects it. */
export function PartThreeList({
  questions,
  currentRun,
  answers,
  onSelect,
}: {
  questions: RunQuestion[];
  currentRun: number;
  answers: Record<number, Answer>;
  onSelect: (runNumber: number) => void;
}) {
  const { t } = useTranslation('speaking');
  return (
    <ol className="flex flex-col gap-2" aria-label={t('run.partThreeList')} data-testid="part-three-list">
      {questions.map(({ question, runNumber }) => {
        const active = runNumber === currentRun;
        const text = shownText(question);
        return (
          <li key={runNumber}>
            <button
              type="button"
              onClick={() => onSelect(runNumber)}
              aria-current={active ? 'step' : undefined}
              className={cn(
                'flex w-full flex-col gap-2 rounded-xl border p-3 text-left transition-colors',
                'focus-visible:outline-2 focus-visible:outline-brand',
                active ? 'border-brand bg-brand-soft' : 'border-line hover:bg-surface-sunken',
              )}
            >
              <span className="flex items-center justify-between gap-2 text-sm font-semibold">
                {t('run.questionN', { n: runNumber })}
                {isAnswered(answers[runNumber]) ? (
                  <span className="text-success">
                    <CheckIcon />
                    <span className="sr-only">{t('run.answered')}</span>
                  </span>
                ) : null}
              </span>
              {text ? (
                <span lang="zh-CN" className="text-base">
                  {text}
                </span>
              ) : null}
              {question.question_pinyin ? (
                <span className="text-sm text-ink-muted">{question.question_pinyin}</span>
              ) : null}
              <QuestionOptions q={question} />
            </button>
          </li>
        );
      })}
    </ol>
  );
}
