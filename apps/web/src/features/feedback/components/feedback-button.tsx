import { useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { DeferredTrigger, deferred, useDeferredMenu } from '@/components/ui/deferred-menu';
import { useClearOfPrimary } from '@/components/ui/use-clear-of-primary';
import { useIsMobile } from '@/lib/use-media';
import { ChatIcon } from './icons';

/** The button's look: `round` (label-less) on phones and test pages. Its place is the slot's. */
export function fabClass(round: boolean): string {
  return cn(
    'flex h-12 items-center gap-2 rounded-full bg-brand px-4 text-on-brand shadow-lg',
    'hover:bg-brand-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
    round && 'w-12 justify-center px-0',
  );
}

/**
 * Where the button floats: bottom-right, above the bottom bar on phones. It steps aside (hidden, out
 * of the tab order) while it would cover a primary action such as a test card's Start, the run's
 * Record or Next, and comes back once the page scrolls the action clear.
 */
function FabSlot({ round, children }: { round: boolean; children: ReactNode }) {
  const slot = useRef<HTMLDivElement>(null);
  const covering = useClearOfPrimary(slot, round ? 'above-bar' : 'corner');
  return (
    <div
      ref={slot}
      data-testid="feedback-slot"
      data-covering={covering ? '' : undefined}
      className={cn(
        'fixed right-4 z-30 transition-[opacity,visibility] duration-150',
        round ? 'bottom-[calc(4.75rem+env(safe-area-inset-bottom))]' : 'bottom-6',
        covering && 'invisible opacity-0',
      )}
    >
      {children}
    </div>
  );
}

export function FabContent({ round }: { round: boolean }) {
  const { t } = useTranslation('feedback');
  return (
    <>
      <ChatIcon />
      {round ? null : <span className="text-sm font-medium">{t('fab.label')}</span>}
    </>
  );
}

const menu = deferred(() => import('./feedback-menu').then((m) => m.FeedbackMenu));

/**
 * The floating feedback button (placed by `FabSlot`); its menu
 * opens the feedback form with a type, or the WeChat contact (spec 000 §2). The menu's code loads
 * when the button is first pressed (decision 017).
 */
export function FeedbackButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('feedback');
  // Round and label-less on phones and test pages: the slot's place, the look and the label follow it.
  const round = useIsMobile() || compact;
  const { Menu, defaultOpen, prefetch, open } = useDeferredMenu(menu);
  return (
    <FabSlot round={round}>
      {Menu ? (
        <Menu round={round} defaultOpen={defaultOpen} />
      ) : (
        <DeferredTrigger
          data-testid="feedback-fab"
          aria-label={t('fab.label')}
          className={fabClass(round)}
          prefetch={prefetch}
          open={open}
        >
          <FabContent round={round} />
        </DeferredTrigger>
      )}
    </FabSlot>
  );
}
