import { useTranslation } from 'react-i18next';
import type { ReviewRating } from '@kouyu/core';
import { Button } from '@/components/ui/button';

const RATINGS: readonly ReviewRating[] = [1, 2, 3, 4];

/** Again, Hard, Good, Easy: how well the learner knew it, for the schedule. */
export function RatingButtons({
  onRate,
  disabled,
}: {
  onRate: (rating: ReviewRating) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('review.rate.label')}
      className="grid grid-cols-2 gap-2 sm:grid-cols-4"
      data-testid="review-ratings"
    >
      {RATINGS.map((r) => (
        <Button
          key={r}
          variant={r === 1 ? 'secondary' : r === 3 ? 'primary' : 'secondary'}
          disabled={disabled}
          onClick={() => onRate(r)}
          data-testid={`rate-${r}`}
        >
          {t(`review.rate.${r}`)}
        </Button>
      ))}
    </div>
  );
}

/** After an auto-rated answer (tone, idiom): the verdict is the rating; the learner moves on. */
export function NextButton({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation();
  return (
    <Button onClick={onNext} data-testid="review-next" autoFocus>
      {t('review.next')}
    </Button>
  );
}
