import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANSWER_BOX_MAX_HEIGHT_PX } from '@kouyu/core';
import type { ErrorCode } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { browserRecognitionConstructor, startBrowserRecognition } from '@/lib/audio/browser-recognition';
import type { RecorderFailure, RecorderStatus } from '@/lib/audio/use-answer-recorder';
import type { Answer } from '../../lib/run';
import { AnswerTones } from '@/components/voice/answer-tones';
import type { AnswerScore } from '../../hooks/use-answer-scores';
import { AnswerScoreView } from './answer-score';

export interface ReviewStepProps {
  status: RecorderStatus;
  auto: boolean;
  partial: string;
  answer: Answer | null;
  failure: RecorderFailure | null;
  notice: ErrorCode | null;
  onType: (text: string) => void;
  locked: boolean;
  /** Typing is the way (no recogniser on the server): the box shows from the start, without notices. */
  typing: boolean;
  /** The text a repeat or read-aloud answer says: its tones are drawn from the recording. */
  toneText?: string | null;
  /** Practice mode: this answer's score, asked right after it was given. */
  score?: AnswerScore | null;
}

/** Step 3: the transcript (or what is heard so far), the learner's own recording, and typing when recognition failed. */
export function ReviewStep({
  status,
  auto,
  partial,
  answer,
  failure,
  notice,
  onType,
  locked,
  typing,
  toneText = null,
  score = null,
}: ReviewStepProps) {
  const { t } = useTranslation(['speaking', 'common']);
  const failed = failure?.kind === 'recognition' ? failure.code : notice;
  // Without a recogniser the start panel said so once; "not configured" is not repeated per answer.
  const recognitionCode = typing && failed === 'asr_unavailable' ? null : failed;
  const canType = !locked && (typing || (recognitionCode !== null && recognitionCode !== undefined));
  const live = status === 'recording' && auto;
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-line p-4" aria-labelledby="step-review">
      <h3 id="step-review" className="font-semibold">
        {t('steps.review')}
      </h3>
      <div
        className="overflow-y-auto rounded-lg bg-surface-sunken p-3"
        style={{ maxHeight: ANSWER_BOX_MAX_HEIGHT_PX }}
        aria-live="polite"
        // A long answer scrolls inside the box: keyboard users reach it too (axe scrollable-region-focusable).
        tabIndex={0}
        data-testid="answer-box"
      >
        {status === 'transcribing' ? (
          <p className="text-ink-muted">{t('review.processing')}</p>
        ) : live ? (
          // Auto mode (spec 001 §2): the text heard so far, and the answer recorded last for this question.
          <div className="flex flex-col gap-2">
            <p lang="zh-CN" data-testid="partial-text">
              {partial || t('review.listening')}
            </p>
            {answer?.text ? (
              <p className="text-sm text-ink-muted" data-testid="latest-answer">
                {t('review.latest')} <span lang="zh-CN">{answer.text}</span>
              </p>
            ) : null}
          </div>
        ) : answer?.text ? (
          <p lang="zh-CN" className="whitespace-pre-wrap text-lg" data-testid="answer-text">
            {answer.text}
          </p>
        ) : (
          <p className="text-ink-muted">{t('review.placeholder')}</p>
        )}
      </div>
      {answer?.recordingUrl ? (
        <div className="flex flex-col gap-1">
          <span className="text-sm text-ink-muted" id="own-recording">
            {t('review.yourRecording')}
          </span>
          <audio
            controls
            src={answer.recordingUrl}
            aria-labelledby="own-recording"
            className="w-full"
            data-testid="own-recording"
          />
          {toneText && status === 'completed' ? (
            <AnswerTones recordingUrl={answer.recordingUrl} text={toneText} />
          ) : null}
        </div>
      ) : null}
      {recognitionCode ? (
        <p className="text-sm text-warning" role="alert" data-testid="recognition-notice">
          {t(`common:errors.${recognitionCode}`, {
            status: failure?.kind === 'recognition' ? failure.status : undefined,
          })}
        </p>
      ) : null}
      {score && status !== 'recording' && status !== 'transcribing' ? (
        <AnswerScoreView score={score} />
      ) : null}
      {canType ? <TypeAnswer key={answer?.text ?? ''} initial={answer?.text ?? ''} onSave={onType} /> : null}
    </section>
  );
}

function TypeAnswer({ initial, onSave }: { initial: string; onSave: (text: string) => void }) {
  const { t } = useTranslation(['speaking', 'common']);
  const [text, setText] = useState(initial);
  const [stopListening, setStopListening] = useState<(() => void) | null>(null);
  const [browserError, setBrowserError] = useState<string | null>(null);
  const ctor = browserRecognitionConstructor();
  const listen = () => {
    if (!ctor) return;
    setBrowserError(null);
    const stop = startBrowserRecognition(ctor, {
      onText: setText,
      onEnd: (error) => {
        setStopListening(null);
        if (error && error !== 'no-speech' && error !== 'aborted') setBrowserError(error);
      },
    });
    setStopListening(() => stop);
  };
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(text.trim());
      }}
    >
      <label htmlFor="typed-answer" className="text-sm font-medium">
        {t('review.typeLabel')}
      </label>
      <textarea
        id="typed-answer"
        lang="zh-CN"
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        maxLength={5000}
        className="rounded-lg border border-line bg-surface-raised p-2"
        data-testid="typed-answer"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="secondary" disabled={!text.trim()} data-testid="use-typed">
          {t('review.useTyped')}
        </Button>
        {ctor ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => (stopListening ? stopListening() : listen())}
            aria-pressed={stopListening !== null}
            data-testid="browser-recognition"
          >
            {stopListening ? t('review.browserStop') : t('review.browserRecognition')}
          </Button>
        ) : null}
      </div>
      {stopListening ? <p className="text-sm text-ink-muted">{t('review.browserListening')}</p> : null}
      {browserError ? (
        <p className="text-sm text-warning" role="alert">
          {t('review.browserFailed')}
        </p>
      ) : null}
    </form>
  );
}
