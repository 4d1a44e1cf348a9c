import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { PRIMARY_ACTION } from '@/components/ui/button';
import type { RecorderFailure, RecorderStatus } from '@/lib/audio/use-answer-recorder';
import { useAnalyserLevel } from '@/lib/audio/use-analyser-level';
import { useElapsed } from '../../hooks/use-elapsed';
import type { RecordBlock } from '../../hooks/use-question-flow';
import { clock } from '../../lib/run';
import { MicIcon, StopIcon } from '@/components/ui/control-icons';
import { Visualizer } from './visualizer';

export interface RecordStepProps {
  status: RecorderStatus;
  startedAt: number | null;
  limitS: number;
  block: RecordBlock;
  analyser: AnalyserNode | null;
  failure: RecorderFailure | null;
  onRecord: () => void;
}

type HintKey = 'record.playFirst' | 'record.waitAudio' | 'record.waitConnect' | 'record.autoHint';

function hintKey(block: RecordBlock): HintKey | null {
  switch (block) {
    case 'playFirst':
      return 'record.playFirst';
    case 'audioPlaying':
      return 'record.waitAudio';
    case 'audioConnecting':
      return 'record.waitConnect';
    case 'auto':
      return 'record.autoHint';
    default:
      return null;
  }
}

/** Step 2: the visualizer and record button; recording with its time, transcribing with a timer, completed. */
export function RecordStep({
  status,
  startedAt,
  limitS,
  block,
  analyser,
  failure,
  onRecord,
}: RecordStepProps) {
  const { t } = useTranslation('speaking');
  const recording = status === 'recording';
  const seconds = useElapsed(startedAt, recording || status === 'transcribing');
  const hint = hintKey(block);
  const level = useAnalyserLevel(recording ? analyser : null);
  const statusText = {
    idle: t('record.idle'),
    autoStarting: t('record.autoStarting'),
    connecting: t('record.connecting'),
    recording: t('record.recording', { time: clock(seconds), limit: clock(limitS) }),
    transcribing: t('record.transcribing', { time: clock(seconds) }),
    completed: t('record.completed'),
  }[status];
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-line p-4" aria-labelledby="step-record">
      <h3 id="step-record" className="font-semibold">
        {t('steps.record')}
      </h3>
      {/* The level is also an attribute, for tests to wait on the voice rather than on a clock. */}
      <div data-testid="record-level" data-level={Math.round(level * 100)}>
        <Visualizer analyser={recording ? analyser : null} label={t('record.visualizer')} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={onRecord}
          disabled={block !== null}
          aria-describedby={hint ? 'record-hint' : undefined}
          data-testid="record-button"
          {...PRIMARY_ACTION}
          className={cn(
            'inline-flex h-12 items-center gap-2 rounded-full px-5 font-medium text-on-brand shadow-sm',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50',
            recording ? 'bg-danger' : 'bg-brand hover:bg-brand-strong',
          )}
        >
          {recording ? <StopIcon /> : <MicIcon />}
          {recording ? t('record.stop') : t('record.start')}
        </button>
        <p
          role="status"
          aria-live="polite"
          data-testid="record-status"
          data-status={status}
          className="tabular-nums"
        >
          {statusText}
        </p>
      </div>
      {hint ? (
        <p id="record-hint" className="text-sm text-ink-muted">
          {t(hint)}
        </p>
      ) : null}
      {failure?.kind === 'mic' ? (
        <p className="text-sm text-danger" role="alert" data-testid="mic-error">
          {t(`mic.errors.${failure.mic}`)}
        </p>
      ) : null}
    </section>
  );
}
