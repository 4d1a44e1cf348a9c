import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toneVerdict } from '@kouyu/core';
import type { AssessedSyllable, ErrorCode } from '@kouyu/core';
import { ApiError } from '@/lib/api';
import { assessVoice } from '../../api/assess-voice';
import { ToneCurve } from './tone-curve';

/** The text whose tones an answer is judged on: what a repeat question says, or the passage read aloud. */
export function toneTextOf(q: { question_type: string; audio_text: string; question_text: string | null }): string | null {
  if (q.question_type === 'repeat') return q.audio_text || null;
  if (q.question_type === 'read_aloud') return q.question_text;
  return null;
}

type State = { kind: 'loading' } | { kind: 'done'; syllables: AssessedSyllable[] } | { kind: 'failed'; code: ErrorCode };

/** The learner's pitch per syllable over each expected tone's shape, for a repeat or read-aloud answer. */
export function AnswerTones({ recordingUrl, text }: { recordingUrl: string; text: string }) {
  const { t } = useTranslation(['check', 'common']);
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    fetch(recordingUrl)
      .then((res) => res.blob())
      .then((blob) => assessVoice(blob, text))
      .then((report) => {
        if (live) setState({ kind: 'done', syllables: report.syllables });
      })
      .catch((err: unknown) => {
        if (live) setState({ kind: 'failed', code: err instanceof ApiError ? err.code : 'internal' });
      });
    return () => {
      live = false;
    };
  }, [recordingUrl, text]);

  if (state.kind === 'loading') return <p className="text-sm text-ink-muted">{t('toneDrill.assessing')}</p>;
  if (state.kind === 'failed') return <p className="text-sm text-ink-muted">{t(`common:errors.${state.code}`)}</p>;
  const wrong = state.syllables.filter((s) => toneVerdict(s) === 'wrong').length;
  return (
    <div className="flex flex-col gap-2" data-testid="answer-tones" data-wrong={wrong}>
      <p className="text-sm text-ink-muted">
        {t('toneDrill.summary', { count: wrong })} {t('toneDrill.legend')}
      </p>
      <div className="flex flex-wrap gap-3">
        {state.syllables.map((s, i) => (
          <ToneCurve key={i} syllable={s} />
        ))}
      </div>
    </div>
  );
}
