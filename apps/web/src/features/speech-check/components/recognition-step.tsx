import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NetworkQuality } from '@kouyu/core';
import { Button, buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LocalLink } from '@/components/ui/local-link';
import { useAnalyserLevel } from '@/lib/audio/use-analyser-level';
import { useAnswerRecorder } from '@/lib/audio/use-answer-recorder';
import type { MicErrorKind } from '@/lib/audio/microphone';
import { CHECK_RECORDING_LIMIT_S, recognitionVerdict } from '../lib/speech-check';
import type { RecognitionCheck, SentenceComparison as Comparison } from '../lib/speech-check';
import type { EngineState } from '@/lib/health';
import { MicIcon, StopIcon } from '@/components/ui/control-icons';
import { LevelMeter } from './level-meter';
import { SentenceComparison } from './sentence-comparison';
import { StepCard } from './step-card';
import type { StepState } from './step-card';

/** The two ways the test records: manual mode uploads the recording, auto mode streams it live. */
type Mode = 'upload' | 'realtime';
const MODES: readonly Mode[] = ['upload', 'realtime'];

type Outcome =
  | { kind: 'mic'; mic: MicErrorKind }
  | { kind: 'text'; text: string; recordingUrl: string | null; comparison: Comparison | null };

const STATE: Record<RecognitionCheck, StepState> = {
  pending: 'pending',
  good: 'pass',
  retry: 'fail',
  silent: 'fail',
  failed: 'fail',
  unavailable: 'warn',
};

export interface RecognitionStepProps {
  sentence: string;
  engine: EngineState | null;
  quality: NetworkQuality;
  check: RecognitionCheck;
  /** Recognition is for signed-in users (the server refuses guests outside the try test). */
  signedIn: boolean;
  /** Called before recording opens the microphone, so the meter of step 1 lets it go. */
  onBeforeRecord: () => void;
  onResult: (check: RecognitionCheck) => void;
}

/** Step 3: read a sentence through the test's own recorder and see what recognition made of it. */
export function RecognitionStep({
  sentence,
  engine,
  quality,
  check,
  signedIn,
  onBeforeRecord,
  onResult,
}: RecognitionStepProps) {
  const { t } = useTranslation(['check', 'speaking']);
  const recorder = useAnswerRecorder();
  const level = useAnalyserLevel(recorder.analyser);
  const [mode, setMode] = useState<Mode>('upload');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const recording = recorder.status === 'recording';
  const busy =
    recorder.status === 'connecting' ||
    recorder.status === 'transcribing' ||
    recorder.status === 'autoStarting';

  const record = async () => {
    if (recording) return recorder.stop();
    onBeforeRecord();
    setOutcome(null);
    const result = await recorder.start({
      question: { asr_model: 'dashscope' },
      realtime: mode === 'realtime',
      limitS: CHECK_RECORDING_LIMIT_S,
      quality,
    });
    if (result.failure?.kind === 'mic') {
      setOutcome({ kind: 'mic', mic: result.failure.mic });
      return onResult('pending');
    }
    const code = result.failure?.kind === 'recognition' ? result.failure.code : null;
    const { verdict, comparison } = recognitionVerdict(sentence, { text: result.text, code });
    setOutcome({ kind: 'text', text: result.text, recordingUrl: result.recordingUrl, comparison });
    onResult(verdict);
  };

  const statusText = {
    idle: t('recognition.status.idle'),
    autoStarting: t('recognition.status.connecting'),
    connecting: t('recognition.status.connecting'),
    recording: t('recognition.status.recording'),
    transcribing: t('recognition.status.transcribing'),
    completed: t('recognition.status.completed'),
  }[recorder.status];

  return (
    <StepCard
      id="recognition"
      title={t('recognition.title')}
      state={recording || busy ? 'running' : STATE[check]}
      // No engine on the server: recognition does not work "with a caveat", it is not there.
      label={!recording && !busy && check === 'unavailable' ? t('state.unavailable') : undefined}
    >
      {engine === 'none' ? (
        <p
          className="rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm"
          role="note"
          data-testid="check-no-engine"
        >
          {t('recognition.noEngine')}
        </p>
      ) : null}
      {engine !== 'none' && !signedIn ? (
        <div
          className="flex flex-col items-start gap-2 rounded-xl border border-line p-3 text-sm"
          role="note"
          data-testid="check-sign-in"
        >
          <p>{t('recognition.signIn')}</p>
          <LocalLink to="/auth?mode=login" className={buttonClass('secondary', 'sm')}>
            {t('recognition.signInLink')}
          </LocalLink>
        </div>
      ) : null}
      <p className="text-ink-muted">{t('recognition.text')}</p>
      <figure className="rounded-xl bg-brand-soft p-4 text-center">
        <figcaption className="mb-1 text-sm text-ink-muted">{t('recognition.sentence')}</figcaption>
        <p lang="zh-CN" className="text-2xl font-medium sm:text-3xl" data-testid="check-sentence">
          {sentence}
        </p>
      </figure>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('recognition.mode')}</legend>
        <div className="flex flex-wrap gap-2">
          {MODES.map((m) => (
            <label
              key={m}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                m === mode ? 'border-brand bg-brand-soft' : 'border-line',
              )}
            >
              <input
                type="radio"
                name="check-mode"
                value={m}
                checked={m === mode}
                disabled={recording || busy}
                onChange={() => setMode(m)}
                data-testid={`check-mode-${m}`}
              />
              {t(`recognition.modes.${m}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          size="lg"
          variant={recording ? 'danger' : 'primary'}
          onClick={() => void record()}
          disabled={busy || !signedIn}
          data-testid="check-record"
        >
          {recording ? <StopIcon /> : <MicIcon />}
          {recording ? t('recognition.stop') : t('recognition.record')}
        </Button>
        <span
          aria-live="polite"
          className="text-sm"
          data-testid="check-record-status"
          data-status={recorder.status}
        >
          {statusText}
        </span>
      </div>
      {recording ? <LevelMeter level={level} label={t('mic.level')} testId="check-record-level" /> : null}
      {recording && mode === 'realtime' ? (
        <div className="rounded-lg bg-surface-sunken p-3">
          <p className="text-sm text-ink-muted">{t('recognition.partial')}</p>
          <p lang="zh-CN" className="text-lg" data-testid="check-partial">
            {recorder.partial || '…'}
          </p>
        </div>
      ) : null}
      {outcome?.kind === 'mic' ? (
        <p className="text-sm text-danger" role="alert" data-testid="check-record-mic-error">
          {t(`speaking:mic.errors.${outcome.mic}`)}
        </p>
      ) : null}
      {outcome?.kind === 'text' ? (
        <div className="flex flex-col gap-3">
          <div className="rounded-lg bg-surface-sunken p-3">
            <p className="text-sm text-ink-muted">{t('recognition.final')}</p>
            <p lang="zh-CN" className="text-lg" data-testid="check-transcript">
              {outcome.text || t('recognition.nothing')}
            </p>
          </div>
          {outcome.comparison ? <SentenceComparison {...outcome.comparison} /> : null}
          {outcome.recordingUrl ? (
            <div className="flex flex-col gap-1">
              <span className="text-sm text-ink-muted" id="check-own-recording">
                {t('recognition.yourRecording')}
              </span>
              <audio
                controls
                src={outcome.recordingUrl}
                aria-labelledby="check-own-recording"
                className="w-full"
              />
            </div>
          ) : null}
        </div>
      ) : null}
      {check !== 'pending' && outcome?.kind !== 'mic' ? (
        <p
          role="status"
          className={cn(
            'font-medium',
            check === 'good' ? 'text-success' : check === 'unavailable' ? 'text-warning' : 'text-danger',
          )}
          data-testid="check-verdict"
          data-verdict={check}
        >
          {t(`recognition.verdict.${check}`)}
        </p>
      ) : null}
    </StepCard>
  );
}
