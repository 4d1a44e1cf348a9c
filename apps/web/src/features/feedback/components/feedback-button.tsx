import { DropdownMenu } from 'radix-ui';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedbackType } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { useIsMobile } from '@/lib/use-media';
import { useModalOpener, useOpenFeedback } from '../hooks/use-open-feedback';
import { BugIcon, BulbIcon, ChatIcon, HeartIcon, SparkIcon, WechatIcon } from './icons';

interface Entry {
  key: 'bug' | 'feature' | 'ai' | 'thanks';
  type: FeedbackType;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const ENTRIES: readonly Entry[] = [
  { key: 'bug', type: 'bug', Icon: BugIcon },
  { key: 'feature', type: 'feature', Icon: BulbIcon },
  { key: 'ai', type: 'ai_feedback', Icon: SparkIcon },
  { key: 'thanks', type: 'praise', Icon: HeartIcon },
];

const item =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-sunken';

/**
 * The floating feedback button: bottom-right on desktop, above the bottom bar on phones (round and
 * label-less on phones and test pages); its menu
 * opens the feedback form with a type, or the WeChat contact (spec 000 §2).
 */
export function FeedbackButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('feedback');
  // On a test page the button is the small round one, so it stays clear of the run's record button.
  const mobile = useIsMobile() || compact;
  const openFeedback = useOpenFeedback();
  const opener = useModalOpener();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        data-testid="feedback-fab"
        aria-label={t('fab.label')}
        className={cn(
          'fixed right-4 z-30 flex h-12 items-center gap-2 rounded-full bg-brand px-4 text-on-brand shadow-lg',
          'hover:bg-brand-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
          mobile ? 'bottom-[calc(4.75rem+env(safe-area-inset-bottom))] w-12 justify-center px-0' : 'bottom-6',
        )}
      >
        <ChatIcon />
        {mobile ? null : <span className="text-sm font-medium">{t('fab.label')}</span>}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="end"
          sideOffset={8}
          className="modal-fade z-40 min-w-52 rounded-xl border border-line bg-surface-raised p-1 shadow-xl"
          data-testid="feedback-menu"
        >
          {ENTRIES.map(({ key, type, Icon }) => (
            <DropdownMenu.Item key={key} className={item} onSelect={() => openFeedback(type)}>
              <Icon className="text-ink-muted" />
              {t(`fab.${key}`)}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={item} onSelect={() => (opener ? opener('wechat') : openFeedback())}>
            <WechatIcon className="text-ink-muted" />
            {t('fab.wechat')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
