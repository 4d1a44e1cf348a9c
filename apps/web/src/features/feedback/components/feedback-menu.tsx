import { DropdownMenu } from 'radix-ui';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedbackType } from '@kouyu/core';
import { useModalOpener, useOpenFeedback } from '../hooks/use-open-feedback';
import { FabContent, fabClass } from './feedback-button';
import { BugIcon, BulbIcon, HeartIcon, SparkIcon, WechatIcon } from './icons';

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

/** The feedback button's menu, loaded the first time the button is pressed. */
export function FeedbackMenu({ round, defaultOpen }: { round: boolean; defaultOpen: boolean }) {
  const { t } = useTranslation('feedback');
  const openFeedback = useOpenFeedback();
  const opener = useModalOpener();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        data-testid="feedback-fab"
        aria-label={t('fab.label')}
        className={fabClass(round)}
      >
        <FabContent round={round} />
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
