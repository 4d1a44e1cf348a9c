import { useTranslation } from 'react-i18next';
import type { ReviewAccess } from '@kouyu/core';
import { AnswerReplay } from '@/components/lesson-review/answer-replay';
import { HeldBackAnswer } from '@/components/lesson-review/held-back-answer';
import { LessonReviewView } from '@/components/lesson-review/lesson-review-view';
import type { FeedbackItem } from '../../hooks/use-feedback-run';
import type { FeedbackFailure } from '../../lib/feedback-stream';

function useFailureText() {
  const { t } = useTranslation(['speaking', 'common']);
  return (f: FeedbackFailure): string => {
    switch (f.kind) {
      case 'prepare':
        return t('feedback.errors.prepare');
      case 'parse':
        return t('feedback.errors.parse');
      case 'connection':
        return t('feedback.errors.connection');
      case 'server':
        // The user-id message stands alone (spec 001 §5), as the server sends it.
        if (f.code === 'feedback_user_required') return t('common:errors.feedback_user_required');
        return t('feedback.errors.server', { error: f.code ? t(`common:errors.${f.code}`) : f.message });
    }
  };
}

/**
 * One question's feedback: the question and answer when the reader may see them (core `reviewAccess`,
 * the rule the results route applies too), the recording's replay, the streamed text while it streams,
 * then the review as designed HTML. The Plus notice is the view's, once per review.
 */
export function FeedbackCard({ item, access }: { item: FeedbackItem; access: ReviewAccess }) {
  const { t } = useTranslation(['speaking', 'common']);
  const failureText = useFailureText();
  return (
    <article
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-4"
      data-testid="feedback-card"
      data-status={item.status}
    >
      <header className="flex items-center justify-between gap-3">
        <h3 className="font-semibold">{t('run.questionN', { n: item.runNumber })}</h3>
        {item.saved ? (
          <span
            className="rounded-full bg-brand-soft px-3 py-0.5 font-semibold text-brand"
            data-testid="question-score"
          >
            {t('feedback.score', { score: item.saved.score })}
          </span>
        ) : null}
      </header>
      {access === 'full' ? (
        <dl className="grid gap-2 text-sm sm:grid-cols-2" data-testid="review-content">
          <div>
            <dt className="text-ink-muted">{t('feedback.original')}</dt>
            <dd lang="zh-CN">{item.origAnswer}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">{t('feedback.yourAnswer')}</dt>
            <dd lang="zh-CN">{item.status === 'skipped' ? t('feedback.noAnswer') : item.userAnswer}</dd>
          </div>
        </dl>
      ) : (
        <HeldBackAnswer
          access={access}
          originalLabel={t('feedback.original')}
          answerLabel={t('feedback.yourAnswer')}
        />
      )}
      {item.status !== 'skipped' ? <AnswerReplay src={item.recordingUrl} audioId={item.audioId} /> : null}
      {item.status === 'skipped' ? (
        <p className="text-sm text-ink-muted">{t('feedback.skipped')}</p>
      ) : item.status === 'waiting' ? (
        <p className="text-sm text-ink-muted">{t('feedback.waiting')}</p>
      ) : item.saved?.review ? (
        <div data-testid="feedback-text" data-locked={item.saved.locked === true}>
          <LessonReviewView review={item.saved.review} />
        </div>
      ) : (
        <div
          className="whitespace-pre-wrap text-sm leading-relaxed"
          aria-live="polite"
          aria-busy={item.status === 'streaming'}
          data-testid="feedback-text"
        >
          {item.text || (item.status === 'streaming' ? t('feedback.streaming') : '')}
        </div>
      )}
      {item.error ? (
        <p className="text-sm text-danger" role="alert">
          {failureText(item.error)}
        </p>
      ) : null}
    </article>
  );
}
