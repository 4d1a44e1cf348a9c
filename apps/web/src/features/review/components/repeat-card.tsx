import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssessedSyllable, ErrorCode, ReviewCard, ReviewRating } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { MicIcon } from '@/components/ui/icons';
import { ApiError } from '@/lib/api';
import { SpokenHanzi } from './card-parts';
import { RatingButtons } from './rating-buttons';
import type { VoiceRecording, VoiceTools } from './voice-tools';

type State =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'recording'; recording: VoiceRecording }
  | { kind: 'assessing' }
  | { kind: 'done'; syllables: AssessedSyllable[]; url: string }
  | { kind: 'failed'; code: ErrorCode | 'mic' };

/** Hear and repeat: listen, say it, see each syllable's tone judged, then rate how it went. */
export function RepeatCard({
  card,
  voice,
  onRate,
}: {
  card: ReviewCard;
  voice: VoiceTools;
  onRate: (rating: ReviewRating) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [skipped, setSkipped] = useState(false);
  const urlRef = useRef<string | null>(null);
  const level = Math.round(
    100 * voice.useLevel(state.kind === 'recording' ? state.recording.analyser : null),
  );
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const start = async () => {
    try {
      // "Recording" shows once the encoder delivers audio (`record` waits for it): words said before are not lost.
      setState({ kind: 'starting' });
      setState({ kind: 'recording', recording: await voice.record() });
    } catch {
      setState({ kind: 'failed', code: 'mic' });
    }
  };
  const stop = async () => {
    if (state.kind !== 'recording') return;
    const blob = await state.recording.stop();
    setState({ kind: 'assessing' });
    try {
      const report = await voice.assess(blob, card.hanzi);
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = URL.createObjectURL(blob);
      setState({ kind: 'done', syllables: report.syllables, url: urlRef.current });
    } catch (err) {
      setState({ kind: 'failed', code: err instanceof ApiError ? err.code : 'internal' });
    }
  };
  const canRate = skipped || state.kind === 'done' || state.kind === 'failed';

  return (
    <div className="flex flex-col items-center gap-4" data-testid="repeat-card" data-state={state.kind}>
      <p className="text-ink-muted">{t('review.repeat.prompt')}</p>
      <SpokenHanzi hanzi={card.hanzi} />
      {card.pinyin ? <p className="text-lg text-brand">{card.pinyin}</p> : null}
      {state.kind === 'recording' ? (
        <div className="flex w-full flex-col gap-2">
          <div
            className="h-2 w-full overflow-hidden rounded bg-surface-sunken"
            role="meter"
            aria-label={t('review.repeat.level')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={level}
            data-testid="repeat-level"
            data-level={level}
          >
            <div className="h-full bg-emerald-500" style={{ width: `${level}%` }} />
          </div>
          <Button variant="secondary" onClick={() => void stop()} data-testid="repeat-stop">
            {t('review.repeat.stop')}
          </Button>
        </div>
      ) : state.kind !== 'done' ? (
        <Button
          onClick={() => void start()}
          disabled={state.kind === 'assessing' || state.kind === 'starting'}
          data-testid="repeat-record"
        >
          <MicIcon /> {state.kind === 'assessing' ? t('review.repeat.assessing') : t('review.repeat.record')}
        </Button>
      ) : null}
      {state.kind === 'failed' ? (
        <p role="alert" className="text-danger">
          {state.code === 'mic' ? t('review.repeat.micFailed') : t(`errors.${state.code}`)}
        </p>
      ) : null}
      {state.kind === 'done' ? (
        <div className="flex flex-col items-center gap-3" aria-live="polite" data-testid="repeat-result">
          <div className="flex flex-wrap justify-center gap-4">
            {state.syllables.map((s, i) => (
              <voice.Syllable key={i} syllable={s} />
            ))}
          </div>
          <audio controls src={state.url} aria-label={t('review.repeat.playback')} />
        </div>
      ) : null}
      {canRate ? (
        <RatingButtons onRate={onRate} />
      ) : state.kind === 'idle' ? (
        <button
          type="button"
          className="text-sm text-ink-muted underline"
          onClick={() => setSkipped(true)}
          data-testid="repeat-skip"
        >
          {t('review.repeat.skip')}
        </button>
      ) : null}
    </div>
  );
}
