import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePlayer } from '../hooks/use-player';

export interface AudioButtonProps {
  /** Unique on the page: the player knows which button is playing. */
  playerKey: string;
  urls: string[];
  label: string;
  /** Timed run: the recording plays once, then the button stays disabled (a failed playback may be retried). */
  once?: boolean;
}

/** Plays a recording (all its lines in turn); pressing it while it plays stops it, except in a timed run. */
export function AudioButton({ playerKey, urls, label, once = false }: AudioButtonProps) {
  const { t } = useTranslation('hsk');
  const { player, state } = usePlayer();
  const [failed, setFailed] = useState(false);
  const [used, setUsed] = useState(false);
  const playing = state.key === playerKey && state.status === 'playing';
  const spent = once && used && !playing;

  const press = async () => {
    if (playing) {
      if (!once) player.stop();
      return;
    }
    setFailed(false);
    setUsed(true);
    const outcome = await player.play(playerKey, urls);
    if (outcome === 'failed') {
      setFailed(true);
      setUsed(false);
    }
  };

  if (urls.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        variant={playing ? 'primary' : 'secondary'}
        size="sm"
        onClick={() => void press()}
        disabled={spent || (once && playing)}
        aria-pressed={playing}
        data-testid="audio-button"
        data-state={playing ? 'playing' : spent ? 'played' : used ? 'ended' : 'ready'}
      >
        <span aria-hidden="true">{playing ? '■' : '▶'}</span>
        {playing ? t('audio.playing') : spent ? t('audio.played') : label}
      </Button>
      {once && !used ? <span className="text-xs text-ink-muted">{t('audio.once')}</span> : null}
      {failed ? (
        <span role="alert" className="text-sm text-danger">
          {t('audio.failed')}
        </span>
      ) : null}
    </span>
  );
}
