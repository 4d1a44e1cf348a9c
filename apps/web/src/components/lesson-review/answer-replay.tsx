import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { API_BASE, freshToken } from '@/lib/api';

type ReplayState = 'idle' | 'loading' | 'playing' | 'failed';

/** The learner's own kept recording (owner only on the server), fetched with the session's token. */
async function recordingUrl(audioId: string): Promise<string> {
  const token = await freshToken();
  const res = await fetch(`${API_BASE}/audio/answers/${encodeURIComponent(audioId)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

/** Replays the learner's recording beside an answer: the local one on the test page, the kept one later. */
export function AnswerReplay({ audioId, src }: { audioId?: string | null; src?: string | null }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ReplayState>('idle');
  const audio = useRef<HTMLAudioElement | null>(null);
  const fetched = useRef<string | null>(null);
  useEffect(
    () => () => {
      audio.current?.pause();
      if (fetched.current) URL.revokeObjectURL(fetched.current);
    },
    [],
  );
  if (!src && !audioId) return null;
  const toggle = async () => {
    if (state === 'playing') {
      audio.current?.pause();
      setState('idle');
      return;
    }
    setState('loading');
    try {
      let url = src ?? fetched.current;
      if (!url && audioId) url = fetched.current = await recordingUrl(audioId);
      if (!url) throw new Error('no recording');
      audio.current ??= new Audio();
      const el = audio.current;
      el.onended = () => setState('idle');
      if (el.src !== url) el.src = url;
      el.currentTime = 0;
      await el.play();
      setState('playing');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => void toggle()}
        disabled={state === 'loading'}
        data-testid="answer-replay"
        data-state={state}
      >
        {state === 'playing' ? t('lessonReview.replay.stop') : t('lessonReview.replay.play')}
      </Button>
      {state === 'failed' ? (
        <span className="text-sm text-danger" role="alert">
          {t('lessonReview.replay.failed')}
        </span>
      ) : null}
    </span>
  );
}
