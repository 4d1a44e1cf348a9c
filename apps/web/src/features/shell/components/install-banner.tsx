import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useModals } from '@/lib/modals';
import { useIsMobile } from '@/lib/use-media';
import { useInstall } from '../hooks/use-install';

/**
 * Install banner: mobile only, hidden when installed or running standalone, dismissible. `hidden` where
 * the page offers its own install button (the phone home): one install prompt at a time. It stays
 * mounted there, so a dismissal holds for the whole visit.
 */
export function InstallBanner({ hidden = false }: { hidden?: boolean }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const { open } = useModals();
  const { isInstalled, install } = useInstall();
  const [dismissed, setDismissed] = useState(false);
  if (!mobile || isInstalled || dismissed || hidden) return null;
  return (
    <div
      role="region"
      aria-label={t('install.banner')}
      data-testid="install-banner"
      className="flex items-center gap-3 bg-brand px-4 py-2 text-xs leading-snug text-on-brand"
    >
      <span className="line-clamp-2 flex-1">{t('install.banner')}</span>
      <Button
        size="sm"
        variant="secondary"
        className="shrink-0 whitespace-nowrap"
        onClick={async () => {
          const platform = await install();
          if (platform) open('install', { platform });
        }}
      >
        {t('install.short')}
      </Button>
      <button
        type="button"
        aria-label={t('common.close')}
        className="px-1 text-lg"
        onClick={() => setDismissed(true)}
      >
        ×
      </button>
    </div>
  );
}
