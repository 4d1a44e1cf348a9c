import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/use-online';

/**
 * The text of a failed load, or, when the device is offline, that it is offline: "could not be
 * loaded" reads like a fault of the site when the learner has simply lost the connection.
 */
export function OfflineOr({ text }: { text: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  return online ? text : <span data-testid="offline-state">{t('common.offline')}</span>;
}
