import { useTranslation } from 'react-i18next';
import { toneVerdict } from '@kouyu/core';
import type { AssessedSyllable } from '@kouyu/core';
import { curvePoints, expectedCurve } from './tone-curve-points';

const W = 72;
const H = 56;

/** The words for one judged syllable ("你 nǐ: expected dipping tone, heard level tone (wrong tone)"). */
export function useSyllableLabel(): (syllable: AssessedSyllable) => string {
  const { t } = useTranslation('check');
  return (syllable) =>
    t('toneDrill.syllable', {
      syllable: `${syllable.char} ${syllable.pinyin}`,
      expected: t(`toneDrill.tones.${syllable.expected_tone}`),
      heard:
        syllable.heard_tone === null ? t('toneDrill.unheard') : t(`toneDrill.tones.${syllable.heard_tone}`),
      verdict: t(`toneDrill.verdict.${toneVerdict(syllable)}`),
    });
}

/**
 * One syllable: the expected tone's shape (dashed) under the learner's pitch curve; a wrong tone marked in
 * red, a tone the judge is not sure of drawn dotted in grey and named so, apart from both.
 */
export function ToneCurve({ syllable }: { syllable: AssessedSyllable }) {
  const { t } = useTranslation('check');
  const verdict = toneVerdict(syllable);
  const label = useSyllableLabel()(syllable);
  const colour =
    verdict === 'wrong' ? 'text-red-600' : verdict === 'right' ? 'text-emerald-600' : 'text-ink-muted';
  return (
    <figure className="flex flex-col items-center gap-1" data-testid="tone-syllable" data-verdict={verdict}>
      <svg
        width={W}
        height={H}
        viewBox={`-4 -4 ${W + 8} ${H + 8}`}
        role="img"
        aria-label={label}
        className={colour}
      >
        <rect x={-4} y={-4} width={W + 8} height={H + 8} rx={6} className="fill-current" fillOpacity={0.04} />
        <polyline
          points={curvePoints(expectedCurve(syllable.expected_tone), W, H)}
          fill="none"
          stroke="currentColor"
          strokeOpacity={0.35}
          strokeWidth={3}
          strokeDasharray="5 4"
        />
        {syllable.contour && syllable.contour.length > 0 ? (
          <polyline
            points={curvePoints(syllable.contour, W, H)}
            fill="none"
            stroke="currentColor"
            strokeWidth={3}
            strokeLinecap="round"
            strokeDasharray={verdict === 'unsure' ? '1 5' : undefined}
          />
        ) : null}
      </svg>
      <figcaption className="text-center text-sm">
        <span className="block text-lg">{syllable.char}</span>
        <span className={colour}>{syllable.pinyin}</span>
        {verdict === 'wrong' ? (
          <span className="block text-xs text-red-600">{t('toneDrill.verdict.wrong')}</span>
        ) : null}
        {verdict === 'unsure' ? (
          <span className="block text-xs text-ink-muted">{t('toneDrill.verdict.unsure')}</span>
        ) : null}
      </figcaption>
    </figure>
  );
}
