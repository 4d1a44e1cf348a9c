import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DICTATION_GUEST_WORDS_PER_DAY } from '@kouyu/core';
import type { ErrorCode } from '@kouyu/core';
import { Button, buttonClass } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { LocalLink } from '@/components/ui/local-link';
import type { DictationPlayer } from '../hooks/use-dictation-player';

/** Refusals a guest meets when signing in is the way on (a word past the day's allowance, or any text). */
const SIGN_IN_CODES: ReadonlySet<ErrorCode> = new Set([
  'dictation_guest_limit',
  'auth_token_missing',
  'login_required',
]);

/** Start, pause, resume and stop the dictation, with its state announced (spec 000 §4). */
export function PlayerPanel({
  player,
  audio: { attach, onPlaying, onEnded, onError },
  total,
  canStart,
  onStart,
}: {
  player: Omit<DictationPlayer, 'audio'>;
  /** Kept apart from the controls: it holds the element's callback ref. */
  audio: DictationPlayer['audio'];
  total: number;
  canStart: boolean;
  onStart: () => void;
}) {
  const { t } = useTranslation(['dictation', 'common']);
  const location = useLocation();
  const { phase, index } = player.state;
  const position = { current: index + 1, total };
  const running = phase === 'connecting' || phase === 'speaking' || phase === 'waiting' || phase === 'paused';
  const status =
    phase === 'connecting'
      ? t('player.connecting')
      : phase === 'speaking'
        ? t('player.speaking', position)
        : phase === 'waiting'
          ? t('player.waiting', position)
          : phase === 'paused'
            ? t('player.paused', position)
            : phase === 'complete'
              ? t('player.complete')
              : '';
  const progress =
    phase === 'complete' ? total : phase === 'idle' ? 0 : index + (phase === 'waiting' ? 1 : 0);

  return (
    <div className="flex flex-col gap-3" data-testid="player" data-phase={phase}>
      {/* The audio is heard, not seen; the controls below drive it. */}
      <audio
        ref={attach}
        preload="auto"
        className="hidden"
        data-testid="dictation-audio"
        onPlaying={onPlaying}
        onEnded={onEnded}
        onError={onError}
      />
      <div className="flex flex-wrap gap-2">
        {running ? (
          <>
            {phase === 'paused' ? (
              <Button onClick={player.resume} data-testid="player-resume">
                {t('player.resume')}
              </Button>
            ) : (
              <Button variant="secondary" onClick={player.pause} data-testid="player-pause">
                {t('player.pause')}
              </Button>
            )}
            <Button variant="ghost" onClick={player.stop} data-testid="player-stop">
              {t('player.stop')}
            </Button>
          </>
        ) : (
          <Button size="lg" onClick={onStart} disabled={!canStart} data-testid="player-start">
            {phase === 'complete' ? t('player.again') : t('player.start')}
          </Button>
        )}
      </div>
      {phase !== 'idle' && phase !== 'error' ? (
        <div className="flex flex-col gap-2">
          <p role="status" aria-live="polite" className="font-medium" data-testid="player-status">
            {status}
          </p>
          <progress
            className="h-2 w-full accent-brand"
            max={total}
            value={progress}
            aria-label={t('player.progress')}
          />
        </div>
      ) : null}
      {phase === 'error' && player.state.code && SIGN_IN_CODES.has(player.state.code) ? (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface-sunken p-3 text-sm"
          role="status"
          data-testid="dictation-signin-prompt"
        >
          <p className="flex-1">
            {player.state.code === 'dictation_guest_limit'
              ? t('common:errors.dictation_guest_limit', { limit: DICTATION_GUEST_WORDS_PER_DAY })
              : t('player.signIn')}
          </p>
          <LocalLink
            to={`/auth?mode=login&next=${encodeURIComponent(location.pathname)}`}
            className={buttonClass('primary', 'sm')}
          >
            {t('gate.login')}
          </LocalLink>
        </div>
      ) : phase === 'error' ? (
        <Alert tone="error" testId="player-error">
          <span className="mr-2">{t('player.error')}</span>
          <Button size="sm" variant="secondary" onClick={player.retry}>
            {t('player.retry')}
          </Button>
        </Alert>
      ) : null}
    </div>
  );
}
