import { useTranslation } from 'react-i18next';
import type { ReviewCard, ReviewRating } from '@kouyu/core';
import { SpeakButton } from '@/components/ui/speak-button';
import { NextButton } from './rating-buttons';

/** The card's characters, large, with the button that says them. */
export function SpokenHanzi({ hanzi }: { hanzi: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2">
      <p className="font-cjk text-5xl font-semibold" lang="zh-CN" data-testid="review-hanzi">
        {hanzi}
      </p>
      <SpeakButton text={hanzi} label={t('review.listen', { hanzi })} testId="review-listen" />
    </div>
  );
}

/** The verdict of an auto-rated answer with the reading; right is Good, wrong is Again, on Next. */
export function Verdict({
  card,
  right,
  onRate,
}: {
  card: ReviewCard;
  right: boolean;
  onRate: (rating: ReviewRating) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3" data-testid="review-verdict" data-right={right}>
      <p className={right ? 'text-success' : 'text-danger'} role="status">
        {right ? t('review.verdict.right') : t('review.verdict.wrong')}{' '}
        {card.pinyin ? <span className="font-medium">{card.pinyin}</span> : null}
      </p>
      <NextButton onNext={() => onRate(right ? 3 : 1)} />
    </div>
  );
}
