import { useTranslation } from 'react-i18next';
import { showUpgradePrompt } from '@kouyu/core';
import { buttonClass } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';
import { useSession } from '../hooks/use-session';

/** The header's Plus slot: an upgrade button for signed-in users without active Plus. */
export function PlusButton() {
  const { t } = useTranslation();
  const { signedIn, membership } = useSession();
  if (!signedIn || !showUpgradePrompt(membership)) return null;
  return (
    <LocalLink
      to="/plus"
      className={buttonClass('secondary', 'sm', 'whitespace-nowrap text-warning')}
      data-testid="plus-button"
    >
      {t('account.upgrade')}
    </LocalLink>
  );
}
