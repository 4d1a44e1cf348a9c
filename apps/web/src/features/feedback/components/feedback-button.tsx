import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { DeferredTrigger, deferred, useDeferredMenu } from '@/components/ui/deferred-menu';
import { useIsMobile } from '@/lib/use-media';
import { ChatIcon } from './icons';

/** Round and label-less on phones and test pages (there it stays clear of the run's record button). */
export function useFabClass(compact: boolean): string {
  const round = useIsMobile() || compact;
  return cn(
    'fixed right-4 z-30 flex h-12 items-center gap-2 rounded-full bg-brand px-4 text-on-brand shadow-lg',
    'hover:bg-brand-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
    round ? 'bottom-[calc(4.75rem+env(safe-area-inset-bottom))] w-12 justify-center px-0' : 'bottom-6',
  );
}

export function FabContent({ compact }: { compact: boolean }) {
  const { t } = useTranslation('feedback');
  const round = useIsMobile() || compact;
  return (
    <>
      <ChatIcon />
      {round ? null : <span className="text-sm font-medium">{t('fab.label')}</span>}
    </>
  );
}

const menu = deferred(() => import('./feedback-menu').then((m) => m.FeedbackMenu));

/**
 * The floating feedback button: bottom-right on desktop, above the bottom bar on phones; its menu
 * opens the feedback form with a type, or the WeChat contact (spec 000 §2). The menu's code loads
 * when the button is first pressed (decision 017).
 */
export function FeedbackButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('feedback');
  const className = useFabClass(compact);
  const { Menu, defaultOpen, prefetch, open } = useDeferredMenu(menu);
  if (Menu) return <Menu compact={compact} defaultOpen={defaultOpen} />;
  return (
    <DeferredTrigger
      data-testid="feedback-fab"
      aria-label={t('fab.label')}
      className={className}
      prefetch={prefetch}
      open={open}
    >
      <FabContent compact={compact} />
    </DeferredTrigger>
  );
}
