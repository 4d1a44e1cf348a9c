import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HskAnswerValue, HskSet } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { useSubmitAttempt } from '../api/submit-attempt';
import { useCountdown } from '../hooks/use-countdown';
import { PlayerContext } from '../hooks/use-player';
import { useSignedIn } from '../hooks/use-signed-in';
import { answersToSend, isAnswered, toBlocks } from '../lib/blocks';
import { errorCode } from '../lib/errors';
import { SequencePlayer } from '../lib/sequence-player';
import { BlockView } from './block-view';
import { ItemNavigator } from './item-navigator';
import { ResultSummary } from './result-summary';
import { RunHeader, TimerBar } from './run-header';

export interface SetRunnerProps {
  set: HskSet;
  /** The timed listening run: a countdown, recordings played once, answers sent at zero. */
  deadline: number | null;
  /** Where "back to the sets" goes. */
  backTo: string;
  onRetry: () => void;
}

/** Answers a whole set (with a navigator), sends it for scoring and shows the scored items. */
export function SetRunner({ set, deadline, backTo, onRetry }: SetRunnerProps) {
  const { t } = useTranslation(['hsk', 'common']);
  const lang = useLang();
  const signedIn = useSignedIn();
  const timed = deadline !== null;
  const [player] = useState(() => new SequencePlayer());
  useEffect(() => () => player.stop(), [player]);
  const [startedAt] = useState(() => Date.now());
  const [answers, setAnswers] = useState<Record<string, HskAnswerValue>>({});
  const [confirming, setConfirming] = useState(false);
  const [timeUp, setTimeUp] = useState(false);
  const [showPinyin, setShowPinyin] = useState(set.level <= 2);
  const submit = useSubmitAttempt(set.id);
  const result = submit.data?.data ?? null;
  const results = useMemo(() => (result ? new Map(result.items.map((i) => [i.id, i])) : null), [result]);
  const blocks = useMemo(() => toBlocks(set.items), [set.items]);
  const answered = set.items.filter((i) => isAnswered(answers[i.id])).length;
  const summary = useRef<HTMLElement>(null);

  const send = () => {
    player.stop();
    setConfirming(false);
    submit.mutate({
      answers: answersToSend(answers),
      language: lang,
      mode: timed ? 'test' : 'practice',
      duration_s: Math.round((Date.now() - startedAt) / 1000),
    });
  };
  const left = useCountdown(timed && !result ? deadline : null, () => {
    setTimeUp(true);
    if (answered > 0) send();
    else player.stop();
  });

  useEffect(() => {
    if (!result) return;
    summary.current?.focus();
    summary.current?.scrollIntoView({ block: 'start' });
  }, [result]);

  const locked = result !== null || submit.isPending || timeUp;
  const onAnswer = (id: string, value: HskAnswerValue) => {
    if (locked) return;
    setConfirming(false);
    setAnswers((prev) => ({ ...prev, [id]: value }));
  };

  return (
    <PlayerContext.Provider value={player}>
      <div className="flex flex-col gap-5">
        <RunHeader
          set={set}
          answered={answered}
          showPinyin={showPinyin}
          onPinyin={set.level <= 2 ? setShowPinyin : null}
        />
        {left !== null && !result ? (
          <TimerBar secondsLeft={left} answered={answered} total={set.items.length} />
        ) : null}
        {result ? (
          <ResultSummary
            ref={summary}
            result={result}
            signedIn={signedIn}
            backTo={backTo}
            onRetry={onRetry}
          />
        ) : null}
        {timeUp && answered === 0 && !result ? (
          <div role="alert" className="flex flex-col items-start gap-2 rounded-2xl bg-brand-soft p-4">
            <p>{t('run.timeUpEmpty')}</p>
            <Button onClick={onRetry}>{t('result.retry')}</Button>
          </div>
        ) : null}
        <ItemNavigator items={set.items} answers={answers} results={results} />
        {blocks.map((block) => (
          <BlockView
            key={block.key}
            block={block}
            answers={answers}
            onAnswer={onAnswer}
            results={results}
            showPinyin={showPinyin}
            timed={timed}
          />
        ))}
        {result ? null : (
          <div className="flex flex-col items-start gap-2 border-t border-line pt-4">
            <p className="text-sm text-ink-muted">
              {t('run.progress', { answered, total: set.items.length })}
            </p>
            {confirming ? (
              <p role="alert" className="text-sm text-warning">
                {t('run.unanswered', { count: set.items.length - answered })}
              </p>
            ) : null}
            <Button
              size="lg"
              disabled={submit.isPending || answered === 0 || (timeUp && answered === 0)}
              onClick={() => (answered < set.items.length && !confirming ? setConfirming(true) : send())}
              data-testid="hsk-submit"
            >
              {submit.isPending ? t('run.scoring') : confirming ? t('run.submitAnyway') : t('run.submit')}
            </Button>
            {submit.isError ? (
              <p role="alert" className="text-sm text-danger">
                {t(`common:errors.${errorCode(submit.error)}`)}
              </p>
            ) : null}
          </div>
        )}
      </div>
    </PlayerContext.Provider>
  );
}
