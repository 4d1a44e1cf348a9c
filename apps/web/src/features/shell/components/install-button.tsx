import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { ButtonProps } from '@/components/ui/button';
import { useInstall } from '../hooks/use-install';
import { DownloadIcon } from '@/components/ui/icons';
import type { InstallPlatform } from '../hooks/use-install';

/** Installs the app, or shows how to when the browser offers no prompt. Hidden once installed. */
export function InstallButton({
  onInstructions,
  ...props
}: ButtonProps & { onInstructions: (p: InstallPlatform) => void }) {
  const { t } = useTranslation();
  const { isInstalled, install } = useInstall();
  if (isInstalled) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      data-testid="install-button"
      onClick={async () => {
        const platform = await install();
        if (platform) onInstructions(platform);
      }}
      {...props}
    >
      <DownloadIcon className="h-4 w-4" />
      {t('header.install')}
    </Button>
  );
}
