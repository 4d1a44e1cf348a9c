import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toneVerdict } from '@kouyu/core';
import type { AssessedSyllable, ErrorCode } from '@kouyu/core';
import { ApiError } from '@/lib/api';
import { recordingBlob } from '@/lib/recordings';
import { assessVoice } from './assess-voice';
import { ToneCurve, useSyllableLabel } from './tone-curve';

type State =
  { kind: 'loading' } | { kind: 'done'; syllables: AssessedSyllable[] } | { kind: 'failed'; code: ErrorCode };

/**
 * The learner's pitch per syllable over each expected tone's shape, for a repeat or read-aloud answer,
 * with the same judgement as text. Shared by the test's review and the saved results.
 */
export function AnswerTones({ recordingUrl, text }: { recordingUrl: string; text: string }) {
  const { t } = useTranslation(['check', 'common']);
  const label = useSyllableLabel();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    recordingBlob(recordingUrl)
      .then((blob) => assessVoice(blob, text))
      .then((report) => {
        if (live) setState({ kind: 'done', syllables: report.syllables });
      })
      .catch((err: unknown) => {
        // Not an answer of the server: the recording itself could not be read here.
        if (live) setState({ kind: 'failed', code: err instanceof ApiError ? err.code : 'audio_unreadable' });
      });
    return () => {
      live = false;
    };
  }, [recordingUrl, text]);

  if (state.kind === 'loading') return <p className="text-sm text-ink-muted">{t('toneDrill.assessing')}</p>;
  if (state.kind === 'failed')
    return <p className="text-sm text-ink-muted">{t(`common:errors.${state.code}`)}</p>;
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
      <details className="text-sm">
        <summary className="cursor-pointer text-ink-muted">{t('answerVoice.asText')}</summary>
        <ul className="mt-1 flex flex-col gap-0.5" data-testid="answer-tones-text">
          {state.syllables.map((s, i) => (
            <li key={i} data-verdict={toneVerdict(s)}>
              {label(s)}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
