import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DICTATION_INTERVAL_DEFAULT_S, isDictationInterval, wordListIssue } from '@kouyu/core';
import type { DictationInterval, DictationSession, WordListIssue } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { useDictationPlayer } from '../hooks/use-dictation-player';
import { useViewer } from '../hooks/use-viewer';
import { HandwritingCheck } from './handwriting-check';
import { IntervalSelect } from './interval-select';
import { LevelCharactersPick } from './level-characters-pick';
import { PastSessions } from './past-sessions';
import { PlayerPanel } from './player-panel';
import { WordEntry } from './word-entry';

function Card({ title, children, testId }: { title?: string; children: ReactNode; testId?: string }) {
  return (
    <section
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-5"
      data-testid={testId}
    >
      {title ? <h2 className="text-lg font-semibold">{title}</h2> : null}
      {children}
    </section>
  );
}

/** `/{lang}/dictation`: words → spoken one by one → handwriting photo → analysis → saved session. */
export function DictationPage() {
  const { t } = useTranslation(['dictation', 'common']);
  const viewer = useViewer();
  const [words, setWords] = useState<string[]>([]);
  const [interval, setIntervalS] = useState<DictationInterval>(DICTATION_INTERVAL_DEFAULT_S);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [startIssue, setStartIssue] = useState<WordListIssue | null>(null);
  const player = useDictationPlayer(words, interval);
  const { phase } = player.state;
  const editable = phase === 'idle' || phase === 'complete' || phase === 'error';

  const start = () => {
    const issue = wordListIssue(words, viewer.limit);
    setStartIssue(issue);
    if (!issue) player.start();
  };

  const reuse = (session: DictationSession) => {
    player.stop();
    setWords(session.words);
    if (isDictationInterval(session.interval_s)) setIntervalS(session.interval_s);
    setSessionId(session.id);
    setStartIssue(null);
    window.scrollTo({ top: 0 });
  };

  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10"
      data-testid="dictation-page"
    >
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="text-ink-muted">{t('intro')}</p>
        {/* Said before the learner starts, not only when the photo is refused afterwards (spec 000 §6). */}
        {viewer.plus ? null : (
          <p className="text-sm text-ink-muted" data-testid="dictation-plus-notice">
            {t('plusCheckNotice')}
          </p>
        )}
      </header>

      <Card testId="dictation-setup">
        <WordEntry
          words={words}
          onChange={(next) => {
            setWords(next);
            setStartIssue(null);
            if (phase === 'complete') player.stop();
          }}
          viewer={viewer}
          disabled={!editable}
        />
        <LevelCharactersPick
          limit={viewer.limit}
          disabled={!editable}
          onPick={(next) => {
            setWords(next);
            setStartIssue(null);
            setSessionId(null);
            if (phase === 'complete') player.stop();
          }}
        />
        <div className="flex flex-col gap-4 border-t border-line pt-4 sm:flex-row sm:items-end sm:justify-between">
          <IntervalSelect value={interval} onChange={setIntervalS} disabled={!editable} />
          <PlayerPanel
            player={player}
            audio={player.audio}
            total={words.length}
            canStart={editable}
            onStart={start}
          />
        </div>
        {startIssue ? (
          <Alert tone="error" testId="start-error">
            {startIssue.key === 'too_many_words'
              ? t('common:errors.too_many_words', { limit: startIssue.limit })
              : t(`common:validation.${startIssue.key}`)}
          </Alert>
        ) : null}
        {sessionId !== null ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            {t('save.updating')}
            <Button variant="ghost" size="sm" onClick={() => setSessionId(null)}>
              {t('save.asNew')}
            </Button>
          </p>
        ) : null}
      </Card>

      {phase === 'complete' ? (
        <Card title={t('upload.heading')} testId="dictation-check">
          <HandwritingCheck
            words={words}
            intervalS={interval}
            viewer={viewer}
            sessionId={sessionId}
            onSaved={setSessionId}
          />
        </Card>
      ) : null}

      <Card title={t('past.heading')} testId="dictation-past">
        <PastSessions viewer={viewer} onReuse={reuse} />
      </Card>
    </div>
  );
}
