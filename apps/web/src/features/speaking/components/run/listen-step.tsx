import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { SLOW_REPLAY_RATE } from '../../lib/run';
import type { AudioError, AudioStatus } from '../../hooks/use-question-audio';
import { PlayIcon, StopIcon } from '@/components/ui/control-icons';

export interface ListenStepProps {
  status: AudioStatus;
  error: AudioError | null;
  allPlayed: boolean;
  playsLeft: number | null;
  /** The question was played at least once (replays are offered after that). */
  played: boolean;
  disabled: boolean;
  onPlay: () => void;
  /** Practice mode: replays the question at `rate` (1, or the slow 0.75), beyond the exam's limit. */
  onReplay: (rate: number) => void;
  auto: boolean;
  signedIn: boolean;
  onAuto: (on: boolean) => void;
  autoLocked: boolean;
}

/** Step 1: play/stop, status ready · connecting · playing · all played, and the auto-mode switch. */
export function ListenStep(p: ListenStepProps) {
  const { t } = useTranslation('speaking');
  const busy = p.status !== 'idle';
  const statusText =
    p.status === 'connecting'
      ? t('listen.connecting')
      : p.status === 'playing'
        ? t('listen.playing')
        : p.allPlayed
          ? t('listen.allPlayed')
          : t('listen.ready');
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-line p-4" aria-labelledby="step-listen">
      <h3 id="step-listen" className="font-semibold">
        {t('steps.listen')}
      </h3>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={p.onPlay}
          disabled={!busy && (p.allPlayed || p.disabled)}
          data-testid="play-audio"
          aria-label={busy ? t('listen.stop') : t('listen.play')}
          className={cn(
            'inline-flex h-12 w-12 items-center justify-center rounded-full text-on-brand shadow-sm',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50',
            busy ? 'bg-brand-strong' : 'bg-brand hover:bg-brand-strong',
          )}
        >
          {busy ? <StopIcon /> : <PlayIcon />}
        </button>
        <p
          role="status"
          data-testid="audio-status"
          data-status={p.allPlayed && !busy ? 'allPlayed' : p.status}
        >
          {statusText}
        </p>
        {p.playsLeft !== null && !p.allPlayed ? (
          <p className="text-sm text-ink-muted">{t('listen.playsLeft', { n: p.playsLeft })}</p>
        ) : null}
      </div>
      {!p.auto && p.played && !busy ? (
        <div className="flex flex-wrap gap-2" data-testid="question-replay">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => p.onReplay(1)}
            disabled={p.disabled}
            data-testid="replay-normal"
          >
            {t('questionReplay.normal')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => p.onReplay(SLOW_REPLAY_RATE)}
            disabled={p.disabled}
            data-testid="replay-slow"
          >
            {t('questionReplay.slow')}
          </Button>
        </div>
      ) : null}
      <p
        className="text-xs text-ink-muted"
        data-testid="play-mode-note"
        data-mode={p.auto ? 'exam' : 'practice'}
      >
        {p.auto ? t('questionReplay.examNote') : t('questionReplay.practiceNote')}
      </p>
      {p.error ? (
        <p className="text-sm text-danger" role="alert">
          {p.error === 'noSource' ? t('listen.errorBrowser') : t('listen.errorPlay')}
        </p>
      ) : null}
      <div className="flex flex-col gap-1">
        <label className="inline-flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            role="switch"
            checked={p.auto}
            disabled={!p.signedIn || p.autoLocked}
            onChange={(e) => p.onAuto(e.target.checked)}
            className="h-4 w-4 accent-brand"
            data-testid="auto-mode"
          />
          {t('listen.autoMode')}
        </label>
        <p className="text-xs text-ink-muted">
          {!p.signedIn ? t('listen.autoSignIn') : p.auto ? t('listen.autoWarning') : t('listen.manualTip')}
        </p>
      </div>
    </section>
  );
}
