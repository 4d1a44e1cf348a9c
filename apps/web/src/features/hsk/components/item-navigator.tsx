import { useTranslation } from 'react-i18next';
import type { HskAnswerValue, HskItem, HskItemResult } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { isAnswered } from '../lib/blocks';

/** Links to every item, showing which are answered (or, once scored, which are right). */
export function ItemNavigator({
  items,
  answers,
  results,
}: {
  items: HskItem[];
  answers: Record<string, HskAnswerValue>;
  results: ReadonlyMap<string, HskItemResult> | null;
}) {
  const { t } = useTranslation('hsk');
  return (
    <nav aria-label={t('run.navigator')}>
      <ol className="flex flex-wrap gap-2">
        {items.map((item) => {
          const r = results?.get(item.id);
          const done = isAnswered(answers[item.id]);
          const state = r
            ? r.correct
              ? t('run.navCorrect')
              : t('run.navWrong')
            : done
              ? t('run.navAnswered')
              : t('run.navOpen');
          return (
            <li key={item.id}>
              <a
                href={`#item-${item.id}`}
                onClick={(e) => {
                  // The router owns the URL; scrolling to the item is all a jump needs.
                  e.preventDefault();
                  document
                    .getElementById(`item-${item.id}`)
                    ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                }}
                className={cn(
                  'flex h-9 w-9 items-center justify-center rounded-lg border text-sm font-medium',
                  'focus-visible:outline-2 focus-visible:outline-brand',
                  r
                    ? r.correct
                      ? 'border-success bg-success/15 text-success'
                      : 'border-danger bg-danger/15 text-danger'
                    : done
                      ? 'border-brand bg-brand-soft text-brand'
                      : 'border-line bg-surface-raised',
                )}
                aria-label={`${t('item.number', { n: item.number })}: ${state}`}
              >
                {item.number}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
