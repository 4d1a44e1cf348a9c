import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';
import { useLocalPath } from '@/components/ui/local-link';

const TABS = [
  { id: 'idioms', to: '/idioms', sample: '画蛇添足', sampleNote: 'huà shé tiān zú' },
  { id: 'dictation', to: '/dictation', sample: '听写', sampleNote: 'tīng xiě' },
] as const;

/** "Explore more": idioms and dictation tabs. */
export function ShowcaseModal({
  open,
  onClose,
}: {
  open: boolean;
  onClose: (opts?: { navigated?: boolean }) => void;
}) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const local = useLocalPath();
  return (
    <Modal open={open} onClose={onClose} title={t('showcase.title')} testId="showcase-modal">
      <Tabs.Root defaultValue="idioms">
        <Tabs.List
          className="mb-4 flex gap-1 rounded-xl bg-surface-sunken p-1"
          aria-label={t('showcase.title')}
        >
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.id}
              value={tab.id}
              className="flex-1 rounded-lg px-3 py-2 text-sm font-medium text-ink-muted focus-visible:outline-2 focus-visible:outline-brand data-[state=active]:bg-surface-raised data-[state=active]:text-ink data-[state=active]:shadow"
            >
              {t(`showcase.${tab.id}.tab`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Content key={tab.id} value={tab.id} className="focus-visible:outline-none">
            <div className="mb-4 rounded-xl bg-brand-soft p-5 text-center">
              <p className="font-cjk text-4xl font-semibold text-brand" lang="zh-CN">
                {tab.sample}
              </p>
              <p className="mt-1 text-sm text-ink-muted">{tab.sampleNote}</p>
            </div>
            <h3 className="text-lg font-semibold">{t(`showcase.${tab.id}.heading`)}</h3>
            <p className="mt-2 text-ink-muted">{t(`showcase.${tab.id}.body`)}</p>
            <Button
              className="mt-5 w-full"
              onClick={() => {
                navigate(local(tab.to));
                onClose({ navigated: true });
              }}
            >
              {t(`showcase.${tab.id}.cta`)}
            </Button>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Modal>
  );
}
