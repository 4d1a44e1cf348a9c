import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssessedSyllable, ErrorCode } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { assessVoice } from '@/components/voice/assess-voice';
import { useAnalyserLevel } from '@/lib/audio/use-analyser-level';
import { WebmRecording, closeStream, openMicrophone } from '@/lib/audio/microphone';
import { MicIcon, StopIcon } from '@/components/ui/control-icons';
import { ToneCurve } from '@/components/voice/tone-curve';

/** The four tones on one syllable: 妈 mā, 麻 má, 马 mǎ, 骂 mà. */
export const TONE_DRILL_TEXT = '妈麻马骂';

type State =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'recording'; recording: WebmRecording; stream: MediaStream }
  | { kind: 'assessing' }
  | { kind: 'done'; syllables: AssessedSyllable[]; url: string }
  | { kind: 'failed'; code: ErrorCode | 'mic' };

/** Read mā má mǎ mà and see each tone judged from the recording (no recogniser needed). */
export function ToneDrill({ signedIn, onBeforeRecord }: { signedIn: boolean; onBeforeRecord: () => void }) {
  const { t } = useTranslation(['check', 'common']);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const urlRef = useRef<string | null>(null);
  // The input level while recording, shown as a bar: the learner (and a test) sees the voice arrive.
  const level = Math.round(
    100 * useAnalyserLevel(state.kind === 'recording' ? state.recording.analyser : null),
  );
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const start = async () => {
    onBeforeRecord();
    try {
      setState({ kind: 'starting' });
      const stream = await openMicrophone();
      const recording = WebmRecording.start(stream);
      // "Recording" only once the encoder delivers audio: on a busy phone it starts a second or more
      // after start(), and the first tones would be lost (as the answer recorder does).
      await recording.started();
      setState({ kind: 'recording', recording, stream });
    } catch {
      setState({ kind: 'failed', code: 'mic' });
    }
  };

  const stop = async () => {
    if (state.kind !== 'recording') return;
    const blob = await state.recording.stop();
    closeStream(state.stream);
    setState({ kind: 'assessing' });
    try {
      const report = await assessVoice(blob, TONE_DRILL_TEXT);
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = URL.createObjectURL(blob);
      setState({ kind: 'done', syllables: report.syllables, url: urlRef.current });
    } catch (err) {
      setState({ kind: 'failed', code: err instanceof ApiError ? err.code : 'internal' });
    }
  };

  return (
    <section
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm"
      aria-labelledby="tone-drill-title"
      data-testid="tone-drill"
      data-state={state.kind}
    >
      <h2 id="tone-drill-title" className="text-lg font-semibold">
        {t('toneDrill.title')}
      </h2>
      <p className="text-ink-muted">{t('toneDrill.intro')}</p>
      <p className="text-2xl tracking-widest" lang="zh">
        mā má mǎ mà
      </p>
      {!signedIn ? (
        <p className="text-ink-muted">{t('toneDrill.signIn')}</p>
      ) : state.kind === 'recording' ? (
        <div className="flex flex-col gap-2">
          <div
            className="h-2 w-full overflow-hidden rounded bg-surface-sunken"
            role="meter"
            aria-label={t('toneDrill.level')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={level}
            data-testid="tone-drill-level"
            data-level={level}
          >
            <div className="h-full bg-emerald-500" style={{ width: `${level}%` }} />
          </div>
          <Button variant="secondary" onClick={() => void stop()} data-testid="tone-drill-stop">
            <StopIcon /> {t('toneDrill.stop')}
          </Button>
        </div>
      ) : (
        <Button
          onClick={() => void start()}
          disabled={state.kind === 'assessing' || state.kind === 'starting'}
          data-testid="tone-drill-record"
        >
          <MicIcon /> {state.kind === 'assessing' ? t('toneDrill.assessing') : t('toneDrill.record')}
        </Button>
      )}
      {state.kind === 'failed' ? (
        <p role="alert" className="text-red-600">
          {state.code === 'mic' ? t('toneDrill.micFailed') : t(`common:errors.${state.code}`)}
        </p>
      ) : null}
      {state.kind === 'done' ? (
        <div className="flex flex-col gap-3" aria-live="polite">
          <p className="text-sm text-ink-muted">{t('toneDrill.legend')}</p>
          <div className="flex flex-wrap gap-4">
            {state.syllables.map((s, i) => (
              <ToneCurve key={i} syllable={s} />
            ))}
          </div>
          <audio controls src={state.url} aria-label={t('toneDrill.playback')} />
        </div>
      ) : null}
    </section>
  );
}
