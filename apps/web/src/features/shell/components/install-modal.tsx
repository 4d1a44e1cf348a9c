import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';

const PLATFORMS = ['wechat', 'android', 'ios', 'desktop'] as const;

/** Browser-specific install instructions, shown when the browser offers no install prompt. */
export function InstallModal({
  open,
  onClose,
  platform,
}: {
  open: boolean;
  onClose: () => void;
  platform: string | undefined;
}) {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const key = PLATFORMS.find((p) => p === platform) ?? 'desktop';
  return (
    <Modal open={open} onClose={onClose} title={t('install.title')} size="sm" testId="install-modal">
      <p role="alert" className="text-ink">
        {t(`install.${key}`)}
      </p>
      <Button className="mt-6 w-full" onClick={onClose}>
        {tc('common.ok')}
      </Button>
    </Modal>
  );
}
