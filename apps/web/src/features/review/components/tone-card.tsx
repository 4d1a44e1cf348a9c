import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewCard, ReviewRating, Tone } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { speak } from '@/components/ui/speak-button';
import { SpokenHanzi, Verdict } from './card-parts';

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
      <SpokenHanzi hanzi={card.hanzi} />
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
        <Verdict card={card} right={right} onRate={onRate} />
      ) : (
        <button type="button" className="text-sm text-brand underline" onClick={() => speak(card.hanzi)}>
          {t('review.tone.again')}
        </button>
      )}
    </div>
  );
}
