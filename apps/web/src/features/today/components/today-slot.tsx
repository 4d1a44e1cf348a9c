import { lazy, Suspense } from 'react';
import { i18n } from '@/lib/i18n';
import { loadQueryClient } from '@/lib/query';
import { cn } from '@/components/ui/cn';

// The panel, its dialog and its texts are a chunk of their own, and it waits for the query client
// (not in the home page's first load): the home page's first load stays the same.
const TodayPanel = lazy(async () => {
  const [mod] = await Promise.all([import('./today-panel'), i18n.loadNamespaces('today'), loadQueryClient()]);
  return { default: mod.TodayPanel };
});

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
