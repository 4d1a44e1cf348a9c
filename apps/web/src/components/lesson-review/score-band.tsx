import { useTranslation } from 'react-i18next';
import type { LessonReview } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { BAND_CLASS } from './review-style';

/** The score as its HSKK band with the band's short verdict. */
export function ScoreBand({ review }: { review: Pick<LessonReview, 'score' | 'band' | 'verdict'> }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="review-band" data-band={review.band}>
      <span
        className={cn('rounded-full border-2 px-3 py-0.5 text-sm font-semibold', BAND_CLASS[review.band])}
      >
        {t(`lessonReview.band.${review.band}`)}
        <span className="sr-only">{`, ${t('lessonReview.scoreOf', { score: review.score })}`}</span>
      </span>
      <p className="font-medium" data-testid="review-verdict">
        {review.verdict}
      </p>
    </div>
  );
}
