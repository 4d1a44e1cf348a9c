import { useTranslation } from 'react-i18next';
import type { LessonReview } from '@kouyu/core';
import { AlignedSentence, AlignmentLegend } from './aligned-sentence';
import { ScoreBand } from './score-band';

function Section({ section, testId }: { section: LessonReview['right'] | null; testId: string }) {
  if (!section || section.items.length === 0) return null;
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <h4 className="font-semibold">{section.heading}</h4>
      <ul className="list-disc pl-5">
        {section.items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One answer's review as designed HTML (decision 010): band and verdict, the sentence coloured by alignment
 * with pinyin in tone colours and a legend, what went well, what to work on, the improved answer and
 * the next step. What the reader may not see never arrives (the server gates it), so nothing is blurred.
 */
export function LessonReviewView({ review }: { review: LessonReview }) {
  const { t } = useTranslation();
  const alignment = review.alignment;
  const marked = alignment?.kind === 'reference';
  const flagged = marked && alignment.chars.some((c) => c.mark !== 'ok' && c.mark !== 'none');
  return (
    <div className="flex flex-col gap-3 text-sm leading-relaxed" data-testid="lesson-review">
      <ScoreBand review={review} />
      {alignment ? (
        <div className="flex flex-col gap-1">
          <h4 className="font-semibold">{alignment.heading}</h4>
          <AlignedSentence chars={alignment.chars} marked={marked} />
          {flagged ? (
            <AlignmentLegend />
          ) : marked ? (
            <p className="text-success">{t('lessonReview.allRight')}</p>
          ) : null}
        </div>
      ) : null}
      <Section section={review.dimensions} testId="review-dimensions" />
      <Section section={review.right} testId="review-right" />
      <Section section={review.missed} testId="review-missed" />
      {review.improved ? (
        <div className="flex flex-col gap-1" data-testid="review-improved">
          <h4 className="font-semibold">{review.improved.heading}</h4>
          <p lang="zh-CN" className="text-base">
            {review.improved.text}
          </p>
          <p className="text-ink-muted">{review.improved.pinyin}</p>
        </div>
      ) : null}
      {review.next ? (
        <p data-testid="review-next">
          <strong className="font-semibold">{review.next.heading}</strong> {review.next.text}
        </p>
      ) : null}
    </div>
  );
}
