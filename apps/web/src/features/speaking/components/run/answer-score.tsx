import { useTranslation } from 'react-i18next';
import { LessonReviewView } from '@/components/lesson-review/lesson-review-view';
import type { AnswerScore } from '../../hooks/use-answer-scores';

/**
 * Practice mode's score of the answer just given: the band, its verdict and the tips a reader may see
 * (two without Plus), as the end of the run shows them. A failure here waits for the end of the run.
 */
export function AnswerScoreView({ score }: { score: AnswerScore }) {
  const { t } = useTranslation('speaking');
  return (
    <div
      className="flex flex-col gap-2 border-t border-line pt-3"
      aria-live="polite"
      data-testid="answer-score"
      data-status={score.status}
    >
      <h4 className="text-sm font-semibold">
        {t('practiceScore.title')}
        {score.status === 'done' ? (
          <span className="ml-2 text-brand" data-testid="answer-score-value">
            {t('feedback.score', { score: score.saved.score })}
          </span>
        ) : null}
      </h4>
      {score.status === 'scoring' ? (
        <p className="text-sm text-ink-muted">{t('practiceScore.scoring')}</p>
      ) : score.status === 'error' ? (
        <p className="text-sm text-ink-muted">{t('practiceScore.later')}</p>
      ) : score.saved.review ? (
        <LessonReviewView review={score.saved.review} />
      ) : (
        <p className="whitespace-pre-wrap text-sm">{score.saved.feedback}</p>
      )}
    </div>
  );
}
