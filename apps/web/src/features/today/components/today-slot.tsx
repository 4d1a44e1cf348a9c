import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { cn } from '@/components/ui/cn';

// The panel, its dialog and its texts are a chunk of their own; like a page, it waits for every text of
// the language and for the query client, neither of which the home page's first load carries.
const TodayPanel = lazyPart(() => import('./today-panel'), 'TodayPanel');

/** Where the signed-in home opens: today's plan, loaded after the shell. */
export function TodaySlot({ mobile }: { mobile: boolean }) {
  return (
    <div className={cn(mobile ? 'px-4 pt-4' : 'mx-auto max-w-6xl px-4 pt-8')} data-testid="today-slot">
      <Suspense
        fallback={<div className="h-48 animate-pulse rounded-2xl bg-surface-sunken" aria-busy="true" />}
      >
        <TodayPanel />
      </Suspense>
    </div>
  );
}
