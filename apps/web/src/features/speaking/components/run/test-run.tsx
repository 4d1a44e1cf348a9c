import { useEffect, useState } from 'react';
import type { Language } from '@kouyu/core';
import { asrEngineState, useHealth } from '@/lib/health';
import { useMicPermission } from '@/lib/audio/use-mic-permission';
import { browserRecognitionConstructor } from '@/lib/audio/browser-recognition';
import { useLeaveGuard } from '../../hooks/use-leave-guard';
import { useTestRun } from '../../hooks/use-test-run';
import type { RunData } from '../../hooks/use-test-run';
import type { SpeakingViewer } from '@/lib/use-viewer';
import { FeedbackView } from '../feedback/feedback-view';
import { GuestLimitModal } from '../feedback/guest-limit-modal';
import { ClickToPlay } from './click-to-play';
import { MicPermissionModal } from './mic-permission-modal';
import { NoAnswersModal } from './no-answers-modal';
import { QuestionContent } from './question-content';
import { QuestionNavigator } from './question-navigator';
import { RunHeader } from './run-header';
import { RunHelp } from './run-help';
import { RunNavigation } from './run-navigation';
import { RunSidebar } from './run-sidebar';
import { StartPanel } from './start-panel';

/** The test run page once its questions are loaded: header, sidebar, content, navigation, feedback. */
export function TestRun({ data, viewer, lang }: { data: RunData; viewer: SpeakingViewer; lang: Language }) {
  const run = useTestRun(data, viewer, lang);
  const mic = useMicPermission();
  const [askMic, setAskMic] = useState(false);
  const { state, current, flow } = run;
  const part = data.parts.find((p) => p.part === current.part);
  // The run fits the server: with no recogniser, answers are typed from question 1 (or heard by the
  // browser's own recognition) and the run starts without asking for the microphone.
  const health = useHealth();
  const typing = health.data ? asrEngineState(health.data) === 'none' : false;
  const browserRecognition = browserRecognitionConstructor() !== null;

  // A guest's feedback stays on screen until the guest leaves it (back to the test, or a link
  // elsewhere) or says "Done": only then the limitation modal, whose close goes where they were going.
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const { openGuestLimit } = run;
  const leaveFeedback = (to: string | null) => {
    setLeaveTo(to);
    openGuestLimit();
  };
  useLeaveGuard(!viewer.signedIn && state.showFeedback && !run.guestLimit, leaveFeedback);

  // "Granted continues automatically": a grant from the prompt or from browser settings starts the run.
  const { start } = run;
  useEffect(() => {
    if (askMic && mic.state === 'granted') {
      setAskMic(false);
      start();
    }
  }, [askMic, mic.state, start]);

  const onStart = () => {
    if (typing || mic.state === 'granted') return start();
    setAskMic(true);
  };

  return (
    <div
      className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 sm:py-8"
      data-testid="test-run"
      data-phase={state.phase}
    >
      <RunHeader
        title={data.test.test_name}
        level={data.level}
        startedAt={state.startedAt}
        finishedAt={state.finishedAt}
      />
      {state.showFeedback ? (
        <FeedbackView
          items={run.feedback.items}
          running={run.feedback.running}
          average={run.feedback.average}
          saveFailed={run.saveFailed}
          keptState={run.keptState}
          onSendKept={() => void run.sendKept()}
          signedIn={viewer.signedIn}
          official={viewer.official}
          onBack={viewer.signedIn ? () => run.showFeedback(false) : () => leaveFeedback(null)}
          onDone={viewer.signedIn ? undefined : () => leaveFeedback(null)}
        />
      ) : (
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-[17rem_1fr]">
          <RunSidebar
            number={current.runNumber}
            total={run.total}
            part={current.part}
            instructions={part?.instructions ?? ''}
            navigator={
              state.phase === 'ready' ? null : (
                <QuestionNavigator
                  questions={data.questions}
                  currentRun={current.runNumber}
                  answers={state.answers}
                  onSelect={run.select}
                />
              )
            }
          />
          <div className="flex min-w-0 flex-col gap-5">
            {state.phase === 'ready' ? (
              <StartPanel
                questions={run.total}
                typing={typing}
                browserRecognition={browserRecognition}
                onStart={onStart}
              />
            ) : (
              <QuestionContent
                run={run}
                questions={data.questions}
                levelId={data.levelId}
                signedIn={viewer.signedIn}
                typing={typing}
              />
            )}
            {state.phase === 'ready' ? null : (
              <RunNavigation
                warning={run.warning}
                unanswered={run.unanswered}
                last={state.index === run.total - 1}
                finished={run.finished}
                submitting={state.phase === 'submitting'}
                feedbackAvailable={run.feedback.items.length > 0}
                onPrevious={run.previous}
                onNext={run.next}
                onRestart={run.restart}
                onViewFeedback={() => run.showFeedback(true)}
              />
            )}
          </div>
        </div>
      )}
      {state.showFeedback ? null : <RunHelp />}
      {flow.clickToPlay && !state.showFeedback ? (
        <ClickToPlay onPlay={() => void flow.play()} onDismiss={flow.dismissClickToPlay} />
      ) : null}
      <MicPermissionModal
        open={askMic}
        state={mic.state}
        onAllow={() => void mic.request()}
        onClose={() => setAskMic(false)}
      />
      <NoAnswersModal open={run.noAnswers} onClose={run.closeNoAnswers} />
      <GuestLimitModal open={run.guestLimit} closeTo={leaveTo} />
    </div>
  );
}
