import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewCard, ReviewRating, Tone } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { SpeakButton, speak } from '@/components/ui/speak-button';
import { NextButton } from './rating-buttons';

const TONES: readonly Tone[] = [1, 2, 3, 4, 5];
/** The tone marks on "a", to show each choice's shape. */
const MARK: Record<Tone, string> = { 1: 'ā', 2: 'á', 3: 'ǎ', 4: 'à', 5: 'a' };

/** Tone choice: hear the syllable, pick its tone; right is Good, wrong is Again. */
export function ToneCard({ card, onRate }: { card: ReviewCard; onRate: (rating: ReviewRating) => void }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Tone | null>(null);
  const right = picked !== null && picked === card.tone;
  return (
    <div className="flex flex-col items-center gap-4">
      <p className="text-ink-muted">{t('review.tone.prompt')}</p>
      <div className="flex items-center gap-2">
        <p className="font-cjk text-5xl font-semibold" lang="zh-CN" data-testid="review-hanzi">
          {card.hanzi}
        </p>
        <SpeakButton
          text={card.hanzi}
          label={t('review.listen', { hanzi: card.hanzi })}
          testId="review-listen"
        />
      </div>
      <div role="group" aria-label={t('review.tone.label')} className="grid w-full grid-cols-5 gap-2">
        {TONES.map((tone) => (
          <button
            key={tone}
            type="button"
            disabled={picked !== null}
            onClick={() => setPicked(tone)}
            data-testid="tone-choice"
            data-tone={tone}
            aria-label={t(`review.tone.names.${tone}`)}
            className={cn(
              'flex flex-col items-center rounded-lg border border-line py-2 focus-visible:outline-2 focus-visible:outline-brand',
              picked === null && 'hover:bg-surface-sunken',
              picked !== null && tone === card.tone && 'border-success bg-success/10',
              picked === tone && tone !== card.tone && 'border-danger bg-danger/10',
            )}
          >
            <span className="text-2xl">{MARK[tone]}</span>
            <span className="text-xs text-ink-muted">{tone === 5 ? t('review.tone.neutral') : tone}</span>
          </button>
        ))}
      </div>
      {picked !== null ? (
        <div className="flex flex-col items-center gap-3" data-testid="review-verdict" data-right={right}>
          <p className={right ? 'text-success' : 'text-danger'} role="status">
            {right ? t('review.verdict.right') : t('review.verdict.wrong')}{' '}
            {card.pinyin ? <span className="font-medium">{card.pinyin}</span> : null}
          </p>
          <NextButton onNext={() => onRate(right ? 3 : 1)} />
        </div>
      ) : (
        <button type="button" className="text-sm text-brand underline" onClick={() => speak(card.hanzi)}>
          {t('review.tone.again')}
        </button>
      )}
    </div>
  );
}
