import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewCard, ReviewMode, ReviewRating } from '@kouyu/core';
import { pickMode, playableModes } from '../lib/pick-mode';
import type { Abilities } from '../lib/pick-mode';
import { IdiomFillCard } from './idiom-fill-card';
import { MeaningCard } from './meaning-card';
import { RepeatCard } from './repeat-card';
import { ToneCard } from './tone-card';
import { useVoiceTools } from './voice-tools';
import { WriteCard } from './write-card';

/**
 * One due card in the way chosen from its modes (they take turns over the reviews); "another way"
 * moves to the next mode this device can do. Keyed by the card, so each card starts afresh.
 */
export function ReviewCardView({
  card,
  abilities,
  onAnswer,
}: {
  card: ReviewCard;
  abilities: Abilities;
  onAnswer: (rating: ReviewRating, mode: ReviewMode) => void;
}) {
  const { t } = useTranslation();
  const voice = useVoiceTools();
  const [turn, setTurn] = useState(0);
  // Fixed when the card opens: a connection that comes and goes does not swap the card mid-answer.
  const [modes] = useState(() => playableModes(card, abilities));
  const current = pickMode(card, modes, turn);
  const others = modes.length > 1;
  const rate = (rating: ReviewRating) => onAnswer(rating, current);

  return (
    <article
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm sm:p-8"
      data-testid="review-card"
      data-card-id={card.id}
      data-kind={card.kind}
      data-mode={current}
      aria-label={t(`review.modes.${current}`)}
    >
      <header className="flex items-center justify-between gap-2 text-xs text-ink-muted">
        <span data-testid="review-mode">{t(`review.modes.${current}`)}</span>
        <span data-testid="review-source">{t(`review.sources.${card.source}`)}</span>
      </header>
      {current === 'repeat' && voice ? (
        <RepeatCard key={turn} card={card} voice={voice} onRate={rate} />
      ) : current === 'tone' ? (
        <ToneCard key={turn} card={card} onRate={rate} />
      ) : current === 'idiom_fill' ? (
        <IdiomFillCard key={turn} card={card} onRate={rate} />
      ) : current === 'write' ? (
        <WriteCard key={turn} card={card} onRate={rate} />
      ) : (
        <MeaningCard key={turn} card={card} onRate={rate} />
      )}
      {others ? (
        <button
          type="button"
          className="self-center text-sm text-brand underline"
          onClick={() => setTurn((n) => n + 1)}
          data-testid="review-other-mode"
        >
          {t('review.otherMode')}
        </button>
      ) : null}
    </article>
  );
}
