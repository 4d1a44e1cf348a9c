import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRACTICE_MODES, STORAGE_KEYS } from '@kouyu/core';
import type { PracticeMode } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useLang } from '@/components/ui/local-link';
import { ApiError } from '@/lib/api';
import { storage } from '@/lib/storage';
import { useAnswerPractice } from '../api/answer-practice';
import { useCategories } from '../api/get-categories';
import { usePracticeQuestion } from '../api/get-practice-question';
import { LoginNotice } from './login-prompt';
import { PracticeQuestion } from './practice-question';
import { PracticeSummary } from './practice-summary';

const selectClass =
  'h-10 rounded-lg border border-line bg-surface-raised px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand';

/**
 * Practice: choose the meaning, or fill the missing character. Answers are judged by the server;
 * signed-in answers become records counted in the summary. `useridiomrecordtried` remembers that
 * this browser has practised, so the introduction is not shown again and guests are invited to
 * keep their progress.
 */
export function PracticeTab({ viewerId }: { viewerId: number | null }) {
  const { t } = useTranslation(['idioms', 'common']);
  const language = useLang();
  const categories = useCategories(language);
  const [mode, setMode] = useState<PracticeMode>('meaning');
  const [category, setCategory] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [exclude, setExclude] = useState<number | null>(null);
  const [choice, setChoice] = useState<number | null>(null);
  const [tried, setTried] = useState(() => storage.get(STORAGE_KEYS.idiomRecordTried) === '1');
  const question = usePracticeQuestion({ mode, category, language, round, exclude });
  const answer = useAnswerPractice();

  const nextQuestion = () => {
    if (answer.data) setExclude(answer.data.data.idiom.id);
    answer.reset();
    setChoice(null);
    setRound((r) => r + 1);
  };
  const choose = (i: number) => {
    if (!question.data) return;
    setChoice(i);
    answer.mutate(
      { question_token: question.data.data.question_token, choice: i, save: viewerId !== null },
      {
        onSuccess: () => {
          storage.set(STORAGE_KEYS.idiomRecordTried, '1');
          setTried(true);
        },
        onError: () => setChoice(null),
      },
    );
  };

  return (
    <div className={cn('grid gap-6', viewerId !== null ? 'lg:grid-cols-[minmax(0,1fr)_20rem]' : 'max-w-3xl')}>
      <div className="flex flex-col gap-4">
        {!tried ? (
          <p className="rounded-xl bg-brand-soft/60 p-4 text-sm" data-testid="practice-intro">
            {t('practice.intro')}
          </p>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          <div
            role="group"
            aria-label={t('practice.mode')}
            className="flex gap-1 rounded-xl bg-surface-sunken p-1"
          >
            {PRACTICE_MODES.map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={mode === m}
                data-testid={`practice-mode-${m}`}
                onClick={() => {
                  setMode(m);
                  nextQuestion();
                }}
                className={cn(
                  'rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand',
                  mode === m ? 'bg-surface-raised text-ink shadow' : 'text-ink-muted',
                )}
              >
                {t(`modes.${m}`)}
              </button>
            ))}
          </div>
          <label className="flex flex-col gap-1 text-sm">
            {t('practice.category')}
            <select
              className={selectClass}
              value={category ?? ''}
              onChange={(e) => {
                setCategory(e.target.value || null);
                nextQuestion();
              }}
            >
              <option value="">{t('allCategories')}</option>
              {categories.data?.data.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        {question.isPending ? <p className="text-ink-muted">{t('common:common.loading')}</p> : null}
        {question.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-danger">
            {t('practice.failed')}
            <Button variant="secondary" size="sm" onClick={() => void question.refetch()}>
              {t('common:common.retry')}
            </Button>
          </p>
        ) : null}
        {question.data ? (
          <PracticeQuestion
            question={question.data.data}
            result={answer.data?.data ?? null}
            choosing={choice}
            onChoose={choose}
            onNext={nextQuestion}
          />
        ) : null}
        {answer.isError ? (
          <p
            role="alert"
            className="flex flex-wrap items-center gap-2 text-danger"
            data-testid="practice-error"
          >
            {t(`common:errors.${answer.error instanceof ApiError ? answer.error.code : 'internal'}`)}
            <Button variant="secondary" size="sm" onClick={nextQuestion}>
              {t('practice.next')}
            </Button>
          </p>
        ) : null}
        {viewerId === null && tried ? <LoginNotice reason="practice" testId="practice-login" /> : null}
      </div>
      {viewerId !== null ? <PracticeSummary viewerId={viewerId} /> : null}
    </div>
  );
}
