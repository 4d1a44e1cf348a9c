import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { HanziFrame } from './hanzi-frame';
import { useHanziWriter } from './use-hanzi-writer';

type WatchState = 'idle' | 'playing' | 'done';

/** Watch mode: the stroke order animated (on open when `autoPlay`), replayed whole or one stroke at a time. */
export function HanziWatch({ char, autoPlay = true }: { char: string; autoPlay?: boolean }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const { ref, writer, data, status } = useHanziWriter(char, attempt);
  const [state, setState] = useState<WatchState>('idle');
  // Strokes shown so far when stepping; 0 when the whole animation played or nothing is shown.
  const [shown, setShown] = useState(0);
  const count = data?.strokes.length ?? 0;

  const play = useCallback(() => {
    if (!writer) return;
    setShown(0);
    setState('playing');
    void writer.animateCharacter({ onComplete: (r) => !r.canceled && setState('done') });
  }, [writer]);

  useEffect(() => {
    if (writer && autoPlay) play();
  }, [writer, autoPlay, play]);

  const step = async () => {
    if (!writer || count === 0) return;
    const next = shown >= count ? 0 : shown;
    if (next === 0) await writer.hideCharacter({ duration: 0 });
    setShown(next + 1);
    setState(next + 1 === count ? 'done' : 'playing');
    await writer.animateStroke(next);
  };

  const label = count > 0 ? t('hanzi.strokeOrder', { char, count }) : char;
  return (
    <div className="flex flex-col items-center gap-3" data-testid="hanzi-watch" data-state={state}>
      <HanziFrame
        char={char}
        status={status}
        writerRef={ref}
        label={label}
        onRetry={() => setAttempt((a) => a + 1)}
        testId="hanzi-watch-area"
      />
      <p className="text-sm text-ink-muted" aria-live="polite" data-testid="hanzi-watch-caption">
        {shown > 0 ? t('hanzi.strokeOf', { n: shown, count }) : count > 0 ? label : '\u00a0'}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          variant="secondary"
          onClick={play}
          disabled={!writer}
          // The name starts with the visible word (axe label-content-name-mismatch).
          aria-label={state === 'idle' ? t('hanzi.playLabel', { char }) : t('hanzi.replayLabel', { char })}
        >
          {state === 'idle' ? t('hanzi.play') : t('hanzi.replay')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void step()}
          disabled={!writer}
          aria-label={t('hanzi.stepLabel')}
        >
          {t('hanzi.step')}
        </Button>
      </div>
    </div>
  );
}
