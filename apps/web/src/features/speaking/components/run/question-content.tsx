import { useTranslation } from 'react-i18next';
import type { useTestRun } from '../../hooks/use-test-run';
import { partView, playLimit, recordingLimitS } from '../../lib/run';
import type { RunQuestion } from '../../lib/run';
import { ListenStep } from './listen-step';
import { PartThreeList } from './part-three-list';
import { QuestionCard, shownText } from './question-card';
import { toneTextOf } from '../voice/tone-text';
import { RecordStep } from './record-step';
import { ReviewStep } from './review-step';

type Run = ReturnType<typeof useTestRun>;

/** The content area: the question in the layout of its part, then listen → record → review. */
export function QuestionContent({
  run,
  questions,
  levelId,
  signedIn,
  typing,
}: {
  run: Run;
  questions: RunQuestion[];
  levelId: number;
  signedIn: boolean;
  /** No recogniser on the server: typing from the start, no auto mode. */
  typing: boolean;
}) {
  const { t } = useTranslation('speaking');
  const { current, flow, state } = run;
  const q = current.question;
  const view = partView(levelId, current.part);
  const limit = playLimit(q, state.auto);

  let question;
  if (view === 'list') {
    const partQuestions = questions.filter((r) => r.part === current.part);
    question = (
      <PartThreeList
        questions={partQuestions}
        currentRun={current.runNumber}
        answers={state.answers}
        onSelect={(n) => run.select(questions.findIndex((r) => r.runNumber === n))}
      />
    );
  } else if (view === 'readAloud') {
    question = (
      <section
        className="flex flex-col gap-3 rounded-xl bg-surface-sunken p-4"
        aria-labelledby="read-aloud"
        data-testid="read-aloud-panel"
      >
        <h2 id="read-aloud" className="text-lg font-semibold">
          {t('panels.readAloud')}
        </h2>
        <p lang="zh-CN" className="whitespace-pre-line text-xl leading-loose">
          {q.question_text ?? q.reference_text ?? ''}
        </p>
      </section>
    );
  } else if (view === 'answerPanel') {
    question = (
      <section
        className="flex flex-col gap-3 rounded-xl bg-surface-sunken p-4"
        aria-labelledby="answer-panel"
        data-testid="answer-panel"
      >
        <h2 id="answer-panel" className="text-lg font-semibold">
          {t('panels.answerQuestion')}
        </h2>
        <p lang="zh-CN" className="whitespace-pre-line text-xl leading-relaxed">
          {shownText(q) ?? ''}
        </p>
        {q.question_pinyin ? <p className="text-ink-muted">{q.question_pinyin}</p> : null}
      </section>
    );
  } else {
    question = <QuestionCard q={q} />;
  }

  return (
    <div className="flex flex-col gap-4" data-testid="question-content" data-question={current.runNumber}>
      {question}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <ListenStep
          status={flow.audio.status}
          error={flow.audio.error}
          allPlayed={flow.allPlayed}
          // Practice replays are free (the note says so): only the exam counts plays.
          playsLeft={limit === null || !state.auto ? null : Math.max(0, limit - flow.plays)}
          played={flow.plays > 0}
          disabled={flow.recording}
          onPlay={() => void flow.play()}
          onReplay={(rate) => void flow.play(rate, true)}
          auto={state.auto}
          signedIn={signedIn}
          onAuto={run.setAuto}
          autoLocked={run.finished || flow.recording || typing}
        />
        <RecordStep
          status={flow.recorder.status}
          startedAt={flow.recorder.startedAt}
          limitS={recordingLimitS(q)}
          block={flow.recordBlock}
          analyser={flow.recorder.analyser}
          failure={flow.failure}
          onRecord={() => void flow.toggleRecord()}
        />
        <ReviewStep
          status={flow.recorder.status}
          auto={state.auto}
          partial={flow.recorder.partial}
          answer={flow.answer}
          failure={flow.failure}
          notice={flow.recorder.notice}
          onType={flow.typeAnswer}
          locked={run.finished}
          typing={typing}
          // The pitch picture is read by the voice analysis, which is for signed-in learners.
          toneText={signedIn ? toneTextOf(q) : null}
          score={run.scores[current.runNumber] ?? null}
        />
      </div>
    </div>
  );
}
