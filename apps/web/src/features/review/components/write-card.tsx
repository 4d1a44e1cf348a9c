import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewCard, ReviewRating } from '@kouyu/core';
import { useLang } from '@/components/ui/local-link';
import { writeRating } from '../lib/write-rating';
import { meaningIn } from './meaning-card';
import { NextButton } from './rating-buttons';

// The stroke-order quiz (and hanzi-writer behind it) loads with the first "write" card only.
const HanziQuiz = lazy(async () => ({ default: (await import('@/components/hanzi/hanzi-quiz')).HanziQuiz }));

const HAN = /\p{Script=Han}/u;

/**
 * Write the character: from memory (the outline hidden, a stroke hinted after repeated misses), each
 * character of the card in turn; the mistakes made give the rating.
 */
export function WriteCard({ card, onRate }: { card: ReviewCard; onRate: (rating: ReviewRating) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const chars = [...card.hanzi].filter((c) => HAN.test(c));
  const [at, setAt] = useState(0);
  const [tally, setTally] = useState({ strokes: 0, mistakes: 0 });
  const finished = at >= chars.length;
  const rating = writeRating(tally.strokes, tally.mistakes);
  const meaning = meaningIn(card, lang);
  return (
    <div className="flex flex-col items-center gap-4" data-testid="write-card" data-char-index={at}>
      <p className="text-ink-muted">{t('review.write.prompt')}</p>
      {card.pinyin ? <p className="text-lg text-brand">{card.pinyin}</p> : null}
      {meaning ? <p className="text-center">{meaning}</p> : null}
      {finished ? (
        <div
          className="flex flex-col items-center gap-3"
          data-testid="review-verdict"
          data-right={rating >= 3}
        >
          <p className="font-cjk text-5xl font-semibold" lang="zh-CN" data-testid="review-hanzi">
            {card.hanzi}
          </p>
          <p role="status" className={rating >= 3 ? 'text-success' : 'text-danger'}>
            {t('review.write.done', { count: tally.mistakes })}
          </p>
          <NextButton onNext={() => onRate(rating)} />
        </div>
      ) : (
        <Suspense fallback={<p className="text-ink-muted">{t('review.loading')}</p>}>
          <HanziQuiz
            key={at}
            char={chars[at] ?? ''}
            outline={false}
            onComplete={(r) => {
              setTally((s) => ({ strokes: s.strokes + r.strokes, mistakes: s.mistakes + r.mistakes }));
              setAt((n) => n + 1);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
