import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { durationParts } from '@kouyu/core';
import type { resultItemSchema } from '@kouyu/core';
import { LessonReviewView } from '../lesson-review/lesson-review-view';
import { HeldBackAnswer } from '../lesson-review/held-back-answer';
import { PlusNotice } from '../lesson-review/plus-notice';
import { answersByPart } from './result-answers';
import { Button } from './button';
import { AnswerRecording, referenceTextOf } from '../voice/answer-recording';

type ResultItem = z.infer<typeof resultItemSchema>;

const LEVEL_KEYS = { 1: 'levels.basic', 2: 'levels.intermediate', 3: 'levels.advanced' } as const;
const levelKey = (id: number) => (id === 1 || id === 2 || id === 3 ? LEVEL_KEYS[id] : null);

const TASKS = ['repeat', 'answer', 'open', 'picture', 'retell', 'read_aloud'] as const;
/** The name of a question's task; a type the page does not know is just "Question". */
const taskKey = (task: string | null | undefined) => TASKS.find((k) => k === task) ?? 'other';

/**
 * One saved run: test, mode, score, time, date; "view feedback" opens each answer with its feedback.
 * Shared by the learner's results and the admin's view of a learner (`answerLabel` names whose answer it is);
 * `ownRecordings` (the learner's own page) adds each kept recording's replay and tone picture.
 */
export function ResultItemCard({
  item,
  answerLabel,
  ownRecordings = false,
}: {
  item: ResultItem;
  answerLabel?: string;
  ownRecordings?: boolean;
}) {
  const { t, i18n } = useTranslation('results');
  const { t: tc } = useTranslation();
  // Hours, minutes and seconds (spec 000 §9); leading zero units are left out.
  const duration = (seconds: number | null) => {
    if (seconds === null) return '—';
    const p = durationParts(seconds);
    return p.h > 0 ? tc('duration.hms', p) : p.m > 0 ? tc('duration.ms', p) : tc('duration.s', p);
  };
  const [open, setOpen] = useState(false);
  const level = levelKey(item.level_id);
  const date = new Date(item.created_at);
  return (
    <article
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-4"
      data-testid="result-item"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">{item.test_name}</h2>
          <p className="text-sm text-ink-muted">
            {level ? t(level) : null}
            {' · '}
            {item.is_full_test || item.part_id === null ? t('fullTest') : t('part', { part: item.part_id })}
          </p>
        </div>
        <p className="text-2xl font-semibold text-brand" data-testid="result-score">
          {item.score === null ? '—' : item.score}
          <span className="sr-only"> {t('scoreLabel')}</span>
        </p>
      </header>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-muted">
        <div className="flex gap-1">
          <dt>{t('date')}:</dt>
          <dd>
            <time dateTime={item.created_at}>
              {Number.isNaN(date.getTime()) ? item.created_at : date.toLocaleString(i18n.language)}
            </time>
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('time')}:</dt>
          <dd>{duration(item.completed_time)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('answers')}:</dt>
          <dd>{item.answers.length}</dd>
        </div>
      </dl>
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        aria-expanded={open}
        aria-controls={`result-${item.id}-answers`}
        onClick={() => setOpen((o) => !o)}
        data-testid="view-result-feedback"
      >
        {open ? t('hideFeedback') : t('viewFeedback')}
      </Button>
      {open && item.answers.some((a) => a.review_locked) ? (
        // The server held the questions, answers and Plus parts back: one notice for the run, not one per answer.
        <PlusNotice access="plus_required" />
      ) : null}
      {open ? (
        <div id={`result-${item.id}-answers`} className="flex flex-col gap-4">
          {answersByPart(item.answers).map((group) => (
            <section
              key={group.part ?? 'any'}
              className="flex flex-col gap-3"
              data-testid="result-part"
              data-part={group.part ?? ''}
            >
              {group.part !== null ? (
                <h3 className="font-semibold">{t('partHeading', { part: group.part })}</h3>
              ) : null}
              <ol className="flex flex-col gap-3">
                {group.items.map(({ answer: a, runNumber }) => (
                  <li
                    key={`${a.question_id}-${a.question_number}`}
                    className="flex flex-col gap-2 rounded-xl bg-surface-sunken p-3"
                    data-testid="result-answer"
                  >
                    <div className="flex items-center justify-between gap-2">
                      <h4 className="font-semibold" data-testid="result-answer-name">
                        {group.part !== null
                          ? t('item', { part: group.part, task: t(`tasks.${taskKey(a.task)}`), n: runNumber })
                          : t('question', { n: runNumber })}
                      </h4>
                      {a.score !== null ? <span className="font-semibold text-brand">{a.score}</span> : null}
                    </div>
                    {a.review_locked ? (
                      <HeldBackAnswer
                        access="plus_required"
                        originalLabel={t('original')}
                        answerLabel={answerLabel ?? t('yourAnswer')}
                      />
                    ) : null}
                    {a.orig_answers ? (
                      <p className="text-sm">
                        <span className="text-ink-muted">{t('original')}: </span>
                        <span lang="zh-CN">{a.orig_answers}</span>
                      </p>
                    ) : null}
                    {a.user_answers !== null ? (
                      <p className="text-sm">
                        <span className="text-ink-muted">{answerLabel ?? t('yourAnswer')}: </span>
                        <span lang="zh-CN">{a.user_answers}</span>
                      </p>
                    ) : null}
                    {a.review ? (
                      <LessonReviewView review={a.review} />
                    ) : a.feedback_html ? (
                      // The server sanitises feedback_html before storing it; nothing else is rendered as HTML.
                      <div
                        className="text-sm leading-relaxed [&_h3]:mt-2 [&_h3]:font-semibold [&_h4]:font-semibold [&_li]:mb-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mb-2 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-5"
                        dangerouslySetInnerHTML={{ __html: a.feedback_html }}
                      />
                    ) : a.feedback ? (
                      <p className="whitespace-pre-wrap text-sm">{a.feedback}</p>
                    ) : (
                      <p className="text-sm text-ink-muted">{t('noFeedback')}</p>
                    )}
                    {/* The learner's own recording and tone picture; never on someone else's view of a result. */}
                    {ownRecordings && a.audio_id ? (
                      <AnswerRecording audioId={a.audio_id} toneText={referenceTextOf(a.review)} />
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      ) : null}
    </article>
  );
}
