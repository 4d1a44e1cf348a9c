import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LessonReview } from '@kouyu/core';
import { API_BASE, freshToken } from '@/lib/api';
import { dropRecording, keepRecording } from '@/lib/recordings';
import { AnswerTones } from './answer-tones';

/** The learner's own kept recording of an answer (`GET /audio/answers/{id}`; anyone else's is a 404). */
async function fetchRecording(audioId: string, signal: AbortSignal): Promise<Blob> {
  const token = await freshToken();
  const res = await fetch(`${API_BASE}/audio/answers/${encodeURIComponent(audioId)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!res.ok) throw new Error(`recording ${res.status}`);
  return res.blob();
}

/**
 * The text a saved answer reads, when it reads one: the review aligns a repeat or read-aloud answer with
 * its reference (`alignment.kind` 'reference'); other answers, and reviews without it, have none.
 */
export function referenceTextOf(review: LessonReview | null | undefined): string | null {
  const alignment = review?.alignment;
  if (!alignment || alignment.kind !== 'reference') return null;
  const text = alignment.chars
    .filter((c) => c.mark !== 'extra')
    .map((c) => c.char)
    .join('');
  return /\p{Script=Han}/u.test(text) ? text : null;
}

type State = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'gone' };

/**
 * A saved answer's recording for its owner: a player and, when the answer reads a known text (repeat,
 * read aloud), the pitch picture of each syllable. A recording swept or not the viewer's shows a note.
 */
export function AnswerRecording({ audioId, toneText }: { audioId: string; toneText: string | null }) {
  const { t } = useTranslation('check');
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    setState({ kind: 'loading' });
    fetchRecording(audioId, abort.signal)
      .then((blob) => {
        url = keepRecording(blob);
        setState({ kind: 'ready', url });
      })
      .catch(() => {
        if (!abort.signal.aborted) setState({ kind: 'gone' });
      });
    return () => {
      abort.abort();
      if (url) dropRecording(url);
    };
  }, [audioId]);

  if (state.kind === 'loading') return <p className="text-sm text-ink-muted">{t('answerVoice.loading')}</p>;
  if (state.kind === 'gone')
    return (
      <p className="text-sm text-ink-muted" data-testid="answer-recording-gone">
        {t('answerVoice.gone')}
      </p>
    );
  return (
    <div className="flex flex-col gap-2" data-testid="answer-recording">
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-ink-muted">{t('toneDrill.playback')}</span>
        <audio controls src={state.url} className="w-full max-w-sm" data-testid="answer-recording-player" />
      </label>
      {toneText ? <AnswerTones recordingUrl={state.url} text={toneText} /> : null}
    </div>
  );
}
