import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewCard, ReviewRating } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { RatingButtons } from './rating-buttons';

/** The meaning in the page's language, English when the card has no other. */
export function meaningIn(card: ReviewCard, lang: 'en' | 'zh' | 'ru'): string | null {
  const m = card.meaning;
  if (!m) return null;
  return m[lang] || m.en || null;
}

/** Meaning: the characters, pinyin on a tap; the answer revealed, then rated by the learner. */
export function MeaningCard({ card, onRate }: { card: ReviewCard; onRate: (rating: ReviewRating) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [pinyin, setPinyin] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const meaning = meaningIn(card, lang);
  return (
    <div className="flex flex-col items-center gap-4">
      <p className="font-cjk text-5xl font-semibold" lang="zh-CN" data-testid="review-hanzi">
        {card.hanzi}
      </p>
      {card.pinyin && (pinyin || revealed) ? (
        <p className="text-lg text-brand" data-testid="review-pinyin">
          {card.pinyin}
        </p>
      ) : card.pinyin ? (
        <Button variant="ghost" size="sm" onClick={() => setPinyin(true)} data-testid="show-pinyin">
          {t('review.meaning.showPinyin')}
        </Button>
      ) : null}
      {revealed ? (
        <div className="flex w-full flex-col gap-3" data-testid="review-answer">
          <p className="text-center text-lg" data-testid="review-meaning">
            {meaning ?? t('review.meaning.none')}
          </p>
          {card.context ? (
            <p className="text-center text-sm text-ink-muted">
              {t('review.context')} <span className="font-cjk">{card.context}</span>
            </p>
          ) : null}
          <RatingButtons onRate={onRate} />
        </div>
      ) : (
        <Button onClick={() => setRevealed(true)} data-testid="reveal" autoFocus>
          {t('review.meaning.reveal')}
        </Button>
      )}
    </div>
  );
}
