import { useTranslation } from 'react-i18next';
import type { TodayTask } from '@kouyu/core';
import { LocalLink } from '@/components/ui/local-link';
import { cn } from '@/components/ui/cn';

const TITLE = {
  review: 'today.tasks.review',
  words: 'today.tasks.words',
  speaking: 'today.tasks.speaking',
  hsk: 'today.tasks.hsk',
  dictation: 'today.tasks.dictation',
} as const;

/** "HSK 3.0 · 1" from the words task's link (`/vocabulary/1?syllabus=hsk3`). */
function wordsLevel(href: string): string {
  const m = /\/vocabulary\/([^?]+)\?syllabus=(hsk[23])/.exec(href);
  return m ? `${m[2] === 'hsk3' ? 'HSK 3.0' : 'HSK 2.0'} · HSK ${m[1]}` : '';
}

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
                {t(TITLE[task.kind], { level: wordsLevel(task.href) })}
                {task.words?.length ? (
                  <span
                    className="mt-1 flex flex-wrap gap-x-3 text-sm text-ink-muted"
                    data-testid="today-new-words"
                  >
                    {task.words.map((w) => (
                      <span key={w.simplified} data-testid="today-new-word">
                        <span lang="zh-CN" className="font-cjk text-base text-ink">
                          {w.simplified}
                        </span>{' '}
                        {w.pinyin}
                      </span>
                    ))}
                  </span>
                ) : null}
              </span>
              <span className="sr-only">{task.done ? t('today.tasks.done') : t('today.tasks.todo')}</span>
            </LocalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
