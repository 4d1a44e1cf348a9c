import { useTranslation } from 'react-i18next';
import { toneOfMarked } from '@kouyu/core';
import type { AlignedChar } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { LEGEND_MARKS, MARK_CLASS, TONE_CLASS } from './review-style';

function Pinyin({ text }: { text: string }) {
  const tone = toneOfMarked(text);
  return <rt className={cn('text-xs font-normal', tone ? TONE_CLASS[tone] : '')}>{text}</rt>;
}

/** What a screen reader hears after a marked character (nothing after a right one). */
function useMarkLabel() {
  const { t } = useTranslation();
  return (c: AlignedChar): string | null => {
    switch (c.mark) {
      case 'homophone':
        return t('lessonReview.sr.homophone', { heard: c.heard ?? '' });
      case 'wrong':
        return t('lessonReview.sr.wrong', { heard: c.heard ?? '' });
      case 'missing':
        return t('lessonReview.sr.missing');
      case 'extra':
        return t('lessonReview.sr.extra');
      default:
        return null;
    }
  };
}

/** The sentence character by character, coloured by what the learner did, pinyin above in tone colours. */
export function AlignedSentence({ chars, marked }: { chars: readonly AlignedChar[]; marked: boolean }) {
  const label = useMarkLabel();
  return (
    <p lang="zh-CN" className="text-2xl leading-[2.6] tracking-wide" data-testid="review-alignment">
      {chars.map((c, i) => {
        const sr = marked ? label(c) : null;
        return (
          <span key={i} data-mark={marked ? c.mark : 'none'} className="inline-block px-px">
            <ruby className={marked ? MARK_CLASS[c.mark] : ''}>
              {c.char}
              {c.pinyin ? <Pinyin text={c.pinyin} /> : null}
            </ruby>
            {sr ? <span className="sr-only">{` (${sr})`}</span> : null}
          </span>
        );
      })}
    </p>
  );
}

/** What the colours and lines mean; shown only where some character is marked. */
export function AlignmentLegend() {
  const { t } = useTranslation();
  return (
    <ul
      className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
      data-testid="review-legend"
      aria-label={t('lessonReview.legend.title')}
    >
      {LEGEND_MARKS.map((mark) => (
        <li key={mark} className="inline-flex items-center gap-1.5">
          <span lang="zh-CN" aria-hidden="true" className={cn('text-base', MARK_CLASS[mark])}>
            字
          </span>
          <span>{t(`lessonReview.legend.${mark}`)}</span>
        </li>
      ))}
    </ul>
  );
}
