import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TodayResponse } from '@kouyu/core';
import { Button, buttonClass } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';
import { FlameIcon, SnowIcon } from './streak-icons';
import { useToday } from '../api/get-today';
import { GoalRing } from './goal-ring';
import { SettingsDialog } from './settings-dialog';
import { TaskList } from './task-list';

/** A day `YYYY-MM-DD` written for the reader's language (the day itself, no time zone shift). */
const readableDay = (day: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

function Summary({ data }: { data: TodayResponse }) {
  const { t, i18n } = useTranslation(['today', 'common']);
  const { goal, streak, exam } = data;
  const met = goal.done >= goal.target;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <div
        className="flex items-center gap-3"
        data-testid="today-goal"
        data-done={goal.done}
        data-target={goal.target}
      >
        <GoalRing done={goal.done} target={goal.target} />
        <div>
          <p className="text-sm text-ink-muted">{t('today.goal.title')}</p>
          <p className="text-lg font-semibold">
            {goal.kind === 'minutes'
              ? t('today.goal.progress_minutes', { done: goal.done, target: goal.target })
              : t('today.goal.progress_items', { done: goal.done, target: goal.target })}
          </p>
          {met ? <p className="text-sm text-success">{t('today.goal.met')}</p> : null}
        </div>
      </div>
      <div data-testid="today-streak" data-days={streak.days}>
        <p className="text-lg font-semibold">
          <FlameIcon className="mr-1 inline h-5 w-5 align-[-3px] text-brand" />
          {streak.days > 0 ? t('today.streak.days', { count: streak.days }) : t('today.streak.none')}
        </p>
        <p
          className="text-sm text-ink-muted"
          data-testid="today-freeze"
          data-available={streak.freeze_available}
        >
          <SnowIcon className="mr-1 inline h-4 w-4 align-[-2px]" />
          {streak.freeze_available ? t('today.streak.freeze_ready') : t('today.streak.freeze_used')}
        </p>
        {streak.frozen_days.length > 0 ? (
          <p className="text-sm text-ink-muted">
            {t('today.streak.frozen', {
              days: streak.frozen_days.map((d) => readableDay(d, i18n.language)).join(', '),
            })}
          </p>
        ) : null}
      </div>
      <div data-testid="today-exam">
        <p className="text-lg font-semibold">
          {exam === null
            ? t('today.exam.none')
            : exam.days_left === 0
              ? t('today.exam.today')
              : t('today.exam.days', { count: exam.days_left })}
        </p>
        {exam ? (
          <p className="text-sm text-ink-muted" data-testid="today-exam-which" data-syllabus={exam.syllabus}>
            {t('today.exam.which', { level: exam.level, syllabus: t(`common:syllabus.${exam.syllabus}`) })} ·{' '}
            {readableDay(exam.date, i18n.language)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The signed-in home's first block: today's goal, streak, exam countdown, due reviews and tasks. */
export function TodayPanel() {
  const { t, i18n } = useTranslation('today');
  const today = useToday();
  const [editing, setEditing] = useState(false);
  if (today.isPending)
    return <div className="h-48 animate-pulse rounded-2xl bg-surface-sunken" aria-busy="true" />;
  if (today.isError)
    return (
      <div role="alert" className="rounded-2xl border border-line p-4" data-testid="today-error">
        <p>{t('today.load_error')}</p>
        <Button className="mt-2" variant="secondary" size="sm" onClick={() => void today.refetch()}>
          {t('today.retry')}
        </Button>
      </div>
    );
  const data = today.data;
  return (
    <section
      className="rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-6"
      aria-labelledby="today-title"
      data-testid="today-panel"
      data-date={data.date}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="today-title" className="text-2xl font-bold">
            {t('today.title')}
          </h2>
          <p className="text-sm text-ink-muted">
            {t('today.date', { date: readableDay(data.date, i18n.language) })}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setEditing(true)}
          data-testid="today-settings-open"
        >
          {t('today.settings.open')}
        </Button>
      </div>
      <Summary data={data} />
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-brand-soft px-4 py-3">
        <p className="font-medium" data-testid="today-reviews-due" data-count={data.reviews_due}>
          {data.reviews_due > 0
            ? t('today.reviews.due', { count: data.reviews_due })
            : t('today.reviews.none')}
        </p>
        {data.reviews_due > 0 ? (
          <LocalLink to="/review" className={buttonClass('primary', 'sm')} data-testid="today-review-link">
            {t('today.reviews.open')}
          </LocalLink>
        ) : null}
      </div>
      <div className="mt-5">
        <TaskList tasks={data.tasks} />
      </div>
      {editing ? <SettingsDialog settings={data.settings} onClose={() => setEditing(false)} /> : null}
    </section>
  );
}
