import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewCard, ReviewRating } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { useLang } from '@/components/ui/local-link';
import { idiomBlank } from '../lib/idiom-blank';
import { meaningIn } from './meaning-card';
import { Verdict } from './card-parts';

/** Fill the idiom: one character blanked, chosen among four; right is Good, wrong is Again. */
export function IdiomFillCard({
  card,
  onRate,
}: {
  card: ReviewCard;
  onRate: (rating: ReviewRating) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const blank = useMemo(
    () => idiomBlank(card.hanzi, `${card.id}:${card.reps}`),
    [card.hanzi, card.id, card.reps],
  );
  const [picked, setPicked] = useState<string | null>(null);
  const right = picked === blank.answer;
  const meaning = meaningIn(card, lang);
  return (
    <div className="flex flex-col items-center gap-4">
      <p className="text-ink-muted">{t('review.idiom.prompt')}</p>
      <p className="font-cjk text-4xl font-semibold tracking-widest" lang="zh-CN" data-testid="review-idiom">
        {blank.parts.map((c, i) =>
          c === null ? (
            <span
              key={i}
              className={cn(
                'inline-block min-w-[1em] border-b-2 border-brand',
                picked && (right ? 'text-success' : 'text-danger'),
              )}
              data-testid="idiom-blank"
            >
              {picked ? blank.answer : '\u3000'}
            </span>
          ) : (
            <span key={i}>{c}</span>
          ),
        )}
      </p>
      {meaning ? <p className="text-center text-ink-muted">{meaning}</p> : null}
      <div role="group" aria-label={t('review.idiom.label')} className="grid w-full grid-cols-4 gap-2">
        {blank.choices.map((c) => (
          <button
            key={c}
            type="button"
            lang="zh-CN"
            disabled={picked !== null}
            onClick={() => setPicked(c)}
            data-testid="idiom-choice"
            data-char={c}
            className={cn(
              'rounded-lg border border-line py-3 font-cjk text-2xl focus-visible:outline-2 focus-visible:outline-brand',
              picked === null && 'hover:bg-surface-sunken',
              picked !== null && c === blank.answer && 'border-success bg-success/10',
              picked === c && c !== blank.answer && 'border-danger bg-danger/10',
            )}
          >
            {c}
          </button>
        ))}
      </div>
      {picked !== null ? <Verdict card={card} right={right} onRate={onRate} /> : null}
    </div>
  );
}
