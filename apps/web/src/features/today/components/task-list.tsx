import { useTranslation } from 'react-i18next';
import type { TodayTask } from '@kouyu/core';
import { LocalLink } from '@/components/ui/local-link';
import { cn } from '@/components/ui/cn';

const TITLE = {
  review: 'today.tasks.review',
  speaking: 'today.tasks.speaking',
  hsk: 'today.tasks.hsk',
  dictation: 'today.tasks.dictation',
} as const;

/** Today's tasks, each a link to where it is done, with a tick once done. */
export function TaskList({ tasks }: { tasks: TodayTask[] }) {
  const { t } = useTranslation('today');
  return (
    <section aria-labelledby="today-tasks-title">
      <h3 id="today-tasks-title" className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
        {t('today.tasks.title')}
      </h3>
      <ul className="mt-2 grid gap-2">
        {tasks.map((task) => (
          <li key={task.kind}>
            <LocalLink
              to={task.href}
              data-testid={`today-task-${task.kind}`}
              data-done={task.done}
              className={cn(
                'flex items-center gap-3 rounded-xl border border-line px-3 py-3 hover:bg-surface-sunken',
                'focus-visible:outline-2 focus-visible:outline-brand',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'grid h-6 w-6 shrink-0 place-items-center rounded-full border text-sm',
                  task.done ? 'border-success bg-success text-white' : 'border-line',
                )}
              >
                {task.done ? '✓' : ''}
              </span>
              <span className={cn('flex-1', task.done && 'text-ink-muted line-through')}>
                {t(TITLE[task.kind])}
              </span>
              <span className="sr-only">{task.done ? t('today.tasks.done') : t('today.tasks.todo')}</span>
            </LocalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
