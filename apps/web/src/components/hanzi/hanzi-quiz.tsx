import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { HanziFrame } from './hanzi-frame';
import { useHanziWriter } from './use-hanzi-writer';

/** What a finished writing attempt reports. */
export interface HanziQuizResult {
  char: string;
  /** Strokes of the character. */
  strokes: number;
  /** Mistakes over the whole character. */
  mistakes: number;
  /** Mistakes on each stroke, in stroke order. */
  mistakesPerStroke: number[];
}

/** Misses on one stroke before the stroke is shown as a hint (hanzi-writer's `showHintAfterMisses`). */
export const HANZI_HINT_AFTER_MISSES = 3;

export interface HanziQuizProps {
  char: string;
  /** Called once each time the learner finishes drawing every stroke. */
  onComplete?: (result: HanziQuizResult) => void;
  /** Trace over the grey outline (true) or write from memory (false); the learner can switch. */
  outline?: boolean;
  showHintAfterMisses?: number | false;
}

/** Trace / write mode: the learner draws each stroke in order; misses are counted per stroke. */
export function HanziQuiz({
  char,
  onComplete,
  outline = true,
  showHintAfterMisses = HANZI_HINT_AFTER_MISSES,
}: HanziQuizProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const { ref, writer, data, status } = useHanziWriter(char, attempt);
  const [withOutline, setWithOutline] = useState(outline);
  const [done, setDone] = useState(0);
  const [perStroke, setPerStroke] = useState<number[]>([]);
  const [result, setResult] = useState<HanziQuizResult | null>(null);
  // The latest callback without restarting the quiz when the parent renders again.
  const completeRef = useRef(onComplete);
  useEffect(() => {
    completeRef.current = onComplete;
  }, [onComplete]);
  const count = data?.strokes.length ?? 0;

  const start = useCallback(() => {
    if (!writer) return;
    const misses: number[] = Array.from({ length: count }, () => 0);
    setDone(0);
    setPerStroke(misses);
    setResult(null);
    void writer.quiz({
      showHintAfterMisses,
      onMistake: (s) => {
        misses[s.strokeNum] = s.mistakesOnStroke;
        setPerStroke([...misses]);
      },
      onCorrectStroke: (s) => {
        misses[s.strokeNum] = s.mistakesOnStroke;
        setPerStroke([...misses]);
        setDone(s.strokeNum + 1);
      },
      onComplete: (summary) => {
        const r = { char, strokes: count, mistakes: summary.totalMistakes, mistakesPerStroke: [...misses] };
        setResult(r);
        completeRef.current?.(r);
      },
    });
  }, [writer, count, char, showHintAfterMisses]);

  useEffect(() => {
    start();
  }, [start]);

  useEffect(() => {
    if (!writer) return;
    void (withOutline ? writer.showOutline() : writer.hideOutline());
  }, [writer, withOutline]);

  const mistakes = perStroke.reduce((s, n) => s + n, 0);
  return (
    <div
      className="flex flex-col items-center gap-3"
      data-testid="hanzi-quiz"
      data-state={result ? 'complete' : status === 'ready' ? 'writing' : status}
      data-mistakes={result?.mistakes}
    >
      <HanziFrame
        char={char}
        status={status}
        writerRef={ref}
        label={t('hanzi.writeArea', { char })}
        onRetry={() => setAttempt((a) => a + 1)}
        testId="hanzi-quiz-area"
      />
      <p className="text-center text-sm" aria-live="polite" data-testid="hanzi-quiz-status">
        {result
          ? t('hanzi.quizDone', { count: result.strokes, mistakes: result.mistakes })
          : count > 0
            ? t('hanzi.quizProgress', { n: done, count, mistakes })
            : '\u00a0'}
      </p>
      {result && result.mistakes > 0 ? (
        <ol className="flex flex-wrap justify-center gap-1 text-xs" aria-label={t('hanzi.mistakesPerStroke')}>
          {result.mistakesPerStroke.map((m, i) => (
            <li
              key={i}
              className={
                m > 0 ? 'rounded bg-brand-soft px-1.5 text-danger' : 'rounded bg-surface-sunken px-1.5'
              }
            >
              {t('hanzi.strokeMistakes', { n: i + 1, mistakes: m })}
            </li>
          ))}
        </ol>
      ) : null}
      {status === 'ready' && !result ? (
        <p className="max-w-80 text-center text-xs text-ink-muted">
          {showHintAfterMisses === false
            ? t('hanzi.quizHelp')
            : t('hanzi.quizHint', { count: showHintAfterMisses })}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="secondary" onClick={start} disabled={!writer}>
          {t('hanzi.again')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => setWithOutline((v) => !v)}
          disabled={!writer}
          aria-pressed={!withOutline}
        >
          {withOutline ? t('hanzi.hideOutline') : t('hanzi.showOutline')}
        </Button>
      </div>
    </div>
  );
}
